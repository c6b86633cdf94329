import {
  PARTY_MAX,
  type Reservation,
  type ReservationStatus,
} from '../../../shared/schemas/reservations.ts';
import { GUEST_NOTES_MAX } from '../../../shared/schemas/guest.ts';
import { EVENT_SERVICE_LABELS, type EventService } from '../../../shared/schemas/events.ts';
import { persons, plural } from '../../staff/index.ts';
import { DAY_NAVIGATOR_TEXTS } from '../../staff-kit/index.ts';

/** "Giulia Bianchi (4 persone, 20:00)": which booking a question is about. */
const which = (booking: Pick<Reservation, 'name' | 'party' | 'time'>) =>
  `${booking.name} (${persons(booking.party)}, ${booking.time})`;

/** The reservations section's texts: staff screens are in Italian, in the back office's voice. */
export const RESERVATIONS_TEXTS = {
  title: 'Prenotazioni',
  intro:
    'Le prenotazioni di un giorno: conferma o rifiuta quelle in attesa, aggiungi quelle prese al telefono.',
  ownerOnlyNote: 'Solo il titolare cambia le impostazioni delle prenotazioni.',
  loading: 'Caricamento prenotazioni...',
  loadFailed: 'Impossibile caricare le prenotazioni.',
  retry: 'Riprova',

  ...DAY_NAVIGATOR_TEXTS,
  daySummary: (bookings: number, covers: number) =>
    `${plural(bookings, 'prenotazione', 'prenotazioni')} · ${plural(covers, 'coperto', 'coperti')}`,
  daySummaryHint: 'In attesa e confermate.',

  occupancy: 'Coperti per fascia',
  slotsLabel: 'Coperti in ogni fascia',
  occupancyHint: (turnMinutes: number) =>
    `Le persone a tavola in ogni fascia di 15 minuti, contando le prenotazioni in attesa e confermate per tutto il turno (${turnMinutes} minuti).`,
  occupancyFailed: 'Impossibile caricare i coperti per fascia.',
  noSlots: 'Nessuna fascia in questa data: il locale è chiuso.',
  peak: (covers: number, capacity: number, time: string) =>
    `al massimo ${covers}/${capacity} alle ${time}`,
  fullAt: (times: string[]) => `pieno alle ${times.join(', ')}`,
  /** Held covers are an event's, said apart from the seated ones. */
  slot: (time: string, covers: number, held: number, capacity: number) =>
    held > 0
      ? `${time} · ${covers} + ${held} tenuti/${capacity}`
      : `${time} · ${covers}/${capacity}`,
  heldHint: 'I coperti tenuti sono quelli degli eventi confermati.',
  eventsTitle: 'Eventi del giorno',
  /** "Matrimonio · cena · 60 persone · 60 coperti tenuti" (or "tutto il locale"). */
  eventLine: (kind: string, service: string, guests: number, hold: number | 'all') =>
    [
      kind,
      EVENT_SERVICE_LABELS[service as EventService],
      persons(guests),
      hold === 'all' ? 'tutto il locale' : `${plural(hold, 'coperto tenuto', 'coperti tenuti')}`,
    ].join(' · '),
  full: 'pieno',
  overCapacitySlot: 'oltre la capienza',

  pendingTitle: 'Da confermare',
  othersTitle: 'Prenotazioni del giorno',
  empty: 'Nessuna prenotazione in questo giorno.',
  noOthers: 'Nessun’altra prenotazione in questo giorno.',
  persons,
  status: {
    pending: 'In attesa',
    confirmed: 'Confermata',
    declined: 'Rifiutata',
    cancelled: 'Annullata',
    'no-show': 'Non presentato',
    arrived: 'Arrivati',
    seated: 'Al tavolo',
    finished: 'Hanno finito',
  } satisfies Record<ReservationStatus, string>,
  source: { online: 'Online', staff: 'Al telefono', 'walk-in': 'Senza prenotazione' } as const,
  overCapacity: 'Oltre la capienza',
  tables: 'Tavoli',
  tableOf: (id: number) => `n. ${id}`,
  conflict: 'Conflitto di tavolo',
  arrived: 'Arrivati',
  seated: 'Al tavolo',
  finished: 'Hanno finito',
  stepDone: (name: string, step: string) => `${name}: ${step.toLowerCase()}.`,
  phone: 'Telefono',
  callLabel: (name: string, phone: string) => `Chiama ${name}: ${phone}`,
  email: 'Email',
  noEmail: 'nessuna',
  /** A walk-in who gave none, or a booking retention anonymised. */
  noPhone: 'nessuno',
  notes: 'Note',
  guestLang: 'Lingua delle email',
  staffMessage: 'Messaggio al cliente',
  received: 'Ricevuta',
  actionsFor: (name: string) => `Azioni per la prenotazione di ${name}`,
  back: 'Indietro',

  confirm: 'Conferma',
  confirmQuestion: (booking: Reservation) =>
    `Confermare la prenotazione di ${which(booking)}?${booking.email ? ' Il cliente riceve la conferma per email.' : ''}`,
  confirmYes: 'Sì, conferma',
  confirmed: (name: string) => `Prenotazione di ${name} confermata.`,
  decline: 'Rifiuta',
  declineQuestion: (booking: Reservation) => `Rifiutare la prenotazione di ${which(booking)}?`,
  declineYes: 'Sì, rifiuta',
  declineMessage: 'Messaggio al cliente (facoltativo)',
  declineMessageHint:
    'Arriva nell’email così come lo scrivi: se il cliente non parla italiano, scrivilo nella sua lingua.',
  declineNoEmail: 'Il cliente non ha lasciato l’email: avvisalo tu al telefono.',
  declined: (name: string) => `Prenotazione di ${name} rifiutata.`,
  declineAll: 'Rifiuta tutte le richieste in attesa di questo ospite',
  declineAllBy: 'Quali richieste',
  declineAllByEmail: (email: string) => `Con l’email ${email}`,
  declineAllByPhone: (phone: string) => `Con il telefono ${phone}`,
  declineAllByAddress: 'Dalla stessa connessione internet',
  declineAllCounting: 'Conto le richieste in attesa...',
  declineAllQuestion: (count: number) =>
    count === 0
      ? 'Nessuna richiesta in attesa da rifiutare.'
      : `Rifiutare ${plural(count, 'richiesta in attesa', 'richieste in attesa')}? Ogni ospite riceve una sola email con l’elenco.`,
  declineAllYes: (count: number) =>
    count === 1 ? 'Sì, rifiuta la richiesta' : `Sì, rifiuta tutte e ${count}`,
  declineAllDone: (count: number) =>
    count === 1 ? '1 richiesta rifiutata.' : `${count} richieste rifiutate.`,
  noShow: 'Non presentato',
  noShowQuestion: (booking: Reservation) => `Segnare ${which(booking)} come non presentato?`,
  noShowYes: 'Sì, non è venuto',
  noShowDone: (name: string) => `${name} segnato come non presentato.`,
  cancel: 'Annulla',
  cancelQuestion: (booking: Reservation) =>
    `Annullare la prenotazione di ${which(booking)}?${booking.email ? ' Il cliente riceve un’email di annullamento.' : ''}`,
  cancelYes: 'Sì, annulla',
  cancelled: (name: string) => `Prenotazione di ${name} annullata.`,
  changedMeanwhile: (name: string) =>
    `La prenotazione di ${name} è cambiata nel frattempo (un collega o il cliente stesso): ecco com’è adesso.`,
} as const;

