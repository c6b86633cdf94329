/**
 * The back office's shell: its sections and the logout. In Italian only (staff
 * screens are Italian; these texts are not in the public locale files), fixed
 * word for word: tests assert them.
 */

/** The back office's sections, in the header at every width. */
export const NAV_TEXTS = {
  label: 'Sezioni',
  dailyMenu: 'Menu del giorno',
  reservations: 'Prenotazioni',
  takeaway: 'Asporto',
  events: 'Eventi',
  menu: 'Menu',
  hours: 'Orari e dati',
  photos: 'Foto',
  texts: 'Testi del sito',
  print: 'Stampa e QR',
  messages: 'Messaggi',
  team: 'Colleghi',
  audit: 'Registro attività',
  account: 'Il mio account',
} as const;

export const LOGOUT_TEXTS = {
  logout: 'Disconnetti',
  logoutSuccess: 'Logout effettuato.',
  logoutFailure: 'Errore durante il logout.',
} as const;
