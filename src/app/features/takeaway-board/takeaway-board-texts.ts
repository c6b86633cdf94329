import type { TakeawayOrder, TakeawayOrderStatus } from '../../../shared/schemas/takeaway.ts';
import { plural, type DeclineAllTexts } from '../../staff/index.ts';

/**
 * The kitchen board's texts (/dashboard/takeaway). In Italian only (staff
 * screens are Italian; these texts are not in the public locale files),
 * fixed word for word: tests assert them.
 */
export const BOARD_TEXTS = {
  title: 'Asporto',
  intro: 'Gli ordini da asporto del giorno per orario di ritiro. Si aggiorna da solo.',
  loading: 'Caricamento degli ordini…',
  loadFailed: 'Impossibile caricare gli ordini.',
  stale: 'Aggiornamento non riuscito: riprovo tra poco.',
  day: 'Giorno',
  dayNav: 'Giorno mostrato',
  today: 'Oggi',
  previousDay: 'Giorno prima',
  nextDay: 'Giorno dopo',
  newTitle: 'Nuovi ordini',
  ordersTitle: 'Ordini del giorno',
  empty: 'Nessun ordine per questo giorno.',
  allNew: 'Gli ordini di questo giorno sono tutti tra i nuovi, qui sopra.',
  loadsTitle: 'Carico per fascia',
  loadsLabel: 'Carico di ogni fascia di ritiro',
  noSlots: 'Nessuna fascia di ritiro in questo giorno (chiuso).',
  noLoad: 'Nessuna fascia ha ancora ordini da preparare.',
  everySlot: (count: number) => `Mostra tutte le ${count} fasce`,
  slotLoad: (
    time: string,
    oven: number,
    ovenLimit: number,
    kitchen: number,
    kitchenLimit: number,
  ) => `${time} forno ${oven}/${ovenLimit} · cucina ${kitchen}/${kitchenLimit}`,
  full: 'piena',
  open: 'Apri',
  moreActions: 'Altre azioni',
  changeDay: 'Cambia giorno',
  pauseClosed: 'Pausa ordini',
  pauseOn: 'Ordini in pausa',
  opened: (name: string) => `Ordine di ${name} aperto.`,
  callLabel: (name: string, phone: string) => `Chiama ${name}: ${phone}`,
  notes: 'Note',
  lang: 'Lingua',
  staffMessage: 'Messaggio al cliente',
  total: 'Totale',
  pickupOn: (day: string) => `ritiro ${day}`,
  linesLabel: (name: string) => `Piatti di ${name}`,
  actionsFor: (name: string) => `Azioni per l'ordine di ${name}`,
  source: { online: 'online', phone: 'telefono' } as Record<TakeawayOrder['source'], string>,
  status: {
    received: 'Da confermare',
    accepted: 'Accettato',
    ready: 'Pronto',
    collected: 'Ritirato',
    declined: 'Rifiutato',
    cancelled: 'Annullato',
    'no-show': 'Non ritirato',
  } satisfies Record<TakeawayOrderStatus, string>,
} as const;

/** The actions on an order, and what each says once done. */
export const ACTION_TEXTS = {
  accept: 'Accetta',
  acceptAt: (time: string) => `Accetta alle ${time}`,
  newTime: 'Orario di ritiro',
  move: 'Sposta',
  ready: 'Pronto',
  collected: 'Ritirato',
  decline: 'Rifiuta',
  declineQuestion: (name: string) => `Rifiutare l'ordine di ${name}?`,
  declineYes: 'Sì, rifiuta',
  declineMessage: 'Messaggio al cliente (consigliato)',
  declineHint: 'Arriva al cliente nella mail, così com’è scritto.',
  noShow: 'Non ritirato',
  noShowQuestion: (name: string) => `${name} non è passato a ritirare?`,
  noShowYes: 'Sì, non ritirato',
  cancel: 'Annulla',
  cancelQuestion: (name: string) => `Annullare l'ordine di ${name}?`,
  cancelYes: 'Sì, annulla',
  back: 'Indietro',
  done: {
    accepted: (name: string) => `Ordine di ${name} accettato.`,
    moved: (name: string, time: string) => `Ordine di ${name} spostato alle ${time}.`,
    ready: (name: string) => `Ordine di ${name} pronto.`,
    collected: (name: string) => `Ordine di ${name} ritirato.`,
    declined: (name: string) => `Ordine di ${name} rifiutato.`,
    cancelled: (name: string) => `Ordine di ${name} annullato.`,
    'no-show': (name: string) => `Ordine di ${name} segnato come non ritirato.`,
  },
  changedMeanwhile: (name: string) =>
    `L'ordine di ${name} è cambiato nel frattempo: ecco com'è ora.`,
  notASlot: (time: string) => `Le ${time} non sono un orario di ritiro.`,
  slotFull: (next: string | null) =>
    next
      ? `La fascia è piena: il primo orario libero è alle ${next}.`
      : 'La fascia è piena e dopo non ci sono orari liberi.',
} as const;

/** The sound and the screen kept awake. */
export const SOUND_TEXTS = {
  sound: 'Suono',
  enableHint: 'Il browser suona solo dopo un tocco: toccare una volta per sentire i nuovi ordini.',
  onHint: 'Suono attivo per i nuovi ordini: toccare per silenziarlo.',
  mutedHint: 'Suono disattivato: toccare per riattivarlo.',
  unavailable: 'Questo browser non può suonare.',
  ringing: (count: number) => (count === 1 ? '1 ordine nuovo' : `${count} ordini nuovi`),
} as const;

