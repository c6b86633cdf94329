import { persons } from '../../staff/index.ts';
import type { TableState } from './table-state.ts';
import { DAY_NAVIGATOR_TEXTS } from '../../staff-kit/index.ts';

/** The evening view's texts: staff screens are in Italian, in the back office's voice. */
export const EVENING_TEXTS = {
  title: 'Sala',
  intro:
    'La serata in sala: lo stato di ogni tavolo adesso, le prenotazioni del giorno tavolo per tavolo, chi arriva, chi si siede, chi ha finito.',
  loading: 'Caricamento della sala...',
  loadFailed: 'Impossibile caricare la sala.',
  stale: 'Connessione persa: la sala potrebbe non essere aggiornata. Riprovo da solo.',
  retry: 'Riprova',

  ...DAY_NAVIGATOR_TEXTS,

  coversMode:
    'Non c’è ancora una pianta dei tavoli: le prenotazioni contano solo i coperti. Il titolare disegna la sala in «Pianta della sala».',
  noTables: 'Nessun tavolo in questa area.',

  unassignedTitle: 'Senza tavolo',
  unassignedHint: 'Scegli un tavolo per ciascuna, o trascinala su un tavolo.',
  holdsTitle: 'Tavoli tenuti per eventi',
  heldFor: (name: string, tables: string) => `${name}: ${tables}`,

  mapOf: (area: string) => `Pianta: ${area}`,
  timelineTitle: 'La giornata tavolo per tavolo',
  timelineOf: (area: string) => `Giornata: ${area}`,
  timelineHint: 'Su telefono scorri di lato per vedere tutte le ore.',
  hour: (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`,
  legend: 'Legenda',
  state: {
    free: 'Libero',
    soon: 'Prenotato entro un’ora',
    seated: 'Al tavolo',
    late: 'In ritardo',
    held: 'Tenuto per un evento',
  } satisfies Record<TableState, string>,
  /** A table as a screen reader hears it on the plan. */
  tableLabel: (name: string, seats: string, state: string, who: string | null) =>
    `Tavolo ${name}, ${seats}: ${state}${who ? `, ${who}` : ''}`,
  seats: (min: number, max: number) => (min === max ? persons(max) : `${min}-${max} persone`),

  status: {
    pending: 'In attesa',
    confirmed: 'Confermata',
    declined: 'Rifiutata',
    cancelled: 'Annullata',
    'no-show': 'Non presentato',
    arrived: 'Arrivati',
    seated: 'Al tavolo',
    finished: 'Hanno finito',
  } as Record<string, string>,
  source: {
    online: 'Online',
    staff: 'Al telefono',
    'walk-in': 'Senza prenotazione',
  } as Record<string, string>,
  persons,
  /** A booking's bar: "20:00-22:00 Giulia Bianchi, 4 persone, Confermata". */
  bookingLabel: (time: string, end: string, name: string, party: number, status: string) =>
    `${time}-${end} ${name}, ${persons(party)}, ${status}`,
  conflict: 'Conflitto',
  conflictHint: 'Condivide un tavolo con un’altra prenotazione o un evento.',
  noTable: 'nessun tavolo',

  when: 'Orario',
  tables: 'Tavoli',
  statusLabel: 'Stato',
  sourceLabel: 'Provenienza',
  arrivedAt: 'Arrivati alle',
  seatedAt: 'Seduti alle',
  finishedAt: 'Finito alle',
  close: 'Chiudi',
  arrived: 'Arrivati',
  seated: 'Al tavolo',
  finished: 'Hanno finito',
  stepDone: (name: string, status: string) => `${name}: ${status.toLowerCase()}.`,
  move: 'Sposta',
  /** A booking without a table gets one the same way. */
  assign: 'Scegli il tavolo',
  moveTitle: (name: string) => `Sposta ${name}`,
  moveChoose: 'Nuovo tavolo',
  moveChooseHint: 'Tavoli e combinazioni della pianta, con i posti.',
  moveSubmit: 'Sposta qui',
  moved: (name: string, tables: string) => `${name} spostati a ${tables}.`,
  takenTitle: 'Il tavolo è occupato in quell’orario',
  takenHint: 'Spostando comunque, la sala mostra il conflitto finché non lo risolvi.',
  moveAnyway: 'Sposta comunque',
  changedMeanwhile: (name: string) =>
    `La prenotazione di ${name} è cambiata nel frattempo: ecco com’è adesso.`,

  dragHandle: (name: string) => `Trascina ${name} su un altro tavolo`,
  dragInstructions:
    'Per spostare una prenotazione su un altro tavolo: premi spazio per prenderla, usa le frecce per passare da un tavolo all’altro, spazio per lasciarla, Esc per annullare.',
  picked: (name: string) => `Hai preso ${name}.`,
  over: (name: string, table: string) => `${name} sopra il tavolo ${table}.`,
  dropped: (name: string, table: string) => `${name} lasciata sul tavolo ${table}.`,
  cancelledDrag: (name: string) => `Spostamento di ${name} annullato.`,
  dropTarget: (table: string) => `Tavolo ${table}`,

  walkIn: 'Cliente senza prenotazione',
  walkInTitle: (table: string) => `Cliente senza prenotazione al tavolo ${table}`,
  walkInParty: 'Persone',
  walkInName: 'Nome (facoltativo)',
  walkInSubmit: 'Fai sedere',
  walkInDone: (table: string, party: number) => `${persons(party)} al tavolo ${table}.`,
  walkInFull: 'Il tavolo non è libero per tutto il turno: scegline un altro.',
  walkInDefaultName: 'Senza prenotazione',
  tableBookings: (table: string) => `Tavolo ${table}`,
  tableFreeNow: 'Libero adesso.',
  saving: 'Salvataggio in corso...',
} as const;
