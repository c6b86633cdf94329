// The writes a durability cycle fires at the server until its kill (durability.ts), and
// what every kind of write (durable-writes/*.ts) has in common.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

export interface Attempt<Detail = unknown> {
  cycle: number;
  /** The token that names this write in what it stores (a title, a name, an alt text). */
  key: string;
  /** The HTTP status, or undefined when the connection was cut first. */
  status?: number;
  /** The id a 2xx named. */
  id?: number;
  /** A 409's error code (a refusal for capacity). */
  code?: string;
  /** What the write asked for, as its kind's checks need it. */
  detail: Detail;
}

/** Where a cycle's writes go: the live server, staff's token, a fresh client address per request. */
export interface Target {
  url: string;
  token: string;
  cycle: number;
  random: () => number;
  /** A client address of its own (X-Forwarded-For, TRUST_PROXY=loopback), so address limits stay out of the way. */
  nextClient: () => string;
}

/** What the checks of one kind found over the whole run, each broken promise named once. */
export class Findings {
  readonly #problem: (text: string) => void;
  /** Acknowledged, then missing (or stored twice, or answered with another's id) after a kill. */
  readonly lost = new Set<string>();
  /** Stored without part of itself (an order's lines, a photo's files, a request's mails). */
  readonly half = new Set<string>();
  /** Limits found exceeded (a slot's covers, a pickup slot's oven or kitchen). */
  readonly overLimit = new Set<string>();
  /** Refusals for capacity that what is stored does not explain. */
  readonly wrongRefusals = new Set<string>();

  constructor(problem: (text: string) => void) {
    this.#problem = problem;
  }

  /** Records `key` in `set`; the problem is reported the first time only. */
  note(set: Set<string>, key: string, text: string) {
    if (set.has(key)) return;
    set.add(key);
    this.#problem(text);
  }
}

/**
 * One kind of write: how to send one, and how to check the database at
 * rest after a kill. A kind keeps its attempts across cycles.
 */
export interface WriteKind {
  /** Short, for the progress lines. */
  readonly name: string;
  /** For the summary table. */
  readonly label: string;
  /** Its share of the stream (relative to the others'). */
  readonly weight: number;
  readonly attempts: Attempt[];
  /** The 409 codes that are a correct answer (capacity), besides a 2xx. */
  readonly refusalCodes: readonly string[];
  /** False when it cannot send right now (a photo slot already in flight). */
  ready?(): boolean;
  send(target: Target): Promise<Attempt>;
  /** After a kill, the server gone: every acknowledged write whole and once, every limit held. */
  verify(db: Kysely<Database>, cycle: number, findings: Findings): Promise<void>;
  /** After the last cycle: every refusal for capacity explained by what is stored. */
  verifyRefusals?(db: Kysely<Database>, findings: Findings): Promise<void>;
}

export const acknowledged = (attempt: Attempt) =>
  attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;

/** A random token, unique within a run. */
export const unique = (random: () => number) => Math.floor(random() * 36 ** 6).toString(36);

/**
 * Sends one request and records its answer on `attempt`: the status, the
 * id a 2xx named, a 409's code. A cut connection (the kill) leaves the
 * status undefined. Answers the parsed body, when there is one.
 */
export async function send(
  attempt: Attempt,
  url: string,
  init: { method: string; headers: Record<string, string>; body: string | Blob },
): Promise<Record<string, unknown> | undefined> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await response.text();
    attempt.status = response.status;
    let body: Record<string, unknown> = {};
    try {
      if (text) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: the status says enough (an unexpected one is a problem, durability.ts)
    }
    if (typeof body.id === 'number') attempt.id = body.id;
    const errors = body.errors;
    if (Array.isArray(errors)) attempt.code = (errors[0] as { code?: string } | undefined)?.code;
    return body;
  } catch {
    // cut off by the kill (or its body was): not acknowledged
    attempt.status = undefined;
    return undefined;
  }
}

export const json = (token?: string, client?: string): Record<string, string> => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(client ? { 'x-forwarded-for': client } : {}),
});

/** The stream of writes of one cycle: `concurrency` workers until the server is gone. */
export class WriteStream {
  readonly #kinds: readonly WriteKind[];
  readonly #target: Target;
  #stopped = false;
  #workers: Promise<void>[] = [];

  constructor(kinds: readonly WriteKind[], target: Target) {
    this.#kinds = kinds;
    this.#target = target;
  }

  start(concurrency: number) {
    for (let i = 0; i < concurrency; i += 1) this.#workers.push(this.#work());
  }

  async stop() {
    this.#stopped = true;
    await Promise.all(this.#workers);
  }

  #pick(): WriteKind {
    const ready = this.#kinds.filter((kind) => kind.ready?.() ?? true);
    const total = ready.reduce((sum, kind) => sum + kind.weight, 0);
    let at = this.#target.random() * total;
    for (const kind of ready) {
      at -= kind.weight;
      if (at < 0) return kind;
    }
    return ready.at(-1)!;
  }

  async #work() {
    while (!this.#stopped) {
      const kind = this.#pick();
      const attempt = await kind.send(this.#target);
      // A cut connection means the process is gone: this worker is done.
      if (attempt.status === undefined) return;
    }
  }
}
