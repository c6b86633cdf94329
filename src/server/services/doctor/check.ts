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
