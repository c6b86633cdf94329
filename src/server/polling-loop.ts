/**
 * A queue's worker loop (the mail outbox, the push deliveries): `drain`
 * runs now when kicked (after a commit that queued something) or every
 * `pollMs` otherwise, never twice at once; a kick during a drain runs one
 * more right after it, so nothing queued meanwhile waits for the next poll.
 */
export class PollingLoop {
  readonly #drain: () => Promise<unknown>;
  readonly #pollMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #skipPollWhile: () => boolean;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  /** Not started, or stopped: nothing runs by itself. */
  #stopped = true;

  constructor(options: {
    drain: () => Promise<unknown>;
    pollMs: number;
    /** A drain that threw: logged by the owner, the loop goes on. */
    onError: (error: unknown) => void;
    /**
     * While this holds, a poll that falls due is passed over (the next one
     * is `pollMs` later): a wake is on its way (`QuietWake.waiting`), which
     * kicks the loop once the burst has passed.
     */
    skipPollWhile?: () => boolean;
  }) {
    this.#drain = options.drain;
    this.#pollMs = options.pollMs;
    this.#onError = options.onError;
    this.#skipPollWhile = options.skipPollWhile ?? (() => false);
  }

  start(): void {
    this.#stopped = false;
    this.kick();
  }

  kick(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#running = this.#drain()
      .then(() => undefined)
      .catch(this.#onError)
      .finally(() => {
        this.#running = undefined;
        if (this.#stopped) return;
        if (this.#again) {
          this.#again = false;
          this.kick();
        } else {
          this.#poll();
        }
      });
  }

  #poll(): void {
    this.#timer = setTimeout(
      () => (this.#skipPollWhile() ? this.#poll() : this.kick()),
      this.#pollMs,
    );
    this.#timer.unref();
  }

  /** Stops polling and waits for the drain under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}

/**
 * A wake that waits for a quiet moment: `request` runs `wake` once no other
 * request came for `quietMs` and nothing is `busy`, and at the latest
 * `mostMs` after the first one it waits with. The senders are woken so
 * after each commit that queued a mail or a push message: in a burst of
 * bookings each sent mail is two writes flushed to disk (claimed, then
 * sent), which took turns with the guests still waiting; woken once the
 * burst has passed, the mails go a moment later and the guests are answered
 * sooner (docs/performance.md, "200-request bursts"). The senders' own
 * polls wait for it too (`PollingLoop`'s `skipPollWhile`): a poll falling
 * in the burst would drain it mail by mail. What is queued is in the
 * database already: a crash loses no mail, the next start or poll sends it.
 */
export class QuietWake {
  readonly #wake: () => void;
  readonly #quietMs: number;
  readonly #mostMs: number;
  readonly #busy: () => boolean;
  #timer: NodeJS.Timeout | undefined;
  /** When the first request still waiting came (ms, performance.now), or null. */
  #since: number | null = null;

  constructor(
    wake: () => void,
    options: {
      quietMs: number;
      mostMs: number;
      /**
       * While this holds, the moment is not quiet however long since the
       * last request: decisions are waiting for their turn of the lock,
       * which on PostgreSQL with two instances leaves gaps between one
       * instance's commits (docs/performance.md, "Refusals read what the
       * turn keeps").
       */
      busy?: () => boolean;
    },
  ) {
    this.#wake = wake;
    this.#quietMs = options.quietMs;
    this.#mostMs = options.mostMs;
    this.#busy = options.busy ?? (() => false);
  }

  /** Whether a wake is on its way: requested, not yet run. */
  get waiting(): boolean {
    return this.#timer !== undefined;
  }

  request(): void {
    this.#since ??= performance.now();
    this.#arm();
  }

  /** Waits `quietMs`, or what is left of `mostMs`, then wakes unless still busy. */
  #arm(): void {
    clearTimeout(this.#timer);
    const left = this.#since! + this.#mostMs - performance.now();
    this.#timer = setTimeout(
      () => {
        if (this.#busy() && performance.now() < this.#since! + this.#mostMs) {
          this.#arm();
          return;
        }
        this.#since = null;
        this.#timer = undefined;
        this.#wake();
      },
      Math.max(0, Math.min(this.#quietMs, left)),
    );
    this.#timer.unref();
  }

  /** Forgets a wake still waiting (the app is closing). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#since = null;
  }
}
