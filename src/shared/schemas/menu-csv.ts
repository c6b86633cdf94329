import type { KitchenGroup, SectionPlacement } from './menu.ts';
import { z } from './zod.ts';

/**
 * The whole menu as a spreadsheet file (export, and import with a preview):
 * the columns of the file, the request and the answers, shared by the routes
 * and the back office. One row per dish in menu order; a section without
 * dishes is one row with only the section's columns.
 */

/** The header row, in this order. */
export const MENU_CSV_COLUMNS = [
  'sezione_id',
  'sezione',
  'tipo_sezione',
  'reparto',
  'piatto_id',
  'nome',
  'descrizione',
  'ingredienti',
  'prezzi',
  'allergeni',
  'disponibile',
  'congelato',
  'asporto',
] as const;
export type MenuCsvColumn = (typeof MENU_CSV_COLUMNS)[number];

/**
 * The header of files exported before takeaway (without `reparto` and
 * `asporto`), still imported: what they do not say stays as it is, and a
 * section or dish they add takes the API's defaults.
 */
export const MENU_CSV_COLUMNS_BEFORE_TAKEAWAY = MENU_CSV_COLUMNS.filter(
  (column) => column !== 'reparto' && column !== 'asporto',
);

/** How the file names a section's place on /menu: a carousel card, always shown, under the one before. */
export const PLACEMENT_WORDS: Record<SectionPlacement, string> = {
  carousel: 'carosello',
  always: 'sempre',
  extras: 'sotto',
};

/** How the file (and the editor) names who makes a section's dishes. */
export const KITCHEN_WORDS: Record<KitchenGroup, string> = {
  oven: 'forno',
  kitchen: 'cucina',
  none: 'nessuno',
};

/** The `allergeni` cell of a dish declared free of every allergen (an empty cell: not declared). */
export const NO_ALLERGENS_WORD = 'nessuno';

/**
 * The file's text. No request reaches this bound (a longer text makes the
 * body larger than the server's 100 KB limit, refused first with 413); it
 * keeps the string bounded where the schema is used alone.
 */
export const MENU_CSV_MAX = 100 * 1024;

/** POST /api/menu/import/preview and POST /api/menu/import. */
export const menuImportBody = z.strictObject({
  csv: z.string({ error: 'Manca il file CSV.' }).max(MENU_CSV_MAX, 'File CSV troppo grande.'),
});
export type MenuImportBody = z.infer<typeof menuImportBody>;

export const MENU_IMPORT_ACTIONS = ['add', 'update', 'delete'] as const;
export const MENU_IMPORT_ENTITIES = ['section', 'item'] as const;

/**
 * One change the file makes: a section or dish added (`id` null), updated or
 * deleted. `fields` names what an update changes, in the words the owner
 * reads: nome, tipo, reparto, descrizione, ingredienti, prezzi, allergeni,
 * disponibile, congelato, asporto, sezione (moved to another one), posizione (moved
 * within its section, or a section moved in the menu); empty for additions
 * and deletions.
 */
export const menuImportChange = z.object({
  action: z.enum(MENU_IMPORT_ACTIONS),
  entity: z.enum(MENU_IMPORT_ENTITIES),
  id: z.number().nullable(),
  name: z.string(),
  fields: z.array(z.string()),
});
export type MenuImportChange = z.infer<typeof menuImportChange>;

/**
 * What an import changes (the preview) or changed: sections first, each
 * followed by its dishes, in the file's order, then what it deletes. The
 * summary counts sections and dishes together; `unchanged` are those the file
 * keeps as they are (not listed among the changes).
 */
export const menuImportAnswer = z.object({
  changes: z.array(menuImportChange),
  summary: z.object({
    added: z.number(),
    updated: z.number(),
    deleted: z.number(),
    unchanged: z.number(),
  }),
});
export type MenuImportAnswer = z.infer<typeof menuImportAnswer>;