/** The phone booking form. */
export const BOOKING_FORM_TEXTS = {
  open: 'Aggiungi prenotazione',
  title: 'Prenotazione al telefono',
  intro:
    'È confermata subito. Con l’email, il cliente riceve conferma e promemoria nella sua lingua.',
  name: 'Nome',
  phone: 'Telefono',
  email: 'Email',
  optional: '(facoltativa)',
  optionalNotes: '(facoltative)',
  party: 'Persone',
  date: 'Data',
  time: 'Ora',
  chooseTime: 'Scegli l’ora',
  loadingTimes: 'Caricamento orari...',
  closedDay: 'Chiuso in questa data',
  closedHint: 'In questa data il locale è chiuso: scegli un altro giorno.',
  timesFailed: 'Impossibile caricare gli orari di questo giorno: eccoli tutti, ogni 15 minuti.',
  timeOption: (time: string, covers: number, capacity: number) =>
    covers >= capacity
      ? `${time} · ${covers}/${capacity} · pieno`
      : `${time} · ${covers}/${capacity}`,
  slotCovers: (time: string, covers: number, capacity: number, held: number) =>
    held > 0
      ? `Alle ${time} sono già presi ${covers} coperti su ${capacity}, di cui ${held} tenuti per un evento.`
      : `Alle ${time} sono già prenotati ${covers} coperti su ${capacity}.`,
  notes: 'Note',
  notesHint: 'Per esempio: allergie, seggiolone, tavolo all’aperto.',
  lang: 'Lingua del cliente',
  langHint: 'La lingua delle email che riceve.',
  submit: 'Salva prenotazione',
  saving: 'Salvataggio in corso...',
  close: 'Chiudi',
  fix: 'Correggi prima questi punti:',
  problems: {
    name: 'Nome: scrivi il nome del cliente, su una riga.',
    phone: 'Telefono: un numero da 6 a 20 cifre (spazi, + e trattini vanno bene).',
    email: 'Email: un indirizzo valido, oppure lasciala vuota.',
    party: `Persone: un numero da 1 a ${PARTY_MAX}.`,
    date: 'Data: scegli il giorno.',
    time: 'Ora: scegli l’ora.',
    notes: `Note: al massimo ${GUEST_NOTES_MAX} caratteri.`,
    lang: 'Lingua del cliente: scegline una.',
  },
  fullTitle: 'Non c’è più posto a quell’ora',
  fullHint: 'Oppure cambia ora o giorno qui sopra.',
  addAnyway: 'Aggiungi comunque',
  notASlotTitle: 'Non si può prenotare a quell’ora',
  added: (name: string, party: number, date: string, time: string) =>
    `Prenotazione di ${name} aggiunta: ${persons(party)}, ${date} alle ${time}.`,
} as const;

