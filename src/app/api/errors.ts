import { REFUSAL_DETAILS, type RefusalDetails } from '../../shared/schemas/errors.ts';
import { isRecord, type ApiFailure } from './client.ts';

/** The generic handler's texts (Italian: only staff pages call the API this way). */
export const ERROR_TEXTS = {
  unknownItem: 'Errore sconosciuto',
  loginRequired: 'Effettua il login',
  generic: 'Si è verificato un errore.',
  network: 'Errore sconosciuto.',
} as const;

export interface StaffToast {
  kind: 'warning' | 'error';
  message: string;
}

export interface FailureOutcome {
  toasts: StaffToast[];
  /** The session is gone: clear it and go to /login (remembering where we were). */
  loginRequired: boolean;
}

/**
 * The generic handler for failed API calls, as a pure function:
 * - `errors` is a list (a refused operation): each item's description as a
 *   warning, or "Errore sconosciuto";
 * - `errors` is an object (field validation): the first message of each field
 *   as an error, or "Errore sconosciuto";
 * - otherwise a `message` field as an error;
 * - status 401: warning "Effettua il login" and go to /login;
 * - any other case: warning "Si è verificato un errore.";
 * - no HTTP answer at all: "Errore sconosciuto.".
 *
 * The server answers a missing, revoked or expired bearer token with
 * 401 `{message}`: taken strictly in the order above the message would hide the
 * 401 branch and the staff member would stay on a page whose session is
 * gone, so a 401 without an `errors` payload shows its message (if any) and
 * then also asks to log in. A 401 with an `errors` list is a refused login
 * (wrong password): that stays on the login form.
 */
export function describeApiFailure(failure: ApiFailure): FailureOutcome {
  if (failure.kind === 'network') {
    return { toasts: [{ kind: 'error', message: ERROR_TEXTS.network }], loginRequired: false };
  }
  const body = isRecord(failure.body) ? failure.body : {};
  const { errors, message } = body;
  if (Array.isArray(errors)) {
    const items: unknown[] = errors.length > 0 ? errors : [undefined];
    return {
      toasts: items.map((item) => ({
        kind: 'warning',
        message: textOr(isRecord(item) ? item.description : undefined, ERROR_TEXTS.unknownItem),
      })),
      loginRequired: false,
    };
  }
  if (isRecord(errors)) {
    const fields: unknown[] = Object.values(errors);
    const messages = fields.length > 0 ? fields : [undefined];
    return {
      toasts: messages.map((messagesOfField) => ({
        kind: 'error',
        message: textOr(
          Array.isArray(messagesOfField) ? messagesOfField[0] : messagesOfField,
          ERROR_TEXTS.unknownItem,
        ),
      })),
      loginRequired: false,
    };
  }
  const messageToasts: StaffToast[] =
    typeof message === 'string' && message.trim() !== '' ? [{ kind: 'error', message }] : [];
  if (failure.status === 401) {
    return {
      toasts: [...messageToasts, { kind: 'warning', message: ERROR_TEXTS.loginRequired }],
      loginRequired: true,
    };
  }
  if (messageToasts.length > 0) return { toasts: messageToasts, loginRequired: false };
  return { toasts: [{ kind: 'warning', message: ERROR_TEXTS.generic }], loginRequired: false };
}

function textOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** One refusal of a refused operation: what a client decides on, what people read, and its data. */
export interface Refusal {
  code: string;
  description: string;
  /** As the server sent it: read through `refusalDetails`. */
  details?: Record<string, unknown>;
}

/**
 * The refusals of a refused operation (`4xx {errors: [{code, description}]}`),
 * their codes spelled as src/shared/schemas/errors.ts declares them:
 * kebab-case. Servers before that spelled some in snake_case
 * (`invalid_invitation`); a code is read through here so that either spelling
 * means the same, whichever version of the server answers.
 */
export function refusalsOf(failure: ApiFailure): Refusal[] {
  if (failure.kind !== 'http' || !isRecord(failure.body)) return [];
  const { errors } = failure.body;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) =>
    isRecord(item) && typeof item.code === 'string'
      ? [
          {
            code: item.code.replaceAll('_', '-'),
            description: typeof item.description === 'string' ? item.description : '',
            ...(isRecord(item.details) ? { details: item.details } : {}),
          },
        ]
      : [],
  );
}

/**
 * The `details` of a refusal of `code` (the ids, the next time…), checked
 * against their schema (REFUSAL_DETAILS); null for another code, or when the
 * server sent none (an older server, or one that does not know them).
 */
export function refusalDetails<Code extends keyof RefusalDetails>(
  refusal: Refusal | undefined,
  code: Code,
): RefusalDetails[Code] | null {
  if (refusal?.code !== code) return null;
  const read = REFUSAL_DETAILS[code].safeParse(refusal.details);
  return read.success ? (read.data as RefusalDetails[Code]) : null;
}

/** The codes of a refused operation, in kebab-case (see `refusalsOf`). */
export function refusalCodes(failure: ApiFailure): string[] {
  return refusalsOf(failure).map((refusal) => refusal.code);
}
