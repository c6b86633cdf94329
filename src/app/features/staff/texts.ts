/**
 * What every staff page shares: the staff area's name, the logo's text, the
 * form words. In Italian only (staff screens are Italian; these texts are not
 * in the public locale files), fixed word for word: tests assert them.
 */

export const COMMON_TEXTS = {
  backToLogin: 'Torna al Login',
  busy: 'Invio in corso...',
  showPassword: 'Mostra password',
  showPasswords: 'Mostra le password',
  email: 'Email',
  password: 'Password',
  homeLink: 'Torna al sito',
  /** The logo's text: it links to the public site. */
  logoAlt: (restaurant: string | undefined) =>
    restaurant ? `${restaurant} – Torna al sito` : 'Torna al sito',
  staffArea: 'Area riservata',
  loading: 'Caricamento in corso...',
} as const;

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';
