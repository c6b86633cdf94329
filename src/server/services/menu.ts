import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Lang } from '../../shared/languages.ts';
import type {
  ItemCreateBody,
  ItemPatchBody,
  ItemTranslationsAnswer,
  MenuView,
  SectionCreateBody,
  StaffItemAnswer,
} from '../../shared/schemas/menu.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import { MenuCsvImport, type MenuImportOutcome } from './menu/csv-import.ts';
import { MenuEditing } from './menu/editing.ts';
import { MenuItemTranslations } from './menu/item-translations.ts';
import { readItem, readMenuView, registerMenuTexts, type Actor } from './menu/reading.ts';
import { MenuWrites } from './menu/writes.ts';
import type { TextTranslations } from './translation/text-translations.ts';

/**
 * The full menu: sections and dishes in the database, typed in Italian and
 * shown in five languages through the translation engine. Every write goes through `content.change`, with its
 * audit entry in the same transaction, so every instance's pages follow it;
 * visitors' views are kept per content version.
 *
 * The one face of the menu for routes and pages; the work is in menu/:
 * editing.ts (sections and dishes one at a time), csv-import.ts (the whole
 * menu as a spreadsheet file), item-translations.ts (a dish's translations),
 * over reading.ts and writes.ts.
 */
export class MenuService {
  readonly #db: Kysely<Database>;
  readonly #translations: TextTranslations;
  readonly #views: ContentMemo<Lang, MenuView>;
  readonly #editing: MenuEditing;
  readonly #csv: MenuCsvImport;
  readonly #itemTranslations: MenuItemTranslations;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    /** After a write has committed: the machine translates what changed. */
    onChange?: () => void;
  }) {
    const { db, translations } = options;
    this.#db = db;
    this.#translations = translations;
    this.#views = new ContentMemo(options.contentVersion);
    registerMenuTexts(db, translations);
    const writes = new MenuWrites(options.content, options.onChange ?? (() => {}));
    this.#editing = new MenuEditing(writes, translations);
    this.#csv = new MenuCsvImport({ writes, translations, view: (lang) => this.view(lang) });
    this.#itemTranslations = new MenuItemTranslations(db, writes, translations);
  }

  /** The whole menu in one language, in menu order (kept per content version). */
  view(lang: Lang): Promise<MenuView> {
    return this.#views.get(lang, () => readMenuView(this.#db, this.#translations, lang));
  }

  /** A dish in Italian with where it stands, as staff's writes answer it. */
  item(id: number): Promise<StaffItemAnswer | undefined> {
    return readItem(this.#db, id);
  }

  createSection(input: SectionCreateBody, actor: Actor): Promise<{ id: number }> {
    return this.#editing.createSection(input, actor);
  }

  updateSection(...change: Parameters<MenuEditing['updateSection']>) {
    return this.#editing.updateSection(...change);
  }

  deleteSection(id: number, actor: Actor): Promise<'deleted' | 'not-found' | 'not-empty'> {
    return this.#editing.deleteSection(id, actor);
  }

  createItem(input: ItemCreateBody, actor: Actor): Promise<StaffItemAnswer | 'section-not-found'> {
    return this.#editing.createItem(input, actor);
  }

  updateItem(
    id: number,
    patch: ItemPatchBody,
    actor: Actor,
  ): Promise<StaffItemAnswer | 'not-found' | 'section-not-found'> {
    return this.#editing.updateItem(id, patch, actor);
  }

  deleteItem(id: number, actor: Actor): Promise<'deleted' | 'not-found'> {
    return this.#editing.deleteItem(id, actor);
  }

  /** The menu in Italian as the file the owner edits in a spreadsheet. */
  exportCsv(): Promise<string> {
    return this.#csv.exportCsv();
  }

  /** What importing `csv` would change; changes nothing. */
  previewImport(csv: string): Promise<MenuImportOutcome> {
    return this.#csv.previewImport(csv);
  }

  /** The file becomes the menu, all of it or nothing (csv-import.ts). */
  importMenu(csv: string, actor: Actor): Promise<MenuImportOutcome> {
    return this.#csv.importMenu(csv, actor);
  }

  itemTranslations(id: number): Promise<ItemTranslationsAnswer | undefined> {
    return this.#itemTranslations.itemTranslations(id);
  }

  saveItemTranslation(...change: Parameters<MenuItemTranslations['saveItemTranslation']>) {
    return this.#itemTranslations.saveItemTranslation(...change);
  }

  removeItemTranslation(...change: Parameters<MenuItemTranslations['removeItemTranslation']>) {
    return this.#itemTranslations.removeItemTranslation(...change);
  }
}
