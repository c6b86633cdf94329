import { z } from 'zod';
import { isDate, isTime } from '../opening-hours.ts';

// In the browser zod must not probe for `new Function` (its JIT): the CSP
// forbids eval, and the probe would be reported as a
// violation. The server keeps the faster JIT path.
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * A one-line text (a name): no control characters (line breaks included), no
 * line or paragraph separators, and no bidi controls, which could make a
 * mail subject or a list of colleagues read differently from what was typed.
 */
export const ONE_LINE_TEXT =
  /^[^\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u;

/** A whole number from `min` to `max` in a staff form's settings, its messages in Italian like the back office. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: un numero intero tra ${min} e ${max}.` })
    .int(`${label}: un numero intero tra ${min} e ${max}.`)
    .min(min, `${label}: almeno ${min}.`)
    .max(max, `${label}: al massimo ${max}.`);

/** A day and a time as every payload writes them (a booking's, a takeaway pickup's, an event's). */
export const dateText = z.string().refine(isDate, 'must be a date written YYYY-MM-DD');
export const timeText = z.string().refine(isTime, 'must be a time written HH:MM');

export { z };
