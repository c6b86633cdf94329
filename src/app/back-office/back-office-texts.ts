/**
 * The back office's shell: its sections and the logout. In Italian only (staff
 * screens are Italian; these texts are not in the public locale files), fixed
 * word for word: tests assert them.
 */

/** The header's navigation (each section's and group's name is in sections.ts). */
export const NAV_TEXTS = {
  label: 'Sezioni',
  /** The button that opens the groups below 1200 px. */
  toggle: 'Sezioni',
} as const;

export const LOGOUT_TEXTS = {
  logout: 'Disconnetti',
  logoutSuccess: 'Logout effettuato.',
  logoutFailure: 'Errore durante il logout.',
} as const;
