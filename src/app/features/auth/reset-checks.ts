import { RESET_TEXTS } from './texts.ts';

/**
 * SPEC.md section 5, reset form: the toast is the check (no `required`
 * attribute). Returns the warning to show, or null when the form may be sent.
 * Length and common-password rules are the server's (SECURITY.md items 1, 2).
 */
export function checkResetForm(password: string, repeated: string): string | null {
  if (password === '' || repeated === '') return RESET_TEXTS.bothRequired;
  if (password !== repeated) return RESET_TEXTS.mismatch;
  return null;
}
