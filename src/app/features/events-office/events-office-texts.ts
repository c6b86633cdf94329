import { LANGUAGE_NAMES_IT, type Lang } from '../../../shared/languages.ts';
import { EVENT_SERVICE_LABELS, type EventStatus } from '../../../shared/schemas/events.ts';
import { persons, plural, type DeclineAllTexts } from '../../staff/index.ts';

/**
 * The back office's "Eventi" (/dashboard/events). In Italian only (staff
 * screens are Italian; these texts are not in the public locale files),
 * fixed word for word: tests assert them.
 */

const daysAgo = (days: number) => (days === 0 ? 'oggi' : days === 1 ? 'ieri' : `${days} giorni fa`);

export const EVENTS_TEXTS = {
  title: 'Eventi',
  intro:
    'Le richieste di battesimi, comunioni, matrimoni e altri eventi arrivate dalla pagina Eventi del sito. Rispondi in italiano: l’ospite riceve la risposta nella sua lingua.',
  loading: 'Caricamento delle richieste…',
  loadFailed: 'Impossibile caricare le richieste.',
  retry: 'Riprova',

  statusesLabel: 'Richieste per stato',
  status: {
    new: 'Nuove',
    talking: 'In trattativa',
    confirmed: 'Confermate',
    lost: 'Perse',
  } satisfies Record<EventStatus, string>,
  /** One request's status, as its badge says it. */
  statusOne: {
    new: 'Nuova',
    talking: 'In trattativa',
    confirmed: 'Confermata',
    lost: 'Persa',
  } satisfies Record<EventStatus, string>,
  empty: {
    new: 'Nessuna richiesta nuova.',
    talking: 'Nessuna richiesta in trattativa.',
    confirmed: 'Nessun evento confermato.',
    lost: 'Nessuna richiesta persa.',
  } satisfies Record<EventStatus, string>,
  listLabel: (status: string) => `Richieste: ${status.toLowerCase()}`,
  backToList: 'Tutte le richieste',
  notFound: 'Questa richiesta non c’è più.',

  headline: (kind: string, date: string) => `${kind} · ${date}`,
  persons,
  guests: (adults: number, children: number) =>
    children === 0
      ? plural(adults, 'adulto', 'adulti')
      : `${plural(adults, 'adulto', 'adulti')} e ${plural(children, 'bambino', 'bambini')}`,
  lastReply: (days: number) => `Ultima risposta ${daysAgo(days)}`,
  noReply: (days: number) => `Nessuna risposta, arrivata ${daysAgo(days)}`,

  details: 'Dettagli',
  date: 'Data',
  altDate: 'Seconda scelta',
  service: EVENT_SERVICE_LABELS,
  serviceLabel: 'Servizio',
  guestsLabel: 'Ospiti',
  area: {
    terrace: 'In terrazza',
    indoor: 'In sala',
    whole: 'Tutto il ristorante',
    any: 'Nessuna preferenza',
  } as const,
  areaLabel: 'Dove',
  budget: 'Budget a persona',
  noBudget: 'Non indicato',
  allergens: 'Allergeni da evitare',
  noAllergens: 'Nessuno',
  dietaryNotes: 'Esigenze alimentari',
  notes: 'Note',
  name: 'Nome',
  phone: 'Telefono',
  callLabel: (name: string, phone: string) => `Chiama ${name} al ${phone}`,
  email: 'E-mail',
  guestLang: 'Lingua dell’ospite',
  received: 'Arrivata',
  held: 'Coperti tenuti',
  heldCovers: (hold: number | 'all') =>
    hold === 'all' ? 'Tutto il locale' : plural(hold, 'coperto', 'coperti'),

  thread: 'Conversazione',
  noMessages: 'Ancora nessun messaggio.',
  fromGuest: 'Ospite',
  fromStaff: 'Risposta del ristorante',
  guestReceived: (lang: Lang) => `L’ospite ha ricevuto (in ${LANGUAGE_NAMES_IT[lang]}):`,

  replyTitle: 'Rispondi',
  replyLabel: 'Risposta in italiano',
  replyHint: (lang: Lang) =>
    lang === 'it'
      ? 'L’ospite la riceve per e-mail così com’è.'
      : `L’ospite la riceve per e-mail in ${LANGUAGE_NAMES_IT[lang]}, con l’italiano sotto. Guarda prima l’anteprima della traduzione.`,
  preview: 'Anteprima traduzione',
  previewing: 'Traduzione in corso…',
  previewAgain: 'Aggiorna l’anteprima',
  translationLabel: (lang: Lang) => `Traduzione in ${LANGUAGE_NAMES_IT[lang]} (modificabile)`,
  translationHint: 'Correggila se serve: l’ospite riceve questo testo.',
  unavailable: (lang: Lang) =>
    `La traduzione automatica non è disponibile in questo momento. Scrivi tu la traduzione in ${LANGUAGE_NAMES_IT[lang]} qui sotto, oppure riprova più tardi.`,
  send: 'Invia',
  sending: 'Invio…',
  sent: (name: string) => `Risposta inviata a ${name}.`,
  noText: 'Scrivi la risposta in italiano.',
  previewFirst: 'Prima guarda l’anteprima della traduzione.',
  stale: 'Hai cambiato la risposta dopo l’anteprima: chiedi di nuovo l’anteprima prima di inviare.',
  noTranslation: 'Scrivi la traduzione.',

  actionsFor: (name: string) => `Azioni per la richiesta di ${name}`,
  toTalking: 'In trattativa',
  movedToTalking: (name: string) => `La richiesta di ${name} è in trattativa.`,
  confirm: 'Conferma…',
  changeHold: 'Cambia i coperti tenuti…',
  lose: 'Persa',
  loseQuestion: (name: string) =>
    `Segnare come persa la richiesta di ${name}? I coperti tenuti tornano liberi.`,
  loseYes: 'Sì, persa',
  talkingQuestion: (name: string) =>
    `Riportare in trattativa la richiesta di ${name}? I coperti tenuti tornano liberi.`,
  talkingYes: 'Sì, in trattativa',
  lost: (name: string) => `La richiesta di ${name} è segnata come persa.`,
  reopen: 'Riapri',
  reopened: (name: string) => `La richiesta di ${name} è di nuovo aperta.`,
  back: 'Annulla',
  fix: 'Da correggere:',

  holdTitle: 'Quanti coperti tenere?',
  holdHint: (service: 'lunch' | 'dinner') =>
    `Le prenotazioni online di ${service === 'lunch' ? 'quel pranzo' : 'quella cena'} terranno conto di questi coperti.`,
  holdCovers: 'Coperti',
  holdWhole: 'Tutto il locale',
  holdNumberLabel: 'Numero di coperti',
  holdNumberHint: (guests: number) => `Gli ospiti della richiesta sono ${guests}.`,
  holdInvalid: 'Scrivi un numero di coperti da 0 a 1000.',
  holdAreaLabel: 'Dove tenere i tavoli',
  holdAnywhere: 'In qualunque area',
  holdAreaHint: 'I tavoli che servono a questi coperti si prendono in quest’area della sala.',
  confirmYes: 'Conferma e tieni i coperti',
  saveHold: 'Salva i coperti',
  saving: 'Salvataggio…',
  confirmed: (name: string) => `Evento di ${name} confermato.`,
  holdSaved: 'Coperti tenuti aggiornati.',
} as const;

/** "Rifiuta tutte": every open request of one guest, or one connection, set lost at once. */
export const DECLINE_ALL_TEXTS: DeclineAllTexts = {
  declineAll: 'Rifiuta tutte le richieste in attesa di questo cliente',
  declineAllBy: 'Quali richieste',
  declineAllByEmail: (email: string) => `Con l’email ${email}`,
  declineAllByPhone: (phone: string) => `Con il telefono ${phone}`,
  declineAllByAddress: 'Dalla stessa connessione internet',
  declineAllCounting: 'Conto le richieste in attesa...',
  declineAllQuestion: (count: number) =>
    count === 0
      ? 'Nessuna richiesta in attesa da rifiutare.'
      : `Rifiutare ${plural(count, 'richiesta in attesa', 'richieste in attesa')}? Diventano perse, e ogni cliente riceve una sola email con l’elenco.`,
  declineAllYes: (count: number) =>
    count === 1 ? 'Sì, rifiuta la richiesta' : `Sì, rifiuta tutte e ${count}`,
  declineAllDone: (count: number) =>
    count === 1 ? '1 richiesta rifiutata.' : `${count} richieste rifiutate.`,
  declineMessage: 'Messaggio al cliente (facoltativo)',
  back: 'Indietro',
};
