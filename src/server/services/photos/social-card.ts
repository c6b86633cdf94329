import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Sharp } from 'sharp';
import type { Database } from '../../db/database.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
import type { PhotoFocus, PhotoView } from '../../../shared/schemas/photos.ts';
import { ContentMemo } from '../content-version.ts';

/** The size social networks show a large card at. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;
const { width: WIDTH, height: HEIGHT } = SOCIAL_CARD_SIZE;

/** The `image_files` owner of the cards: served under /photos/ like the photos' files. */
const OWNER = 'social-card';

const JPEG = { quality: 80, mozjpeg: true } as const;

/** The card as pages name it: `og:image` and `twitter:image`. */
export interface SocialCard {
  /** `/photos/{name}.jpg`, on the site's own origin. */
  path: string;
  width: number;
  height: number;
}

/** What a card shows: the restaurant's name and town over its hero picture (the largest JPEG). */
interface CardSource {
  name: string;
  place: string;
  hero: { path: string; focus: PhotoFocus } | null;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.codePointAt(0)};`);

/** Where the text may run: the card less its margins. */
const TEXT_WIDTH = WIDTH - 2 * 80;
/** A serif's average advance, in ems: an estimate, enough to choose a size. */
const EM_PER_CHARACTER = 0.6;
const sizeFor = (text: string, max: number) =>
  Math.max(40, Math.min(max, Math.floor(TEXT_WIDTH / (text.length * EM_PER_CHARACTER))));

/** The name on one line, or on two (split at the space nearest its middle) when one would be too small. */
function titleLines(name: string): { lines: string[]; size: number } {
  if (sizeFor(name, 84) >= 64 || !name.includes(' '))
    return { lines: [name], size: sizeFor(name, 84) };
  const middle = name.length / 2;
  let split = -1;
  for (let i = name.indexOf(' '); i !== -1; i = name.indexOf(' ', i + 1)) {
    if (split === -1 || Math.abs(i - middle) < Math.abs(split - middle)) split = i;
  }
  const lines = [name.slice(0, split), name.slice(split + 1)];
  const longest = lines.reduce((a, b) => (a.length >= b.length ? a : b));
  return { lines, size: sizeFor(longest, 72) };
}

/**
 * The text over the picture, as an SVG sharp renders with the system's fonts
 * (the serif the card has always used): a shade rising from the bottom so
 * that white text reads over any photo, the name, the town. The owner's
 * words are escaped: they are data, never markup.
 */
function overlaySvg(source: CardSource): string {
  const { lines, size } = titleLines(source.name);
  const placeY = HEIGHT - 70;
  const lastTitleY = placeY - 70;
  const title = lines
    .map((line, i) => {
      const y = lastTitleY - (lines.length - 1 - i) * Math.round(size * 1.1);
      return `<text x="80" y="${y}" font-family="Georgia, serif" font-size="${size}" font-weight="bold" fill="#fff">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.25" stop-color="#073547" stop-opacity="0"/><stop offset="1" stop-color="#073547" stop-opacity="0.85"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  ${title}
  <text x="80" y="${placeY}" font-family="Georgia, serif" font-size="38" fill="#fbf7ef">${escapeXml(source.place)}</text>
</svg>`;
}

/** Without a hero picture (a server without the build's pictures): the sea at sunset, drawn. */
const SEA_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f7c873"/><stop offset="0.45" stop-color="#2a7f9e"/><stop offset="1" stop-color="#0b4f6c"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sea)"/>
  <circle cx="930" cy="210" r="90" fill="#fbe7a1" opacity="0.9"/>
  <path d="M0 420 C200 380 400 460 600 420 S1000 380 1200 420 V630 H0z" fill="#073547" opacity="0.7"/>
</svg>`;

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));

/** The hero scaled to cover the card, cropped around its focal point as the pages crop it. */
async function heroBackground(bytes: Buffer, focus: PhotoFocus): Promise<Sharp> {
  const { width = WIDTH, height = HEIGHT } = await sharp(bytes).metadata();
  const scale = Math.max(WIDTH / width, HEIGHT / height);
  const w = Math.max(WIDTH, Math.round(width * scale));
  const h = Math.max(HEIGHT, Math.round(height * scale));
  return sharp(bytes)
    .resize(w, h)
    .extract({
      left: clamp(Math.round(focus.x * w - WIDTH / 2), w - WIDTH),
      top: clamp(Math.round(focus.y * h - HEIGHT / 2), h - HEIGHT),
      width: WIDTH,
      height: HEIGHT,
    });
}

