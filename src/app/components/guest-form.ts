/**
 * What the guest forms (a booking, a takeaway order, an event request)
 * share in reading what was posted and what the server refused.
 */

/** A posted field's text ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The fields the server refused, as a page marks them (`known`: the fields
 * it shows); a refusal of any other field, or of none, is told in the
 * general message (`other`).
 */
export function refusedFields<Field extends string>(
  outcome: { ok: true } | { ok: false; code: string; fields?: Partial<Record<string, string[]>> },
  known: readonly Field[],
): { fields: Partial<Record<Field, true>>; other: boolean } {
  if (outcome.ok || outcome.code !== 'invalid' || !outcome.fields) {
    return { fields: {}, other: false };
  }
  const fields: Partial<Record<Field, true>> = {};
  let other = false;
  for (const [name, messages] of Object.entries(outcome.fields)) {
    if (!messages || messages.length === 0) continue;
    if ((known as readonly string[]).includes(name)) fields[name as Field] = true;
    else other = true;
  }
  if (Object.keys(fields).length === 0) other = true;
  return { fields, other };
}