/** The pause of online orders. */
export const PAUSE_TEXTS = {
  title: 'Forno pieno: pausa ordini online',
  minutes: 'Durata della pausa',
  minutesOption: (minutes: number) => `${minutes} minuti`,
  pause: 'Metti in pausa',
  paused: (minutes: number) => `Ordini online in pausa per ${minutes} minuti.`,
  pausedFor: (left: string) => `Ordini online in pausa: riprendono tra ${left}.`,
  resume: 'Riprendi ora',
  resumed: 'Ordini online ripresi.',
  running: 'Gli ordini online sono aperti.',
} as const;

/** Minutes the pause may last, as the switch offers them. */
export const PAUSE_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** The printable kitchen ticket. */
export const TICKET_TEXTS = {
  print: 'Stampa',
  paper: 'Carta dei biglietti',
  receipt: 'Scontrino 80 mm',
  a4: 'Foglio A4',
  printLabel: (name: string) => `Stampa il biglietto dell'ordine di ${name}`,
  order: (id: number) => `Ordine n. ${id}`,
  pickup: 'Ritiro',
  payAtPickup: 'Pagamento al ritiro',
} as const;

/** The owner's settings. */
export const SETTINGS_TEXTS = {
  title: 'Impostazioni dell’asporto',
  intro: 'Solo il titolare. I limiti contano i pezzi che forno e cucina fanno in una fascia.',
  enabled: 'Asporto online attivo',
  enabledHint: 'Spento, la pagina dell’asporto e i suoi collegamenti spariscono dal sito.',
  slotMinutes: 'Intervallo tra i ritiri (minuti)',
  oven: 'Forno: pezzi per fascia',
  kitchen: 'Cucina: pezzi per fascia',
  prepMinutes: 'Tempo di preparazione (minuti)',
  horizonDays: 'Ordinabile fino a (giorni)',
  defaultIs: (value: number) => `Predefinito: ${value}.`,
  fix: 'Da correggere:',
  save: 'Salva impostazioni',
  saving: 'Salvataggio…',
  saved: 'Impostazioni dell’asporto salvate.',
  unsaved: 'Modifiche non ancora salvate.',
} as const;

/** The order taken by phone. */
export const PHONE_ORDER_TEXTS = {
  open: 'Ordine telefonico',
  title: 'Ordine telefonico',
  dishes: 'Piatti e quantità',
  menuLoading: 'Caricamento del menu…',
  menuFailed: 'Impossibile caricare il menu.',
  name: 'Nome',
  phone: 'Telefono',
  email: 'E-mail (facoltativa)',
  lang: 'Lingua del cliente',
  date: 'Giorno di ritiro',
  time: 'Orario di ritiro',
  asap: 'Prima possibile',
  fullTime: (time: string) => `${time} (piena)`,
  notes: 'Note',
  fix: 'Da correggere:',
  problems: {
    items: 'Scegliere almeno un piatto (al massimo 50 per piatto, 100 in tutto).',
    name: 'Nome: obbligatorio.',
    phone: 'Telefono: un numero valido.',
    email: 'E-mail: un indirizzo valido, oppure vuota.',
    pickup: 'Giorno e orario di ritiro: da scegliere.',
    notes: 'Note: al massimo 500 caratteri.',
  },
  forceQuestion: (next: string | null) =>
    next
      ? `La fascia è piena: forzare? (il primo orario libero è alle ${next})`
      : 'La fascia è piena: forzare?',
  force: 'Sì, forza',
  back: 'Indietro',
  submit: 'Registra ordine',
  sending: 'Invio…',
  close: 'Chiudi',
  added: (name: string, time: string) => `Ordine di ${name} registrato, ritiro alle ${time}.`,
  itemUnavailable: 'Un piatto non è più ordinabile (esaurito o non da asporto).',
  notASlot: 'Non è un orario di ritiro: scegliere un altro orario.',
} as const;

/** "Rifiuta tutte": every order still waiting of one guest, or one connection, at once. */
export const DECLINE_ALL_TEXTS: DeclineAllTexts = {
  declineAll: 'Rifiuta tutte le ordinazioni in attesa di questo cliente',
  declineAllBy: 'Quali ordinazioni',
  declineAllByEmail: (email: string) => `Con l’email ${email}`,
  declineAllByPhone: (phone: string) => `Con il telefono ${phone}`,
  declineAllByAddress: 'Dalla stessa connessione internet',
  declineAllCounting: 'Conto le ordinazioni in attesa...',
  declineAllQuestion: (count: number) =>
    count === 0
      ? 'Nessuna ordinazione in attesa da rifiutare.'
      : `Rifiutare ${plural(count, 'ordinazione in attesa', 'ordinazioni in attesa')}? Ogni cliente riceve una sola email con l’elenco.`,
  declineAllYes: (count: number) =>
    count === 1 ? 'Sì, rifiuta l’ordinazione' : `Sì, rifiuta tutte e ${count}`,
  declineAllDone: (count: number) =>
    count === 1 ? '1 ordinazione rifiutata.' : `${count} ordinazioni rifiutate.`,
  declineMessage: 'Messaggio al cliente (facoltativo)',
  back: 'Indietro',
};