/** The card's JPEG: the hero (or the drawn sea) with the name and the town over it. */
async function drawSocialCard(source: CardSource, hero: Buffer | undefined): Promise<Buffer> {
  const background = hero
    ? await heroBackground(hero, source.hero!.focus)
    : sharp(Buffer.from(SEA_SVG));
  // Flattened first: the text is laid over the finished background.
  const flat = await background.flatten({ background: '#0b4f6c' }).png().toBuffer();
  return sharp(flat)
    .composite([{ input: Buffer.from(overlaySvg(source)) }])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * A card's file name: the hash of everything it is drawn from (the text
 * overlay's SVG, which holds the name, the town and the layout; the hero's
 * file, itself content-hashed; its focal point; the encoding). The same
 * sources always give the same name, so any instance finds, or draws, the
 * card a page names without asking which instance drew it; a new name, town
 * or hero gives a new name, which browsers and social networks have never
 * cached.
 */
function cardFileName(source: CardSource): string {
  const drawn = JSON.stringify([overlaySvg(source), source.hero, SEA_SVG, JPEG]);
  return `${createHash('sha256').update(drawn).digest('hex').slice(0, 24)}.jpg`;
}

/** A hero view's largest JPEG: what the card is cut from. */
function largestJpeg(view: PhotoView): string | undefined {
  const srcset = view.sources.find((source) => source.type === 'image/jpeg')?.srcset ?? '';
  const entries = srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url, width]) => url && width)
    .map(([url, width]) => ({ url: url!, width: Number.parseInt(width!, 10) }));
  return entries.sort((a, b) => b.width - a.width)[0]?.url;
}

/**
 * The cards drawn before a change of what they show (the name, the town, the
 * hero), removed in the change's transaction. A card is never removed
 * anywhere else: an instance still on the previous content version may draw
 * the previous card once more, and the next change removes it too.
 */
export async function dropSocialCards(trx: Kysely<Database>): Promise<void> {
  await trx.deleteFrom('image_files').where('owner', '=', OWNER).execute();
}

/**
 * The social-share card (docs/decisions/014): the restaurant's current name
 * and town over its current hero picture, drawn with sharp when a page first
 * names it after a change, stored in `image_files` (every instance serves the
 * same bytes, from GET /photos/{name}) and kept per content version.
 */
export class SocialCards {
  readonly #db: Kysely<Database>;
  readonly #facts: () => Promise<RestaurantFacts>;
  readonly #hero: () => Promise<PhotoView | undefined>;
  readonly #readFile: (path: string) => Promise<Buffer | undefined>;
  readonly #onError: (error: unknown) => void;
  readonly #current: ContentMemo<'card', SocialCard>;

  constructor(options: {
    db: Kysely<Database>;
    contentVersion: () => Promise<number | undefined>;
    facts: () => Promise<RestaurantFacts>;
    /** The hero slot as pages show it: the upload, else the picture shipped with the site. */
    hero: () => Promise<PhotoView | undefined>;
    /** A picture's bytes by its path on the site (an upload's or a shipped one's), undefined if none. */
    readFile: (path: string) => Promise<Buffer | undefined>;
    /** A hero that could not be read: the card is drawn without it until the next change. */
    onError?: (error: unknown) => void;
  }) {
    this.#db = options.db;
    this.#facts = options.facts;
    this.#hero = options.hero;
    this.#readFile = options.readFile;
    this.#onError = options.onError ?? (() => {});
    this.#current = new ContentMemo(options.contentVersion);
  }

  /** The card of the current name and hero, drawn and stored first if no instance has yet. */
  current(): Promise<SocialCard> {
    return this.#current.get('card', () => this.#ensure());
  }

  async #ensure(): Promise<SocialCard> {
    const [facts, heroView] = await Promise.all([this.#facts(), this.#hero()]);
    const heroPath = heroView && largestJpeg(heroView);
    let source: CardSource = {
      name: facts.name,
      place: facts.address.locality,
      hero: heroPath ? { path: heroPath, focus: heroView.focus } : null,
    };
    let name = cardFileName(source);
    if (!(await this.#stored(name))) {
      let hero: Buffer | undefined;
      if (source.hero) {
        hero = await this.#readFile(source.hero.path).catch((error: unknown) => {
          this.#onError(error);
          return undefined;
        });
        if (!hero) {
          // Named for what it shows, so the hero's card is drawn once the file can be read.
          source = { ...source, hero: null };
          name = cardFileName(source);
        }
      }
      const bytes = await drawSocialCard(source, hero);
      await this.#db
        .insertInto('image_files')
        .values({ owner: OWNER, name, type: 'image/jpeg', width: WIDTH, height: HEIGHT, bytes })
        // Another instance drew the same card meanwhile: the same picture.
        .onConflict((conflict) => conflict.columns(['owner', 'name']).doNothing())
        .execute();
    }
    return { path: `/photos/${name}`, width: WIDTH, height: HEIGHT };
  }

  async #stored(name: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('image_files')
      .select('name')
      .where('owner', '=', OWNER)
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  }
}
