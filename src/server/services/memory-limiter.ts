/**
 * Fixed-window counters in this process's memory: the first line against a
 * flood from one client address, answered before the request touches the
 * database or hashes a password. The database-backed limiter behind it
 * (rate-limiter.ts) keeps the budget shared across instances; this one only
 * makes refusing cheap. Memory is bounded: past `maxKeys` the windows that
 * have ended are dropped, and if none has, the oldest ones.
 */
export class MemoryLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: { maxKeys?: number; now?: () => number } = {}) {
    this.#maxKeys = options.maxKeys ?? 50_000;
    this.#now = options.now ?? Date.now;
  }

  /** Counts a hit; `allowed` is false once `limit` hits fell in the current window. */
  hit(
    key: string,
    limit: number,
    windowMs: number,
  ): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (!window && this.#windows.size >= this.#maxKeys) this.#makeRoom(now);
      window = { count: 0, endsAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
    };
  }

  get size(): number {
    return this.#windows.size;
  }

  #makeRoom(now: number): void {
    for (const [key, window] of this.#windows) {
      if (window.endsAt <= now) this.#windows.delete(key);
    }
    // Still full: drop the oldest tenth (a Map iterates in insertion order).
    if (this.#windows.size >= this.#maxKeys) {
      let drop = Math.ceil(this.#maxKeys / 10);
      for (const key of this.#windows.keys()) {
        if (drop-- <= 0) break;
        this.#windows.delete(key);
      }
    }
  }
}
