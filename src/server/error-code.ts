/**
 * An error as the log names it: by its code (else its class), never its
 * message, which may quote what a client sent (a JSON parser's quotes the
 * body, a password included) or name a guest (docs/security.md item 43).
 */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : typeof error;
}

/** The fields of a PostgreSQL error (pg's DatabaseError) that name no value: kept. */
const DATABASE_ERROR_NAMES = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** Whether `error` is a PostgreSQL server error as pg hands it over. */
const isDatabaseError = (error: object): error is Error & Record<string, unknown> =>
  error instanceof Error &&
  typeof (error as { severity?: unknown }).severity === 'string' &&
  typeof (error as { routine?: unknown }).routine === 'string';

/** Quoted text masked: PostgreSQL quotes the value it refuses ("invalid input syntax …: "x""). */
const maskQuoted = (text: string) => text.replace(/"[^"]*"/g, '"…"');

/**
 * An error as it may reach a log line: PostgreSQL's errors lose their
 * `detail` ("Key (email)=(guest@…) already exists"), `where` (a statement's
 * parameters), `hint` and internal query, and the values their message
 * quotes; their SQLSTATE, table and constraint stay (docs/security.md item
 * 43). Causes are cleaned the same way. Other errors are left as they are.
 */
export function errorForLog(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null || depth > 5) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (!isDatabaseError(error)) {
    if (cause === undefined) return error;
    const cleanCause = errorForLog(cause, depth + 1);
    if (cleanCause === cause) return error;
    // A copy with the cause cleaned: the original may still be handled elsewhere.
    const original = error as Error;
    const copy = Object.assign(new Error(original.message, { cause: cleanCause }), error);
    copy.name = original.name;
    copy.stack = original.stack;
    copy.cause = cleanCause;
    return copy;
  }
  const clean = new Error(maskQuoted(error.message));
  clean.name = 'DatabaseError';
  const [, ...frames] = (error.stack ?? '').split('\n');
  clean.stack = [
    `DatabaseError: ${clean.message}`,
    ...frames.filter((frame) => frame.startsWith('    at ')),
  ].join('\n');
  for (const name of DATABASE_ERROR_NAMES) {
    if (error[name] !== undefined) Object.assign(clean, { [name]: error[name] });
  }
  if (cause !== undefined) clean.cause = errorForLog(cause, depth + 1);
  return clean;
}
