import QRCode from 'qrcode';
import type { Lang } from '../../shared/languages.ts';
import type { MenuView } from '../../shared/schemas/menu.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { renderMenuPdf } from './menu-pdf.ts';
import { strongEtag } from '../precompressed.ts';

/** A generated file and the validator its answers carry. */
export interface PrintedFile {
  bytes: Buffer;
  /** A strong ETag from the bytes themselves, quotes included. */
  etag: string;
}

const printed = (bytes: Buffer): PrintedFile => ({ bytes, etag: strongEtag(bytes) });

/**
 * The menu on paper: a PDF per language and the QR code of each language's
 * /menu page (docs/decisions/010).
 *
 * A PDF takes a noticeable time to lay out (about 150 ms for today's menu),
 * so each language's is kept for the content version and the day in Rome it
 * was made for: a request waits at most for one generation, requests that
 * arrive during it share it, and every later one is answered from memory.
 * The content version is the database's (shared by every instance), so an
 * edit on any instance makes every instance generate afresh on the next
 * request; the day is printed on the document, so a new day does too.
 * Without a known content version nothing is kept, as for every other cache.
 */
export class PrintableMenu {
  readonly #menu: (lang: Lang) => Promise<MenuView>;
  readonly #restaurant: () => Promise<RestaurantFacts>;
  readonly #notes: (lang: Lang) => Promise<readonly string[]>;
  readonly #contentVersion: () => Promise<number | undefined>;
  readonly #today: () => string;
  readonly #publicUrl: string;
  readonly #pdfs = new Map<Lang, { version: number; date: string; file: Promise<PrintedFile> }>();
  readonly #qrCodes = new Map<Lang, Promise<PrintedFile>>();
  /** How many PDFs were laid out, for tests of the cache. */
  generated = 0;

  constructor(options: {
    menu: (lang: Lang) => Promise<MenuView>;
    restaurant: () => Promise<RestaurantFacts>;
    /** The menu's notes in a language (page texts), printed at its foot. */
    notes: (lang: Lang) => Promise<readonly string[]>;
    contentVersion: () => Promise<number | undefined>;
    /** Today's date in Rome, `YYYY-MM-DD`, at the app's clock. */
    today: () => string;
    /** The site's public origin, without a trailing slash (config PUBLIC_URL). */
    publicUrl: string;
  }) {
    this.#menu = options.menu;
    this.#restaurant = options.restaurant;
    this.#notes = options.notes;
    this.#contentVersion = options.contentVersion;
    this.#today = options.today;
    this.#publicUrl = options.publicUrl;
  }

  /** The whole menu in `lang` as a PDF, as the content is now. */
  async pdf(lang: Lang): Promise<PrintedFile> {
    const version = await this.#contentVersion();
    const date = this.#today();
    if (version === undefined) return this.#generate(lang, date);
    const kept = this.#pdfs.get(lang);
    if (kept?.version === version && kept.date === date) return kept.file;
    const file = this.#generate(lang, date);
    this.#pdfs.set(lang, { version, date, file });
    file.catch(() => {
      if (this.#pdfs.get(lang)?.file === file) this.#pdfs.delete(lang);
    });
    return file;
  }

  async #generate(lang: Lang, date: string): Promise<PrintedFile> {
    const [menu, restaurant, notes] = await Promise.all([
      this.#menu(lang),
      this.#restaurant(),
      this.#notes(lang),
    ]);
    this.generated += 1;
    return printed(await renderMenuPdf({ lang, menu, restaurant, date, notes }));
  }

  /** The address a table's QR code opens: the menu page in `lang`. */
  menuUrl(lang: Lang): string {
    return `${this.#publicUrl}/menu?lng=${lang}`;
  }

  /**
   * The QR code of `menuUrl(lang)` as SVG, kept for the life of the process
   * (it depends on PUBLIC_URL alone). Error correction level Q (a quarter of
   * the code may be lost) because table cards get stained and folded; the
   * address is short, so the code stays coarse enough for any phone.
   */
  qrSvg(lang: Lang): Promise<PrintedFile> {
    let kept = this.#qrCodes.get(lang);
    if (!kept) {
      kept = QRCode.toString(this.menuUrl(lang), {
        type: 'svg',
        errorCorrectionLevel: 'Q',
        margin: 4,
      }).then((svg) => printed(Buffer.from(svg)));
      this.#qrCodes.set(lang, kept);
    }
    return kept;
  }
}
