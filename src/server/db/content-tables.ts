// What the public pages show, as staff edit it: the daily menu, the menu,
// translations, opening hours, the restaurant's facts, page texts, photos
// and their files.
// Timestamps are ISO-8601 strings, booleans integers 0/1, so the same code
// runs on SQLite and PostgreSQL; `Database` (database.ts) names each table.
import type { Generated } from 'kysely';

export interface DailyMenuTable {
  /** Always 1: there is a single daily menu. */
  id: number;
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  version: number;
  updated_at: string;
  updated_by: number | null;
}

export interface DailyMenuHistoryTable {
  id: Generated<number>;
  version: number;
  titolo: string;
  descrizione: string;
  info_aggiuntive: string;
  saved_at: string;
  saved_by: number | null;
}

/** A section of the menu, in `position` order. */
export interface MenuSectionsTable {
  id: Generated<number>;
  /** The seeded list's name ("pizza"), which picks its carousel picture; null for sections staff add. */
  key: string | null;
  /** In the carousel, always shown below it, or shown under the section before ("extras"). */
  placement: 'carousel' | 'always' | 'extras';
  /** Who makes its dishes, for takeaway's capacity: the oven, the kitchen, or nobody (handed over ready). */
  kitchen: 'oven' | 'kitchen' | 'none';
  position: number;
  /** Italian; other languages in text_translations. */
  name: string;
  updated_at: string;
}

export interface MenuItemsTable {
  id: Generated<number>;
  section_id: number;
  /** 0-based within the section. */
  position: number;
  name: string;
  description: string;
  /** Comma-separated, translated like the name. */
  ingredients: string;
  /** JSON list of allergen codes in the Annex's order, or null: not declared yet. */
  allergens: string | null;
  available: number;
  frozen: number;
  /** 1: can be ordered for takeaway. */
  takeaway: number;
  updated_at: string;
}

/** A dish's prices, in order: one with an empty label, or one per size. */
export interface MenuItemPricesTable {
  item_id: number;
  position: number;
  label: string;
  /** Whole cents: exact. */
  amount_cents: number;
}

/**
 * Translations of any Italian text, keyed by (entity, id, field, language):
 * the machine's and staff's, each tied to the hash of the Italian it translates.
 */
export interface TextTranslationsTable {
  entity: string;
  entity_id: number;
  field: string;
  lang: string;
  kind: 'machine' | 'staff';
  source_hash: string;
  text: string;
  updated_at: string;
  updated_by: number | null;
}

/** A range of an ISO weekday (1 = Monday), in `position` order: lunch, dinner. */
export interface OpeningWeeklyRangesTable {
  day: number;
  position: number;
  /** HH:MM in Rome; a close earlier than the open is past midnight. */
  open_time: string;
  close_time: string;
}

/** Dates closed from `from_date` to `to_date` (YYYY-MM-DD, both included). */
export interface OpeningClosuresTable {
  id: Generated<number>;
  from_date: string;
  to_date: string;
  /** Italian, or null; other languages in text_translations (entity `closure`). */
  note: string | null;
}

/** A special day's ranges: they replace its weekday's, inside a closure too. */
export interface OpeningExceptionRangesTable {
  date: string;
  position: number;
  open_time: string;
  close_time: string;
}

/**
 * The restaurant's own facts, one row (id 1): what the pages, the structured
 * data and the e-mails say about it. Formats are the API's
 * (src/shared/schemas/restaurant.ts).
 */
export interface RestaurantFactsTable {
  id: number;
  name: string;
  /** The number the book-a-table and call buttons dial. */
  mobile_phone: string;
  landline_phone: string | null;
  email: string;
  street: string;
  postal_code: string;
  locality: string;
  /** The province's code ("TP") or the region. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  latitude: number;
  longitude: number;
  map_url: string;
  /** The address of the map the home page frames (migration 027). */
  map_embed_url: string;
  instagram_url: string | null;
  facebook_url: string | null;
  privacy_policy_url: string;
  /** The year the restaurant opened: pages count "over N years" from it. */
  founded_year: number;
  /** "€" to "€€€€", as schema.org's priceRange shows it. */
  price_range: string;
}

/** The page texts staff write, in Italian, by key (src/shared/schemas/site-texts.ts). */
export interface SiteTextsTable {
  key: string;
  /** May hold `{years}`, `{year}` and `{place}`, filled in from the facts when shown. */
  text: string;
  updated_at: string;
  updated_by: number | null;
}

/** An uploaded photo of one slot (migration 017); its files are in `image_files`. */
export interface PhotosTable {
  id: Generated<number>;
  slot: string;
  /** Italian; other languages through the translation engine (entity `photo`, this id). */
  alt: string;
  focus_x: number;
  focus_y: number;
  /** The upload's size once its EXIF orientation is applied. */
  width: number;
  height: number;
  updated_at: string;
}

/** An encoded image served under `/photos/{name}` (name = content hash + extension). */
export interface ImageFilesTable {
  name: string;
  /** The slot it was made for, or `social-card` (services/photos/social-card.ts). */
  owner: string;
  type: 'image/avif' | 'image/webp' | 'image/jpeg';
  width: number;
  height: number;
  bytes: Uint8Array;
}
