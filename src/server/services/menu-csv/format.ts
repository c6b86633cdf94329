import type { Allergen } from '../../../shared/allergens.ts';
import type { KitchenGroup, SectionPlacement } from '../../../shared/schemas/menu.ts';
import { MENU_CSV_COLUMNS } from '../../../shared/schemas/menu-csv.ts';

/*
 * The menu as a CSV file the owner edits in a spreadsheet and imports back:
 * writing it (write.ts), reading it (read.ts: every cell checked by the
 * schemas of the menu's API, each refusal naming the row as the spreadsheet
 * numbers it), and comparing it with the menu in the database (plan.ts).
 * Nothing here touches the database: the writes are the menu service's
 * (services/menu/csv-import.ts). This file holds what the three share: the
 * shapes of a menu on each side and the cells' words.
 *
 * The file is what Italian Excel, LibreOffice and Numbers open and save: UTF-8
 * with a BOM (without it Excel reads accents as Latin-1), `;` between cells
 * (their decimal separator is the comma: 12,50), CRLF line ends, RFC 4180
 * quotes. Read back: with or without the BOM, `;` or `,` (whichever the header
 * row uses), CRLF or LF.
 */

/** The menu in Italian as MenuService reads it, in menu order. */
export interface MenuContent {
  sections: readonly {
    id: number;
    name: string;
    placement: SectionPlacement;
    kitchen: KitchenGroup;
    items: readonly {
      id: number;
      name: string;
      description: string;
      ingredients: string;
      prices: readonly { label: string; amount: string }[];
      allergens: readonly Allergen[] | null;
      available: boolean;
      frozen: boolean;
      takeaway: boolean;
    }[];
  }[];
}

/** A dish as a row of the file gives it, checked. `line`: its row in the spreadsheet. */
export interface ImportedItem {
  line: number;
  /** Null: a new dish. */
  id: number | null;
  name: string;
  description: string;
  ingredients: string;
  prices: { label: string; amount: string }[];
  allergens: Allergen[] | null;
  available: boolean;
  frozen: boolean;
  /** Null: the file has no `asporto` column (exported before takeaway). */
  takeaway: boolean | null;
}

export interface ImportedSection {
  /** Its first row. */
  line: number;
  /** Null: a new section. */
  id: number | null;
  name: string;
  placement: SectionPlacement;
  /** Null: the file has no `reparto` column (exported before takeaway). */
  kitchen: KitchenGroup | null;
  items: ImportedItem[];
}

/** The whole menu as the file has it, in the file's order. */
export interface ImportedMenu {
  sections: ImportedSection[];
}

/** Refused files name at most this many problems: the first ones, then how many more. */
export const MAX_IMPORT_ERRORS = 20;

export const COLUMN = Object.fromEntries(
  MENU_CSV_COLUMNS.map((name, index) => [name, index]),
) as Record<(typeof MENU_CSV_COLUMNS)[number], number>;
export const DISH_COLUMNS = MENU_CSV_COLUMNS.slice(COLUMN.piatto_id);
export const YES = 'sì';
export const NO = 'no';
/** Sizes of a dish: `0,30 l=3,50 | 0,40 l=4,50`. */
export const PRICE_SEPARATOR = ' | ';
export const LABEL_SEPARATOR = '=';
export const BOM = '\uFEFF';

/** At most MAX_IMPORT_ERRORS messages: the first ones, then how many more there are. */
export function capErrors(errors: string[]): string[] {
  if (errors.length <= MAX_IMPORT_ERRORS) return errors;
  const shown = errors.slice(0, MAX_IMPORT_ERRORS - 1);
  return [...shown, `… e altri ${errors.length - shown.length} errori.`];
}
