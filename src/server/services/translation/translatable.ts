import type { TargetLang } from './provider.ts';

/* What the translation engine (text-translations.ts) translates, and what it answers. */

/** One record's Italian texts, by field name ("name", "ingredients"). */
export interface TranslatableRecord {
  id: number;
  fields: Record<string, string>;
}

/** A kind of record whose texts are typed in Italian and shown in five languages. */
export interface TranslatableEntity {
  /** The key its translations are stored under ("menu_item"). */
  name: string;
  /** Comma-separated lists (ingredients): translated item by item, so each item is translated once. */
  listFields?: readonly string[];
  /** Lists of one item per line (a services list): translated line by line, as lists are. */
  lineFields?: readonly string[];
  /**
   * Staff translate a record whole, every field at once (the daily menu): a
   * translation, the machine's or staff's, belongs to the record's Italian
   * as a whole, so a change to any field makes all of its fields' stale;
   * blank fields get one too (the field itself; a list of nothing: ''), so
   * that a language has each of the record's translations complete or not
   * at all. The machine's is made even where staff wrote one: the review
   * shows both, and taking staff's away shows the machine's at once.
   */
  wholeRecord?: boolean;
  /** Every record as it is now, in Italian: what the machine keeps translated. */
  records(): Promise<TranslatableRecord[]>;
}

/** Who wrote what a visitor reads: staff, the machine, or nobody (Italian shown). */
export type TranslationSource = 'staff' | 'machine' | 'none';

export interface LocalizedRecord {
  fields: Record<string, string>;
  translation: TranslationSource;
  /** Who wrote each field's text, for records whose fields stand alone (the page texts). */
  fieldTranslations: Record<string, TranslationSource>;
}

/** One field in one language, for the staff review screen. */
export interface FieldReview {
  /** The Italian this language's texts should translate. */
  italian: string;
  /** The machine's translation of that Italian; null while computed or without a provider. */
  machine: string | null;
  /** Staff's translation of that Italian; null if none. */
  staff: string | null;
  /** Staff translated an earlier Italian: that correction is not shown until looked at again. */
  staffStale: boolean;
}

export interface LanguageFieldsReview {
  lang: TargetLang;
  fields: Record<string, FieldReview>;
}
