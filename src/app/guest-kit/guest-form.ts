import type { GuestContact } from './guest-contact.tsx';

/**
 * What the guest forms (a booking, a takeaway order, an event request)
 * share in reading what was posted and what the server refused.
 */

/**
 * What a guest page's action answers: the service's outcome (or `failed`,
 * when the page could not reach it), and what was sent, shown again.
 */
export interface GuestFormResult<Outcome, Values> {
  outcome: Outcome | { ok: false; code: 'failed' };
  values: Values;
}

/** A posted field's text ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The fields the server refused, as a page marks them (`known`: the fields
 * it shows; `shownAs`: the page's name of a field the API names otherwise);
 * a refusal of any other field, or of none, is told in the general message
 * (`other`).
 */
export function refusedFields<Field extends string>(
  outcome: { ok: true } | { ok: false; code: string; fields?: Partial<Record<string, string[]>> },
  known: readonly Field[],
  shownAs: Readonly<Record<string, Field>> = {},
): { fields: Partial<Record<Field, true>>; other: boolean } {
  if (outcome.ok || outcome.code !== 'invalid' || !outcome.fields) {
    return { fields: {}, other: false };
  }
  const fields: Partial<Record<Field, true>> = {};
  let other = false;
  for (const [apiName, messages] of Object.entries(outcome.fields)) {
    if (!messages || messages.length === 0) continue;
    const name = shownAs[apiName] ?? apiName;
    if ((known as readonly string[]).includes(name)) fields[name as Field] = true;
    else other = true;
  }
  if (Object.keys(fields).length === 0) other = true;
  return { fields, other };
}

/** The contact fields a guest's form sent, as the page shows them again. */
export function contactFromForm(form: FormData): GuestContact {
  return {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    notes: formText(form, 'notes'),
    privacy: form.get('privacy') !== null,
  };
}

/**
 * The contact part of the body a guest's form becomes, with the page's
 * language and the honeypot: the service checks it with the shared schema.
 */
export function contactBody(contact: GuestContact, form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    lang: formText(form, 'lang'),
  };
  if (contact.notes.trim() !== '') body.notes = contact.notes;
  // An unticked box sends nothing: the server says "privacy" is missing.
  if (contact.privacy) body.privacy = true;
  const website = form.get('website');
  if (typeof website === 'string') body.website = website;
  return body;
}

/** The HTTP status of a guest form's answer, as the API gives it: `ok` when taken, else 400, 429 or 409. */
export function answerStatus(outcome: { ok: true } | { ok: false; code: string }, ok: number) {
  if (outcome.ok) return ok;
  if (outcome.code === 'invalid') return 400;
  if (outcome.code === 'rate-limited') return 429;
  return 409;
}
