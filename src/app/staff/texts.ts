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
  /** The e-mail field's label (login, recovery, a colleague's account). */
  email: 'Email',
} as const;

/** Using the auth state outside its provider is an error. */
export const USER_PROVIDER_ERROR =
  'useUser must be used inside the user provider (<UserProvider>).';

/** "1 coperto", "4 coperti": a count with its Italian noun. */
export const plural = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count} ${many}`;

/** "1 persona", "4 persone". */
export const persons = (count: number) => plural(count, 'persona', 'persone');
