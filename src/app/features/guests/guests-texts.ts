import type { EventStatus } from '../../../shared/schemas/events.ts';
import { STAFF_NOTES_MAX } from '../../../shared/schemas/guest-records.ts';
import type { ReservationStatus } from '../../../shared/schemas/reservations.ts';
import type { TakeawayOrderStatus } from '../../../shared/schemas/takeaway.ts';
import { plural } from '../../staff/index.ts';

/**
 * The Ospiti section's texts (/dashboard/guests). In Italian only (staff
 * screens are Italian), fixed word for word: tests assert them.
 */
export const GUESTS_TEXTS = {
  title: 'Ospiti',
  intro:
    'Chi ha prenotato, ordinato o chiesto un evento: le visite, le mancate presentazioni, le note dello staff.',
  loading: 'Caricamento degli ospiti…',
  loadFailed: 'Impossibile caricare gli ospiti.',
  retry: 'Riprova',
  search: 'Cerca un ospite',
  searchHint: 'Nome, email o telefono.',
  tooShort: 'Scrivi almeno 3 caratteri',
  searching: 'Ricerca in corso…',
  searchFailed: 'Impossibile cercare gli ospiti. Riprova.',
  recentLabel: 'Ospiti visti di recente',
  resultsLabel: 'Ospiti trovati',
  recentCount: (count: number) =>
    count === 0 ? 'Ancora nessun ospite.' : `${plural(count, 'ospite', 'ospiti')} visti di recente`,
  foundCount: (count: number) =>
    count === 0
      ? 'Nessun ospite trovato.'
      : count === 1
        ? '1 ospite trovato'
        : `${count} ospiti trovati`,
  itemCounts: (visits: number, orders: number) =>
    [
      plural(visits, 'visita', 'visite'),
      ...(orders > 0 ? [plural(orders, 'ordine', 'ordini')] : []),
    ].join(' · '),
  itemNoShows: (count: number) =>
    `⚠ ${plural(count, 'mancata presentazione', 'mancate presentazioni')}`,
  backToList: 'Tutti gli ospiti',
  notFound: 'Ospite non trovato.',
  guestLoading: 'Caricamento dell’ospite…',
  guestFailed: 'Impossibile caricare l’ospite.',
  email: 'Email',
  phone: 'Telefono',
  noEmail: 'nessuna',
  noPhone: 'nessuno',
  callLabel: (name: string, phone: string) => `Chiama ${name}: ${phone}`,
  visits: 'Visite',
  noShows: 'Non presentato',
  noShowsWarning: (count: number) =>
    count === 1 ? '⚠ 1 volta non si è presentato' : `⚠ ${count} volte non si è presentato`,
  cancellations: 'Annullate',
  orders: 'Ordini d’asporto',
  lastVisit: 'Ultima visita',
  never: 'mai',
  tags: 'Etichette',
  noTags: 'nessuna',
  edit: 'Note ed etichette',
  notes: 'Note dello staff',
  notesHint: `Allergie, preferenze. Solo lo staff le legge, mai l’ospite. Al massimo ${STAFF_NOTES_MAX} caratteri.`,
  notesCount: (count: number) => `${count}/${STAFF_NOTES_MAX}`,
  notesTooLong: `Note: al massimo ${STAFF_NOTES_MAX} caratteri.`,
  tagChoices: 'Etichette',
  noTagChoices: 'Il titolare non ha ancora scelto le etichette.',
  save: 'Salva',
  saving: 'Salvataggio…',
  saved: (name: string) => `Ospite ${name} aggiornato.`,
  unsaved: 'Modifiche non salvate.',
  fix: 'Da correggere:',
  history: 'Storico',
  noHistory: 'Ancora niente.',
  kind: { booking: 'Prenotazione', order: 'Ordine d’asporto', event: 'Richiesta di evento' },
  /** A history row's status, in its kind's words (an unknown one as it is). */
  status: {
    booking: {
      pending: 'In attesa',
      confirmed: 'Confermata',
      declined: 'Rifiutata',
      cancelled: 'Annullata',
      'no-show': 'Non presentato',
      arrived: 'Arrivato',
      seated: 'Al tavolo',
      finished: 'Concluso',
    } satisfies Record<ReservationStatus, string>,
    order: {
      received: 'Ricevuto',
      accepted: 'Accettato',
      ready: 'Pronto',
      collected: 'Ritirato',
      declined: 'Rifiutato',
      cancelled: 'Annullato',
      'no-show': 'Non ritirato',
    } satisfies Record<TakeawayOrderStatus, string>,
    event: {
      new: 'Nuova',
      talking: 'In trattativa',
      confirmed: 'Confermata',
      lost: 'Persa',
    } satisfies Record<EventStatus, string>,
  } as Record<'booking' | 'order' | 'event', Record<string, string>>,
  reviewAsked: 'Ultima richiesta di recensione',
  reviews: 'Richieste di recensione',
  reviewsStopped: 'non le vuole più',
  tagsTitle: 'Le etichette (titolare)',
  tagsIntro: 'La lista da cui lo staff sceglie le etichette degli ospiti, nell’ordine mostrato.',
  tagsList: 'Etichette',
  removeTag: (tag: string) => `Togli l’etichetta ${tag}`,
  newTag: 'Nuova etichetta',
  addTag: 'Aggiungi',
  tagsEmpty: 'Nessuna etichetta.',
  saveTags: 'Salva le etichette',
  tagsSaved: 'Etichette salvate.',
  tagExists: (tag: string) => `L’etichetta ${tag} c’è già.`,
} as const;
