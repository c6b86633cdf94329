/** The owner's reports (/dashboard/reports), in Italian. */
export const REPORTS_TEXTS = {
  title: 'Report',
  intro:
    'Come va il locale: prenotazioni, asporto, piatti, eventi e lingue degli ospiti nel periodo scelto, accanto al periodo precedente della stessa durata.',
  ownerOnly: 'Solo il titolare legge i report.',
  loading: 'Carico il report…',
  loadFailed: 'Non è stato possibile caricare il report.',
  retry: 'Riprova',
  csv: (report: string) => `Scarica ${report} (CSV)`,
  csvFailed: 'Non è stato possibile scaricare il file CSV.',
  /** Under each chart: its numbers. */
  previous: (from: string, to: string) => `Periodo precedente: ${from} – ${to}`,
  range: (from: string, to: string) => `${from} – ${to}`,
} as const;

export const PERIOD_TEXTS = {
  legend: 'Periodo',
  presets: {
    settimana: 'Questa settimana',
    mese: 'Questo mese',
    'mese-scorso': 'Il mese scorso',
    anno: 'Quest’anno',
    personalizzato: 'Personalizzato',
  },
  from: 'Dal',
  to: 'Al',
  show: 'Mostra',
  groupLegend: 'Raggruppa per',
  groups: { day: 'Giorno', week: 'Settimana', month: 'Mese' },
  badRange: 'Il primo giorno viene prima dell’ultimo, al massimo due anni.',
} as const;

export const BOOKINGS_TEXTS = {
  title: 'Coperti',
  csvName: 'le prenotazioni',
  caption: 'Coperti per periodo',
  period: 'Periodo',
  covers: 'Prenotati',
  seated: 'Seduti',
  noShow: 'Non presentati',
  cancelled: 'Annullati',
  previousCovers: 'Prenotati, periodo prec.',
  previousLegend: 'Prenotati nel periodo precedente',
  summary: (covers: string, previous: string, seated: string, noShow: string) =>
    `Coperti prenotati: ${covers} (periodo precedente ${previous}); seduti ${seated}, non presentati ${noShow}.`,
  rateTitle: 'Mancate presentazioni',
  rateCaption: 'Coperti non presentati sul totale prenotato, per periodo',
  rate: 'Tasso',
  previousRate: 'Tasso, periodo prec.',
  rateSummary: (rate: string, previous: string) =>
    `Tasso di mancate presentazioni: ${rate} (periodo precedente ${previous}).`,
  sourcesTitle: 'Da dove arrivano le prenotazioni',
  sourcesCaption: 'Prenotazioni per origine',
  source: 'Origine',
  bookings: 'Prenotazioni',
  share: 'Quota',
  previousBookings: 'Periodo prec.',
  online: 'Online',
  phone: 'Telefono',
  walkIn: 'Senza prenotazione',
  sourcesSummary: (parts: string) => `Prenotazioni per origine: ${parts}.`,
} as const;

export const TAKEAWAY_TEXTS = {
  title: 'Asporto',
  csvName: 'l’asporto',
  caption: 'Ordini d’asporto per periodo',
  period: 'Periodo',
  orders: 'Ordini',
  items: 'Pezzi',
  collected: 'Incassato',
  noShows: 'Non ritirati',
  previousOrders: 'Ordini, periodo prec.',
  previousLegend: 'Ordini nel periodo precedente',
  summary: (orders: string, previous: string, collected: string) =>
    `Ordini d’asporto: ${orders} (periodo precedente ${previous}), incassati ${collected}.`,
  heatTitle: 'Carico per fascia di ritiro',
  heatCsvName: 'le fasce',
  heatIntro:
    'Per ogni giorno della settimana e fascia di ritiro, il carico medio della risorsa più piena (forno o cucina) rispetto al suo limite.',
  heatCaption: 'Carico medio sul limite, per fascia e giorno della settimana',
  time: 'Fascia',
  noLimit: '—',
  heatSummary: (busiest: string) => `Carico per fascia di ritiro. ${busiest}`,
  busiest: (day: string, time: string, load: string) =>
    `La fascia più piena: ${day} alle ${time}, ${load} del limite.`,
  noSlots: 'Nessuna fascia di ritiro nel periodo.',
  scale: 'Carico sul limite:',
} as const;

export const DISHES_TEXTS = {
  title: 'I piatti più venduti',
  csvName: 'i piatti',
  caption: 'I dieci piatti più venduti (asporto)',
  dish: 'Piatto',
  quantity: 'Quantità',
  total: 'Incasso',
  empty: 'Nessun piatto venduto nel periodo.',
  summary: (list: string) => `I piatti più venduti: ${list}.`,
} as const;

export const EVENTS_TEXTS = {
  title: 'Richieste di eventi',
  csvName: 'gli eventi',
  caption: 'Richieste di eventi per stato',
  status: 'Stato',
  count: 'Richieste',
  guests: 'Ospiti',
  received: 'Ricevute',
  statuses: { new: 'Nuove', talking: 'In trattativa', confirmed: 'Confermate', lost: 'Perse' },
  summary: (received: string, talking: string, confirmed: string, lost: string) =>
    `Richieste ricevute ${received}: in trattativa ${talking}, confermate ${confirmed}, perse ${lost}.`,
} as const;

export const LANGUAGES_TEXTS = {
  title: 'Lingue degli ospiti',
  csvName: 'le lingue',
  caption: 'Prenotazioni, ordini ed eventi per lingua dell’ospite',
  lang: 'Lingua',
  bookings: 'Prenotazioni',
  orders: 'Ordini',
  events: 'Eventi',
  summary: (list: string) => `Per lingua: ${list}.`,
} as const;
