import { precompress, type Precompressed } from '../precompressed.ts';

/** A kept page (precompressed.ts): its headers, body, compressed forms and ETag. */
export type CachedPage = Precompressed;

/**
 * Rendered public pages kept in memory per (path, language), already
 * compressed, so a page view costs a map lookup (and, in a cache of their
 * own, the public JSON answers of the content: routes/api/content-json.ts). The entries belong to one
 * content version (the database's, shared by every instance) and one date in
 * Rome: a page may show what holds on that date (the notice that the
 * restaurant is closed today), so `sync()` with another version or another
 * date drops them all, and a page kept at 23:59 is rendered afresh at 00:00.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #maxEntries: number;
  #generation = 0;
  #version: number | undefined;
  #date: string | undefined;

  constructor(maxEntries = 200) {
    this.#maxEntries = maxEntries;
  }

  /** The keys kept, oldest first. */
  keys(): string[] {
    return [...this.#entries.keys()];
  }

  get(key: string): CachedPage | undefined {
    return this.#entries.get(key);
  }

  /**
   * Take before rendering a page, give to `store()` after: a page whose
   * rendering began before a clear may show the old content and is not kept.
   */
  get generation(): number {
    return this.#generation;
  }

  /**
   * The content version the database has now (undefined: unknown, the kept
   * one stands) and today's date in Rome: entries of another are dropped.
   */
  sync(version: number | undefined, date: string): void {
    const sameVersion = version === undefined || version === this.#version;
    if (sameVersion && date === this.#date) return;
    this.#clear();
    if (version !== undefined) this.#version = version;
    this.#date = date;
  }

  /**
   * The entry under `key` for a content version known without a read of the
   * database (undefined: not known so, nothing is answered) and today's date:
   * what the answers sent before Fastify look up (front-answers.ts).
   */
  getAt(key: string, version: number | undefined, date: string): CachedPage | undefined {
    if (version === undefined) return undefined;
    this.sync(version, date);
    return this.#entries.get(key);
  }

  async store(
    key: string,
    page: { status: number; headers: Record<string, string>; body: Buffer },
    /** `generation` when the page began to render: a page of a dropped generation is not kept. */
    generation: number,
  ): Promise<CachedPage> {
    const entry = await precompress(page);
    if (generation !== this.#generation) return entry;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  #clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
