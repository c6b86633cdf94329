import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * Rendered public pages kept in memory per (path, language), already
 * compressed, so a page view costs a map lookup (ENGINEERING.md architecture).
 * `clear()` is the content version bump: whatever changes what a page shows
 * (a daily-menu save) calls it.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #maxEntries: number;

  constructor(maxEntries = 200) {
    this.#maxEntries = maxEntries;
  }

  get(key: string): CachedPage | undefined {
    return this.#entries.get(key);
  }

  async store(
    key: string,
    page: { status: number; headers: Record<string, string>; body: Buffer },
  ): Promise<CachedPage> {
    const generation = this.#generation;
    const [br, gz] = await Promise.all([
      brotli(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipAsync(page.body, { level: 6 }),
    ]);
    const entry: CachedPage = {
      ...page,
      br,
      gzip: gz,
      etag: `"${createHash('sha256').update(page.body).digest('base64url').slice(0, 27)}"`,
    };
    // A page rendered before a clear() shows old content: do not keep it.
    if (generation !== this.#generation) return entry;
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  #generation = 0;

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
