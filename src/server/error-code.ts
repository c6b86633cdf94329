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
