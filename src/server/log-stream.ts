import { prettyFactory } from 'pino-pretty';
import { destination, type DestinationStream } from 'pino';
import { romeTimestamp } from '../shared/opening-hours.ts';
import type { Config } from './config.ts';

/**
 * Where the server's log lines go, and in which form (CONTRACT.md "Going
 * live", "Logs"): JSON lines, what a log collector reads, or pino-pretty's
 * lines for a person at a terminal. Both forms are made from the same pino
 * record, after app.ts's serializers (tokens and guest data masked, item 34;
 * database errors cleaned, item 43), so the pretty lines hold nothing the
 * JSON ones do not.
 */
export type LogFormat = NonNullable<Config['LOG_FORMAT']>;

/** Something log text can be written to; a terminal says so with `isTTY`. */
export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** LOG_FORMAT when set; otherwise pretty on a terminal, JSON anywhere else (a pipe, a file, journald). */
export function logFormat(
  configured: Config['LOG_FORMAT'],
  output: Pick<LogOutput, 'isTTY'> = process.stdout,
): LogFormat {
  return configured ?? (output.isTTY === true ? 'pretty' : 'json');
}

/**
 * The pino destination for a format. JSON: `output` as it is (none given:
 * undefined, so that pino writes to standard output as it always has).
 * Pretty: each JSON line turned into pino-pretty's text and written at once,
 * in this process, on this thread: not pino's worker-thread transport, so a
 * line logged just before `process.exit` (serve.ts) is not lost, and the
 * server stays one process with no extra thread.
 */
export function logDestination(
  format: LogFormat,
  output?: LogOutput,
): DestinationStream | undefined {
  if (format === 'json') return output;
  const target = output ?? destination({ dest: 1, sync: true });
  const prettify = prettyFactory({
    colorize: (output ?? process.stdout).isTTY === true,
    translateTime: false,
    customPrettifiers: {
      time: (time) => `[${typeof time === 'number' ? romeTimestamp(time) : String(time)}]`,
    },
    ignore: 'pid,hostname',
  });
  return { write: (line: string) => void target.write(prettify(line)) };
}
