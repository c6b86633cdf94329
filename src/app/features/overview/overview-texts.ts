/**
 * The first screen's "Stasera" tiles. Each tile's link reads as one
 * sentence, its number first ("3 messaggi non letti"), so the labels follow
 * a number, singular for one.
 */
export const OVERVIEW_TEXTS = {
  title: 'Stasera',
  covers: 'Coperti stasera',
  /** Between the covers and the room's seats: shown as "/", read as "su". */
  coversOf: 'su',
  takeaway: (count: number) =>
    count === 1 ? 'Ordine d’asporto da preparare' : 'Ordini d’asporto da preparare',
  events: (count: number) =>
    count === 1 ? 'Nuova richiesta di evento' : 'Nuove richieste di evento',
  messages: (count: number) => (count === 1 ? 'Messaggio non letto' : 'Messaggi non letti'),
  /** A tile's number before the first answer. */
  loading: 'Caricamento dei numeri di stasera...',
  stale: 'Connessione persa: i numeri potrebbero non essere aggiornati. Riprovo da solo.',
};
