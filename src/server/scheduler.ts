import { errorCode } from './error-code.ts';

/** A job that throws is logged by its code: a message may name a guest (docs/security.md item 43). */
type FailureLog = (fields: { job: string; code: string }, message: string) => void;

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
}

/**
 * The server's one scheduler (docs/ENGINEERING's "Scheduled work", CONTRACT.md
 * part four): each job (the reminders, the review requests, the retention,
 * the daily backup, the housekeeping) runs at the server's start and then
 * every `everyMs`, never twice at once on one instance, each apart so that
 * one failing never stops another. Jobs decide by the app's clock
 * (`CLOCK_START` moves it) and claim each due item in the database, so a
 * mail goes once however many instances run them.
 */
export class Scheduler {
  readonly #jobs: Job[] = [];
  readonly #logFailure: FailureLog;
  #started = false;

  constructor(logFailure: FailureLog) {
    this.#logFailure = logFailure;
  }

  /** Adds a job (before the server starts). */
  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    if (this.#started) throw new Error(`the scheduler has started: ${name} comes too late`);
    this.#jobs.push({ name, everyMs, run });
  }

  /** Runs every job now, then on its period. */
  start(): void {
    this.#started = true;
    for (const job of this.#jobs) {
      this.#runOnce(job);
      job.timer = setInterval(() => this.#runOnce(job), job.everyMs);
      job.timer.unref();
    }
  }

  /**
   * Runs every job once more now and waits for it, after any run under way:
   * what the start does, for a caller that has just moved the clock (a
   * test's next morning).
   */
  async runNow(): Promise<void> {
    await this.idle();
    for (const job of this.#jobs) this.#runOnce(job);
    await this.idle();
  }

  /**
   * Waits for the runs under way. A timer that fires while its job still
   * runs is skipped, so a caller that moves the clock twice waits in between.
   */
  async idle(): Promise<void> {
    await Promise.all(this.#jobs.map((job) => job.running));
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    for (const job of this.#jobs) clearInterval(job.timer);
    await this.idle();
  }

  #runOnce(job: Job): void {
    if (job.running) return;
    job.running = job
      .run()
      .then(() => undefined)
      .catch((error: unknown) =>
        this.#logFailure({ job: job.name, code: errorCode(error) }, `${job.name} failed`),
      )
      .finally(() => {
        job.running = undefined;
      });
  }
}
