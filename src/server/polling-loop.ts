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
  }) {
    this.#drain = options.drain;
    this.#pollMs = options.pollMs;
    this.#onError = options.onError;
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
          this.#timer = setTimeout(() => this.kick(), this.#pollMs);
          this.#timer.unref();
        }
      });
  }

  /** Stops polling and waits for the drain under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }
}
