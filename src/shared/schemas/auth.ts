import { ONE_LINE_TEXT, z } from './zod.ts';

/**
 * Staff payloads, one schema each, shared by the forms and the routes.
 * Messages are Italian: only staff see them. Unknown keys are refused.
 */
export const email = z
  .string({ error: 'Indirizzo e-mail obbligatorio.' })
  .trim()
  .toLowerCase()
  .max(254, 'Indirizzo e-mail troppo lungo.')
  .pipe(z.email('Indirizzo e-mail non valido.'));

/** Characters as people count them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/**
 * New passwords: 12 to 128 characters, any Unicode, no composition rules,
 * no truncation. The common-password check is the server's (the list is large).
 */
export const newPassword = z
  .string({ error: 'Password obbligatoria.' })
  .refine((text) => length(text) >= PASSWORD_MIN, {
    message: `La password deve avere almeno ${PASSWORD_MIN} caratteri.`,
  })
  .refine((text) => length(text) <= PASSWORD_MAX, {
    message: `La password non può superare ${PASSWORD_MAX} caratteri.`,
  });

export const loginBody = z.strictObject({
  email,
  // No rule on the password at login; bounded all the same.
  password: z
    .string({ error: 'Password obbligatoria.' })
    .min(1, 'Password obbligatoria.')
    .max(1024),
});

/** A name, shown to colleagues and written into mail subjects: one line of text. */
export const personName = (label: string) =>
  z
    .string({ error: `${label} obbligatorio.` })
    .trim()
    .min(1, `${label} obbligatorio.`)
    .max(100, `${label} troppo lungo.`)
    .regex(ONE_LINE_TEXT, `${label}: niente a capo né caratteri di controllo.`);

export const registerBody = z.strictObject({
  email,
  username: z
    .string({ error: 'Username obbligatorio.' })
    .trim()
    .min(3, 'Lo username deve avere almeno 3 caratteri.')
    .max(50, 'Lo username non può superare 50 caratteri.')
    .regex(ONE_LINE_TEXT, 'Username: niente a capo né caratteri di controllo.'),
  password: newPassword,
  firstName: personName('Nome').optional(),
  lastName: personName('Cognome').optional(),
});

export const sendEmailBody = z.strictObject({
  email,
  url: z.string().max(2048).optional(),
});

export const resetPasswordBody = z.strictObject({ password: newPassword });
// The router caps a path parameter at 100 characters; tokens have 43.
export const resetTokenParams = z.strictObject({ token: z.string().min(1).max(100) });

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

/** The first owner, created through the setup link (POST /api/setup, the page /setup). */
export const setupBody = z.strictObject({
  token: z
    .string({ error: 'Link di configurazione mancante.' })
    .min(1, 'Link di configurazione mancante.')
    .max(200, 'Link di configurazione non valido.'),
  firstName: personName('Nome'),
  lastName: personName('Cognome'),
  email,
  password: newPassword,
});

export type SetupBody = z.infer<typeof setupBody>;
