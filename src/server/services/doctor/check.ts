import { statSync, type Stats } from 'node:fs';
import type { Config } from '../../config.ts';

/** One line of `npm run doctor`: `advice` says what to do, on every line that is not ok. */
export type CheckResult =
  | { name: string; status: 'ok'; detail: string }
  | { name: string; status: 'warn' | 'fail'; detail: string; advice: string };

/** What a check may need besides the configuration; tests inject the outside world here. */
export interface CheckContext {
  config: Config;
  /** The environment as given: tells a variable left unset from its default. */
  env: Record<string, string | undefined>;
  /** How long a network check waits for an answer. */
  timeoutMs: number;
  /** Free bytes for this user in the file system of a folder (node:fs statfs). */
  freeBytes: (folder: string) => Promise<number>;
}

/** A check: null when it does not apply to this configuration (the SQLite files of a PostgreSQL database). */
export type Check = (context: CheckContext) => Promise<CheckResult | null>;

export const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });
export const warn = (name: string, detail: string, advice: string): CheckResult => ({
  name,
  status: 'warn',
  detail,
  advice,
});
export const fail = (name: string, detail: string, advice: string): CheckResult => ({
  name,
  status: 'fail',
  detail,
  advice,
});

/** A file mode as chmod writes it: 0644. */
export const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** What to do when the doctor cannot reach a file the server's user can. */
export const RUN_AS_SERVER_USER =
  'run the doctor as the server’s user, with its environment (README "Going live")';

/**
 * A path as this user finds it: there (its stats), missing, or out of reach
 * (EACCES: a folder of the server's user, read by someone else), which
 * existsSync would call missing.
 */
export function pathState(
  path: string,
): { found: true; stats: Stats } | { found: false; missing: boolean; code: string } {
  try {
    return { found: true, stats: statSync(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return { found: false, missing: code === 'ENOENT', code };
  }
}
