import { RESET_TEXTS } from './texts.ts';

/**
 * Reset form: the toast is the check (no `required`
 * attribute). Returns the warning to show, or null when the form may be sent.
 * Length and common-password rules are the server's.
 */
export function checkResetForm(password: string, repeated: string): string | null {
  if (password === '' || repeated === '') return RESET_TEXTS.bothRequired;
  if (password !== repeated) return RESET_TEXTS.mismatch;
  return null;
}
