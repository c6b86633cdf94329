import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContentVersion } from '../../services/content-version.ts';
import { precompress, sendPrecompressed, type Precompressed } from '../../precompressed.ts';

/** What an answer is about to be worked out from: the versions known without a read, and the clock. */
export interface Asked {
  versions: readonly (number | undefined)[];
  at: number;
}

/** Every address answered is kept for the front; guests choose the address, so at most this many. */
const MAX_ADDRESSES = 1024;

/**
 * Answers that a service keeps in memory (the same object while what it was
 * worked out from stays), sent as JSON serialised and compressed once per
 * kept object rather than at every request: the route's response schema
 * parses the answer once, as Fastify's serializer would, so the bytes are
 * the same. Serialising a day's slots at every request was most of what a
 * guest's availability or pickup-slots request cost beyond Fastify's own
 * work (docs/performance.md, "Availability and pickup slots from memory").
 *
 * Each answer is also kept by its address for the answers sent before
 * Fastify (front-answers.ts, `keptFor`), while it is certainly still the
 * answer: the versions it was worked out at are still current without a
 * read of the database (an edit on this instance expires them at once,
 * another instance's within their 250 ms), and the clock is still within
 * the same second and before `changesAt`. Within a second the slots a
 * guest may book stay the same: a slot closes on a whole minute (its time
 * less the notice), and a seated party's running late is counted by the
 * second (table-state.ts).
 */
export class KeptJson<K extends object, S extends z.ZodType> {
  readonly #schema: S;
  readonly #versions: readonly ContentVersion[];
  readonly #now: () => number;
  readonly #answers = new WeakMap<K, Promise<Precompressed>>();
  readonly #byAddress = new Map<
    string,
    { answer: Precompressed; versions: readonly (number | undefined)[]; until: number }
  >();

  /** `versions`: everything the answers are worked out from is kept per one of these; `now`, the app's clock. */
  constructor(schema: S, options: { versions: readonly ContentVersion[]; now: () => number }) {
    this.#schema = schema;
    this.#versions = options.versions;
    this.#now = options.now;
  }

  /**
   * Taken before the service works the answer out: the versions it will be
   * worked out at or after (read if need be, as the service would), and the clock.
   */
  async asked(): Promise<Asked> {
    const at = this.#now();
    const versions = await Promise.all(this.#versions.map((version) => version.current()));
    return { versions, at };
  }

  /**
   * Sends `answer(kept)`, worked out once per `kept`, and keeps it for its
   * address unless `asked` is undefined (an answer for staff, whose session
   * the front does not check). `changesAt`: an instant at which the answer
   * changes whatever the versions (a pause of the orders ending).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    asked: Asked | undefined,
    kept: K,
    answer: (kept: K) => z.input<S>,
    changesAt = Infinity,
  ): Promise<FastifyReply> {
    const precompressed = await this.#precompressed(kept, answer);
    if (asked) this.#keep(request.url, asked, precompressed, changesAt);
    return sendPrecompressed(request, reply, precompressed);
  }

  /** The answer kept for a GET of `url` while it is certainly still the answer (see above). */
  keptFor(url: string): Precompressed | undefined {
    const kept = this.#byAddress.get(url);
    if (!kept || this.#now() >= kept.until) return undefined;
    for (let i = 0; i < this.#versions.length; i += 1) {
      if (this.#versions[i]!.currentIfFresh() !== kept.versions[i]) return undefined;
    }
    return kept.answer;
  }

  #keep(url: string, asked: Asked, answer: Precompressed, changesAt: number): void {
    const until = Math.min(Math.floor(asked.at / 1000) * 1000 + 1000, changesAt);
    if (asked.versions.includes(undefined) || this.#now() >= until) return;
    // A version that moved while the answer was worked out: it may be from either.
    const current = this.#currentVersions();
    if (current.some((version, i) => version !== asked.versions[i])) return;
    if (!this.#byAddress.has(url) && this.#byAddress.size >= MAX_ADDRESSES) {
      this.#byAddress.clear();
    }
    this.#byAddress.set(url, { answer, versions: asked.versions, until });
  }

  #currentVersions(): (number | undefined)[] {
    return this.#versions.map((version) => version.currentIfFresh());
  }

  #precompressed(kept: K, answer: (kept: K) => z.input<S>): Promise<Precompressed> {
    let made = this.#answers.get(kept);
    if (made === undefined) {
      const text = JSON.stringify(this.#schema.parse(answer(kept)));
      made = precompress({
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          // As every API answer that does not choose (api-conventions.ts): it changes by the minute.
          'cache-control': 'no-store',
        },
        body: Buffer.from(text),
        text,
      });
      this.#answers.set(kept, made);
      // A compression that failed is not kept: the next request tries again.
      made.catch(() => this.#answers.delete(kept));
    }
    return made;
  }
}
