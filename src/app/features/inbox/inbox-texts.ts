/**
 * The inbox's texts, in Italian like every staff text, in the dashboard's
 * voice.
 */
export const INBOX_TEXTS = {
  title: 'Messaggi',
  unread: (count: number) => (count === 1 ? '1 nuovo' : `${count} nuovi`),
  intro: 'I messaggi che i visitatori ti scrivono dalla pagina Contatti, dal più recente.',
  reload: 'Ricarica',
  reloading: 'Caricamento...',
  loading: 'Caricamento messaggi...',
  loadFailed: 'Impossibile caricare i messaggi.',
  empty: 'Nessun messaggio.',
  listLabel: 'Messaggi ricevuti',
  newBadge: 'Nuovo',
  noName: 'Senza nome',

  email: 'Email',
  date: 'Ricevuto',
  lang: 'Lingua della pagina',
  message: 'Messaggio',
  delivery: 'Inoltro all’email del ristorante',
  lastError: (error: string) => `Ultimo errore: ${error}`,

  reply: 'Rispondi via email',
  replySubject: (restaurant: string | undefined) =>
    restaurant ? `Re: il tuo messaggio a ${restaurant}` : 'Re: il tuo messaggio',
  replyGreeting: (firstName: string) => (firstName ? `Gentile ${firstName},\n\n` : ''),
  markRead: 'Segna come letto',
  markUnread: 'Segna come da leggere',

  sent: 'Inviato',
  pending: (attempts: number) => `In attesa di invio (tentativi: ${attempts})`,
  failed: 'Invio non riuscito',
  unknownDelivery: 'Stato dell’invio sconosciuto',
} as const;
