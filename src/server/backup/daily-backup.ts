import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { romeDateTime } from '../../shared/opening-hours.ts';
import type { BackupStatus } from '../../shared/schemas/backups.ts';
import type { Database } from '../db/database.ts';
import { errorCode } from '../error-code.ts';
import { removeOldBackups, takeBackup, type BackupSource } from './backup.ts';

/** The time of day in Rome from which the day's backup is due: the restaurant is closed. */
export const DAILY_BACKUP_TIME = '03:30';
/** With backups on, none younger than this is a warning for the owners. */
export const STALE_AFTER_MS = 48 * 60 * 60 * 1000;

/**
 * The daily backup (BACKUP_DIR, unset: off): every instance looks now and
 * then, and the first to look at or after 03:30 in Rome takes the day's
 * backup into BACKUP_DIR, then keeps the newest BACKUP_KEEP backups there.
 * Once whatever the number of instances: each claims the day by inserting
 * its row in `backup_runs`, and only the one whose insert succeeded goes on.
 * The row then records the outcome, which the owners see (`status`).
 */
export class DailyBackup {
  readonly #db: Kysely<Database>;
  readonly #source: BackupSource;
  readonly #dir: string | undefined;
  readonly #keep: number;
  readonly #passphrase: string | undefined;
  readonly #now: () => number;
  readonly #log: FastifyBaseLogger;
  /** The last day this instance claimed or found claimed: nothing more to do until the next. */
  #settledDay = '';
  #running: Promise<void> | undefined;

  constructor(options: {
    db: Kysely<Database>;
    source: BackupSource;
    dir: string | undefined;
    keep: number;
    /** BACKUP_PASSPHRASE: set, each backup is encrypted with it. */
    passphrase?: string;
    now: () => number;
    log: FastifyBaseLogger;
  }) {
    this.#db = options.db;
    this.#source = options.source;
    this.#dir = options.dir;
    this.#keep = options.keep;
    this.#passphrase = options.passphrase;
    this.#now = options.now;
    this.#log = options.log;
  }

  /** Takes the day's backup if it is due and no instance claimed it; never rejects (failures are logged and recorded). */
  check(): Promise<void> {
    this.#running ??= this.#takeIfDue()
      .catch((error: unknown) =>
        this.#log.error(
          { code: errorCode(error) },
          'daily backup: could not claim or record the day',
        ),
      )
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Waits for a backup under way (the app closes after it, not under it). */
  async stop(): Promise<void> {
    await this.#running;
  }

  async #takeIfDue(): Promise<void> {
    const dir = this.#dir;
    if (dir === undefined) return;
    const at = this.#now();
    const { date, time } = romeDateTime(new Date(at));
    if (time < DAILY_BACKUP_TIME || date === this.#settledDay) return;
    const claim = await this.#db
      .insertInto('backup_runs')
      .values({ day: date, started_at: new Date(at).toISOString() })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .executeTakeFirst();
    this.#settledDay = date;
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return;

    try {
      const { file, bytes } = await takeBackup(this.#source, dir, at, this.#passphrase);
      const removed = await removeOldBackups(dir, this.#keep);
      await this.#finish(date, { file, bytes });
      this.#log.info({ file, bytes, removed }, 'daily backup taken');
    } catch (error) {
      // By code: a message could quote a path or a row, never wanted in the log.
      const code = errorCode(error);
      this.#log.error({ code }, 'daily backup failed');
      await this.#finish(date, { error: code });
    }
  }

  async #finish(day: string, outcome: { file: string; bytes: number } | { error: string }) {
    await this.#db
      .updateTable('backup_runs')
      .set({ finished_at: new Date(this.#now()).toISOString(), ...outcome })
      .where('day', '=', day)
      .execute();
  }

  /** What the owners see: on or off, the last backup taken, the last failure, and whether the copies are too old. */
  async status(): Promise<BackupStatus> {
    const finished = this.#db
      .selectFrom('backup_runs')
      .where('finished_at', 'is not', null)
      .orderBy('finished_at', 'desc')
      .limit(1);
    const success = await finished
      .where('error', 'is', null)
      .select(['finished_at', 'bytes'])
      .executeTakeFirst();
    const failure = await finished
      .where('error', 'is not', null)
      .select('finished_at')
      .executeTakeFirst();
    const lastSuccess = success ? { at: success.finished_at!, bytes: success.bytes ?? 0 } : null;
    const enabled = this.#dir !== undefined;
    return {
      enabled,
      lastSuccess,
      lastFailure: failure ? { at: failure.finished_at! } : null,
      stale:
        enabled &&
        (lastSuccess === null || this.#now() - Date.parse(lastSuccess.at) > STALE_AFTER_MS),
    };
  }
}
