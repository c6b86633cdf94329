import { ConfigError, loadConfig, type Config } from '../../config.ts';
import { backupFolderCheck } from './backup-folder-check.ts';
import { fail, type Check, type CheckContext, type CheckResult } from './check.ts';
import { databaseCheck, databaseFilesCheck } from './database-check.ts';
import { diskCheck, statfsFreeBytes } from './disk-check.ts';
import { publicUrlCheck } from './public-url-check.ts';
import { smtpCheck } from './smtp-check.ts';
import { translationCheck } from './translation-check.ts';

/** In the order printed, each with the name its line shows (also when the check itself throws). */
const CHECKS: [name: string, check: Check][] = [
  ['database', databaseCheck],
  ['database files', databaseFilesCheck],
  ['smtp', smtpCheck],
  ['translation', translationCheck],
  ['public url', publicUrlCheck],
  ['backup', backupFolderCheck],
  ['disk', diskCheck],
];

/** How long a network check (database, SMTP, translation) waits: a wrong host fails in seconds. */
export const DOCTOR_TIMEOUT_MS = 5000;

const MARKS = { ok: '✓', warn: '!', fail: '✗' } as const;
const NAME_WIDTH = 15;

/** `✓ database  …` / `✗ smtp  …  → what to do`: one line per check. */
export function formatResult(result: CheckResult): string {
  const line = `${MARKS[result.status]} ${result.name.padEnd(NAME_WIDTH)} ${result.detail}`;
  return result.status === 'ok' ? line : `${line}  → ${result.advice}`;
}

/** The last line, and the exit code: 1 when a check failed, warnings alone 0. */
export function summarize(results: CheckResult[]): { line: string; exitCode: number } {
  const failed = results.filter((result) => result.status === 'fail').map((result) => result.name);
  const warnings = results.filter((result) => result.status === 'warn').length;
  const warned = warnings === 1 ? '1 warning' : `${warnings} warnings`;
  if (failed.length > 0) {
    const also = warnings > 0 ? `; ${warned}` : '';
    return { line: `Failed: ${failed.join(', ')}${also}.`, exitCode: 1 };
  }
  return { line: warnings > 0 ? `No failures, ${warned}.` : 'All checks passed.', exitCode: 0 };
}

/**
 * `npm run doctor`: reads the configuration as the server does (config.ts),
 * runs every check, prints one line each and a last line, and returns the
 * exit code. A bad configuration is the first failed check, and the only
 * one: the others would read it.
 */
export async function runDoctor(options: {
  env: Record<string, string | undefined>;
  print: (line: string) => void;
  timeoutMs?: number;
  freeBytes?: CheckContext['freeBytes'];
}): Promise<number> {
  let config: Config;
  const results: CheckResult[] = [];
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    results.push(
      fail(
        'configuration',
        error.issues.join('; '),
        'fix these variables in the environment (or the environment file) and run again',
      ),
    );
  }
  if (results.length === 0) {
    const context: CheckContext = {
      config: config!,
      env: options.env,
      timeoutMs: options.timeoutMs ?? DOCTOR_TIMEOUT_MS,
      freeBytes: options.freeBytes ?? statfsFreeBytes,
    };
    // Side by side (each waits at most timeoutMs on the network), printed in order.
    const settled = await Promise.all(
      CHECKS.map(([name, check]) => runCheck(name, check, context)),
    );
    results.push(...settled.filter((result) => result !== null));
  }
  for (const result of results) options.print(formatResult(result));
  const { line, exitCode } = summarize(results);
  options.print(line);
  return exitCode;
}

/** A check that throws is a failed line, not a stack trace. */
async function runCheck(
  name: string,
  check: Check,
  context: CheckContext,
): Promise<CheckResult | null> {
  try {
    return await check(context);
  } catch (error) {
    return fail(
      name,
      `the check itself failed: ${(error as Error).message}`,
      'an unexpected error: report it with this line',
    );
  }
}
