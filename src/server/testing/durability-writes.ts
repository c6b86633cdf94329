// The writes a durability cycle fires at the server until its kill (durability.ts).

export interface Attempt {
  cycle: number;
  key: string;
  /** The HTTP status, or undefined when the connection was cut first. */
  status?: number;
  /** The id a 202 named (contact posts). */
  id?: number;
}

/** The stream of writes of one cycle: `concurrency` workers until the server is gone. */
export class WriteStream {
  readonly saves: Attempt[] = [];
  readonly posts: Attempt[] = [];
  readonly url: string;
  readonly token: string;
  readonly cycle: number;
  readonly random: () => number;
  readonly nextClient: () => string;
  #stopped = false;
  #workers: Promise<void>[] = [];

  constructor(options: {
    url: string;
    token: string;
    cycle: number;
    random: () => number;
    nextClient: () => string;
  }) {
    this.url = options.url;
    this.token = options.token;
    this.cycle = options.cycle;
    this.random = options.random;
    this.nextClient = options.nextClient;
  }

  start(concurrency: number) {
    for (let i = 0; i < concurrency; i += 1) this.#workers.push(this.#work());
  }

  async stop() {
    this.#stopped = true;
    await Promise.all(this.#workers);
  }

  async #work() {
    while (!this.#stopped) {
      // One post in three: each post is a mail, and the outbox delivers them one at a time.
      const attempt = this.random() < 1 / 3 ? this.#post() : this.#save();
      // A cut connection means the process is gone: this worker is done.
      if ((await attempt).status === undefined) return;
    }
  }

  #unique() {
    return Math.floor(this.random() * 36 ** 6).toString(36);
  }

  async #save(): Promise<Attempt> {
    const attempt: Attempt = {
      cycle: this.cycle,
      key: `dur-c${this.cycle}-s${this.saves.length}-${this.#unique()}`,
    };
    this.saves.push(attempt);
    try {
      const response = await fetch(`${this.url}/api/daily-menu/1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
        body: JSON.stringify({
          titolo: attempt.key,
          descrizione: 'Spaghetti ai ricci, Pesce spada alla ghiotta',
          infoAggiuntive: 'Acqua inclusa',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json()) as { titolo?: string };
      attempt.status = response.status;
      if (response.ok && body.titolo !== attempt.key) attempt.status = -1; // answered someone else's save
    } catch {
      // cut off by the kill: not acknowledged
    }
    return attempt;
  }

  async #post(): Promise<Attempt> {
    const attempt: Attempt = {
      cycle: this.cycle,
      key: `dur-c${this.cycle}-p${this.posts.length}-${this.#unique()}`,
    };
    this.posts.push(attempt);
    try {
      const response = await fetch(`${this.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': this.nextClient() },
        body: JSON.stringify({
          firstName: 'Durability',
          lastName: attempt.key,
          email: 'visitor@example.com',
          message: `Messaggio di prova ${attempt.key}: un tavolo per due, grazie.`,
          privacy: true,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json()) as { id?: number };
      attempt.status = response.status;
      if (typeof body.id === 'number') attempt.id = body.id;
    } catch {
      // cut off by the kill: not acknowledged
    }
    return attempt;
  }
}

export const acknowledged = (attempt: Attempt) =>
  attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
