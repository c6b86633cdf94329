import { data } from 'react-router';
import { readSmallForm } from '../small-form.server.ts';
import { answerStatus } from './guest-form.ts';

/** A post that is no small form: refused for its fields, none named (every guest form's outcome can be). */
const NOTHING_READ = { ok: false, code: 'invalid', fields: {} } as const;

/**
 * A guest form's page action (POST /reservations, /takeaway, /events): a
 * plain form post, so that it works without JavaScript. `answer` reads the
 * form and sends it through the service as the API's route does; the answer
 * carries the outcome and what was sent (shown again), with the status the
 * API would give (`ok` when taken). A body that is no small form is refused
 * as the API refuses it, with nothing sent (`nothingSent`).
 */
export async function guestFormAction<
  Values,
  Result extends { outcome: { ok: true } | { ok: false; code: string }; values: Values },
>(
  request: Request,
  { nothingSent, ok }: { nothingSent: Values; ok: number },
  answer: (form: FormData) => Promise<Result>,
) {
  const form = await readSmallForm(request);
  if (!form) {
    const unread: Result | { outcome: typeof NOTHING_READ; values: Values } = {
      outcome: NOTHING_READ,
      values: nothingSent,
    };
    return data(unread, { status: 400 });
  }
  const result = await answer(form);
  return data(result, { status: answerStatus(result.outcome, ok) });
}