/** The owner's settings and the calendar feed. */
export const SETTINGS_TEXTS = {
  title: 'Impostazioni delle prenotazioni',
  intro:
    'Valgono per le prenotazioni dal sito; quelle prese al telefono contano sugli stessi coperti.',
  loading: 'Caricamento impostazioni...',
  loadFailed: 'Impossibile caricare le impostazioni.',
  // The labels are the ones the shared schema's messages start with.
  coversPerSlot: 'Coperti per fascia',
  coversPerSlotHint:
    'Quante persone possono essere a tavola nello stesso momento. Ogni prenotazione tiene i suoi coperti per tutto il turno.',
  coversPerSlotTablesHint:
    'Con la pianta della sala (tavoli) è il ritmo: quante persone possono arrivare nella stessa fascia. Lascia vuoto per «Nessun ritmo».',
  noPace: 'Nessun ritmo',
  turnMinutes: 'Durata di un turno (minuti)',
  turnMinutesHint:
    'Quanto resta a tavola un gruppo, a multipli di 15. L’ultima prenotazione è un turno prima della chiusura.',
  minNoticeMinutes: 'Preavviso minimo (minuti)',
  minNoticeMinutesHint: 'Dal sito non si prenota con meno anticipo di così (120 = 2 ore).',
  horizonDays: 'Prenotabile fino a (giorni)',
  horizonDaysHint: 'Quanti giorni avanti si può prenotare dal sito.',
  maxPartyOnline: 'Persone al massimo online',
  maxPartyOnlineHint: 'Per gruppi più grandi il sito chiede di telefonare.',
  autoConfirm: 'Conferma automatica',
  autoConfirmHint:
    'Le prenotazioni dal sito dei gruppi piccoli sono confermate subito, senza aspettare te; le altre restano da confermare.',
  autoConfirmUpTo: 'fino a',
  autoConfirmMaxParty: 'Conferma automatica fino a (persone)',
  autoConfirmPersons: 'persone',
  autoConfirmOn: 'Attiva',
  autoConfirmOff: 'Spenta',
  areaChoice: 'I clienti scelgono l’area',
  areaChoiceHint:
    'Solo con la pianta della sala e più aree prenotabili online (sala, terrazza): il sito le propone al cliente, nella sua lingua.',
  retentionMonths: 'Conservazione dei dati (mesi)',
  retentionMonthsHint:
    'Passati questi mesi dall’ultima visita o ordine, i dati personali dei clienti si cancellano da soli (privacy): nei resoconti restano solo i numeri, senza nomi.',
  defaultIs: (value: string | number) => `Predefinito: ${value}.`,
  save: 'Salva impostazioni',
  saving: 'Salvataggio in corso...',
  saved: 'Impostazioni salvate: valgono da subito.',
  unsaved: 'Modifiche non salvate.',
  fix: 'Correggi prima questi punti:',

  feedTitle: 'Calendario sul telefono',
  feedIntro:
    'Le prenotazioni confermate nel calendario del telefono, che si aggiorna da solo. Copia l’indirizzo e aggiungilo come calendario «da URL» (Google Calendar) o «sottoscritto» (iPhone).',
  feedSecret:
    'Chi ha questo indirizzo vede nomi e telefoni dei clienti: non condividerlo. Se finisce in mani sbagliate, generane uno nuovo.',
  feedUrl: 'Indirizzo del calendario',
  copy: 'Copia indirizzo',
  copied: 'Indirizzo copiato.',
  copyFailed: 'Copia non riuscita: tieni premuto sull’indirizzo e copialo a mano.',
  rotate: 'Genera un nuovo indirizzo',
  rotateQuestion:
    'Generare un nuovo indirizzo? Quello di adesso smette subito di funzionare: sui telefoni che lo usano il calendario va aggiunto di nuovo.',
  rotateYes: 'Sì, genera',
  rotated: 'Nuovo indirizzo pronto: quello vecchio non funziona più.',
} as const;

