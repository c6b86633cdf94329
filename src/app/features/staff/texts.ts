/**
 * What every staff page shares, the login pages and the back office alike:
 * the staff area's name and the logo's text. In Italian only (staff screens
 * are Italian; these texts are not in the public locale files), fixed word
 * for word: tests assert them.
 */
export const COMMON_TEXTS = {
  /** The logo's text: it links to the public site. */
  logoAlt: (restaurant: string | undefined) =>
    restaurant ? `${restaurant} – Torna al sito` : 'Torna al sito',
  staffArea: 'Area riservata',
} as const;

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';
