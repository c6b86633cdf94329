/**
 * The back office's shell: its sections and the logout. In Italian only (staff
 * screens are Italian; these texts are not in the public locale files), fixed
 * word for word: tests assert them.
 */

/** The header's row of sections (each section's name is in sections.ts). */
export const NAV_TEXTS = {
  label: 'Sezioni',
} as const;

export const LOGOUT_TEXTS = {
  logout: 'Disconnetti',
  logoutSuccess: 'Logout effettuato.',
  logoutFailure: 'Errore durante il logout.',
} as const;
