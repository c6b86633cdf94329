import type { z } from 'zod';

/**
 * A form's refusal as the pages show it: each field's messages by the
 * field's name (a refinement of the whole body under "form"), as the API's
 * 400 names them.
 */
export function fieldErrors<Body>(error: z.ZodError): Partial<Record<keyof Body, string[]>> {
  const fields: Partial<Record<keyof Body, string[]>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form') as keyof Body;
    (fields[field] ??= []).push(issue.message);
  }
  return fields;
}