/** The turns by party size in the settings (table mode only). */
export const TURN_TEXTS = {
  legend: 'Turno per numero di persone',
  none: 'Nessun turno per numero di persone: ogni gruppo resta a tavola la durata del turno.',
  upTo: 'fino a',
  persons: 'persone:',
  more: 'oltre:',
  everyParty: 'ogni gruppo:',
  minutes: 'minuti',
  upToLabel: (row: number) => `Turno ${row}: fino a (persone)`,
  minutesLabel: (row: number) => `Turno ${row}: minuti`,
  moreMinutesLabel: 'Turno per i gruppi più grandi: minuti',
  remove: 'Togli',
  removeLabel: (row: number) => `Togli il turno ${row}`,
  add: 'Aggiungi un turno',
  start: 'Usa i turni per numero di persone',
  clear: 'Un solo turno per tutti',
  hint: 'Solo con la pianta della sala (tavoli): quanto resta a tavola un gruppo secondo quante persone sono, a multipli di 15 minuti. Senza tavoli vale la durata del turno.',
} as const;

/** One guest's data, on request (GDPR: access and erasure). */
export const GUEST_DATA_TEXTS = {
  title: 'Dati di un cliente',
  intro:
    'Quando un cliente chiede i suoi dati o di cancellarli: cercali con la sua email o il suo telefono, scaricali in un file o cancellali.',
  guest: 'Email o telefono del cliente',
  search: 'Cerca',
  searching: 'Ricerca in corso...',
  invalidGuest: 'Scrivi un indirizzo email valido o un numero di telefono (da 6 a 20 cifre).',
  reservations: (count: number) => plural(count, 'prenotazione', 'prenotazioni'),
  messages: (count: number) => plural(count, 'messaggio', 'messaggi'),
  orders: (count: number) => plural(count, 'ordine da asporto', 'ordini da asporto'),
  events: (count: number) => plural(count, 'richiesta di evento', 'richieste di evento'),
  mails: (count: number) => plural(count, 'email', 'email'),
  found: (guest: string, reservations: string, orders: string, events: string, messages: string) =>
    `${guest}: ${reservations}, ${orders}, ${events}, ${messages}.`,
  nothing: (guest: string) =>
    `Nessuna prenotazione, nessun ordine da asporto, nessuna richiesta di evento e nessun messaggio per ${guest}.`,
  download: 'Scarica i dati (JSON)',
  erase: 'Cancella i dati',
  eraseQuestion: (guest: string) =>
    `Cancellare per sempre tutti i dati di ${guest}? Prenotazioni, ordini da asporto, richieste di evento, messaggi ed email in coda spariscono e non si possono recuperare.`,
  eraseYes: 'Sì, cancella tutto',
  back: 'Indietro',
  erased: (
    guest: string,
    reservations: string,
    orders: string,
    events: string,
    messages: string,
    mails: string,
    records: number,
  ) =>
    `Dati di ${guest} cancellati: ${reservations}, ${orders}, ${events}, ${messages}, ${mails}` +
    (records === 0
      ? '.'
      : records === 1
        ? ', e la sua scheda ospite.'
        : `, e ${records} schede ospite.`),
} as const;
