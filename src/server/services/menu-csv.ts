import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ALLERGENS, type Allergen } from '../../shared/allergens.ts';
import { amountToCents } from '../../shared/money.ts';
import {
  itemCreateBody,
  sectionCreateBody,
  type SectionPlacement,
} from '../../shared/schemas/menu.ts';
import {
  MENU_CSV_COLUMNS,
  NO_ALLERGENS_WORD,
  PLACEMENT_WORDS,
  type MenuImportAnswer,
  type MenuImportChange,
} from '../../shared/schemas/menu-csv.ts';

/*
 * The menu as a CSV file the owner edits in a spreadsheet and imports back:
 * writing it, reading it (every cell checked by the schemas of the menu's API,
 * each refusal naming the row as the spreadsheet numbers it), and comparing it
 * with the menu in the database. Nothing here touches the database: the
 * writes are MenuService's.
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
    items: readonly {
      id: number;
      name: string;
      description: string;
      ingredients: string;
      prices: readonly { label: string; amount: string }[];
      allergens: readonly Allergen[] | null;
      available: boolean;
      frozen: boolean;
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
}

export interface ImportedSection {
  /** Its first row. */
  line: number;
  /** Null: a new section. */
  id: number | null;
  name: string;
  placement: SectionPlacement;
  items: ImportedItem[];
}

/** The whole menu as the file has it, in the file's order. */
export interface ImportedMenu {
  sections: ImportedSection[];
}

/** Refused files name at most this many problems: the first ones, then how many more. */
export const MAX_IMPORT_ERRORS = 20;

const COLUMN = Object.fromEntries(MENU_CSV_COLUMNS.map((name, index) => [name, index])) as Record<
  (typeof MENU_CSV_COLUMNS)[number],
  number
>;
const DISH_COLUMNS = MENU_CSV_COLUMNS.slice(COLUMN.piatto_id);
const YES = 'sì';
const NO = 'no';
/** Sizes of a dish: `0,30 l=3,50 | 0,40 l=4,50`. */
const PRICE_SEPARATOR = ' | ';
const LABEL_SEPARATOR = '=';
const BOM = '\uFEFF';

// ---------------------------------------------------------------------------
// Writing

/** "12.50" (the API's amount) → "12,50" (an Italian spreadsheet's). */
const italianAmount = (amount: string) => amount.replace('.', ',');

function pricesCell(prices: MenuContent['sections'][number]['items'][number]['prices']): string {
  if (prices.length === 1 && prices[0]!.label === '') return italianAmount(prices[0]!.amount);
  return prices
    .map((price) => `${price.label}${LABEL_SEPARATOR}${italianAmount(price.amount)}`)
    .join(PRICE_SEPARATOR);
}

function allergensCell(allergens: readonly Allergen[] | null): string {
  if (allergens === null) return '';
  return allergens.length === 0 ? NO_ALLERGENS_WORD : allergens.join(', ');
}

/** The menu as the file: one row per dish in menu order, one row for a section without dishes. */
export function writeMenuCsv(menu: MenuContent): string {
  const rows: string[][] = [[...MENU_CSV_COLUMNS]];
  for (const section of menu.sections) {
    const sectionCells = [String(section.id), section.name, PLACEMENT_WORDS[section.placement]];
    if (section.items.length === 0) {
      rows.push([...sectionCells, ...DISH_COLUMNS.map(() => '')]);
    }
    for (const item of section.items) {
      rows.push([
        ...sectionCells,
        String(item.id),
        item.name,
        item.description,
        item.ingredients,
        pricesCell(item.prices),
        allergensCell(item.allergens),
        item.available ? YES : NO,
        item.frozen ? YES : NO,
      ]);
    }
  }
  return stringify(rows, {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    // A description over several lines (LF inside the cell, as spreadsheets
    // write it) is quoted too, not only one holding the CRLF between rows.
    quote_record_delimiter: true,
    // A text that starts like a formula (=, +, -, @, tab, CR) gets a leading
    // apostrophe, so a spreadsheet shows it instead of computing it (CSV
    // injection); readMenuCsv takes the apostrophe off again.
    escape_formulas: true,
  });
}

/** A cell as staff meant it: without the apostrophe writeMenuCsv put before a formula-like text. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

// ---------------------------------------------------------------------------
// Reading

export type ReadOutcome = { ok: true; menu: ImportedMenu } | { ok: false; errors: string[] };

/** At most MAX_IMPORT_ERRORS messages: the first ones, then how many more there are. */
export function capErrors(errors: string[]): string[] {
  if (errors.length <= MAX_IMPORT_ERRORS) return errors;
  const shown = errors.slice(0, MAX_IMPORT_ERRORS - 1);
  return [...shown, `… e altri ${errors.length - shown.length} errori.`];
}

/** A cell's text as an error message quotes it: one short line. */
function echo(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ');
  const chars = [...line];
  return `«${chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : line}»`;
}

/** Words compared as people type them: spacing, case and accents composed or not. */
const word = (text: string) => text.normalize('NFC').trim().toLowerCase();

/** The header row's delimiter: the one of `;` and `,` it uses more. */
function delimiterOf(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (char: string) => header.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/** What csv-parse's refusal means for the owner. */
function parseErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const records = (error as { records?: unknown }).records;
  const row = typeof records === 'number' ? `Riga ${records + 1}: ` : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${row}virgolette aperte e mai chiuse: il file finisce dentro una cella.`;
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `${row}virgolette fuori posto: una cella tra virgolette deve iniziare e finire con le virgolette (scrivi "" per una virgoletta dentro la cella).`;
    default:
      return `${row}il file non si legge come CSV.`;
  }
}

function readId(cell: string): number | null | 'invalid' {
  const text = cell.trim();
  if (text === '') return null;
  if (!/^\d{1,10}$/.test(text)) return 'invalid';
  const id = Number(text);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : 'invalid';
}

const PLACEMENT_BY_WORD = new Map(
  Object.entries(PLACEMENT_WORDS).map(([placement, text]) => [text, placement as SectionPlacement]),
);
const PLACEMENT_HINT = `Tipo sezione: scrivi ${Object.values(PLACEMENT_WORDS)
  .map((text) => `«${text}»`)
  .join(', ')}.`;

function readYesNo(cell: string): boolean | null {
  const text = word(cell);
  if (text === YES || text === 'si') return true;
  if (text === NO) return false;
  return null;
}

/** `12,50`, or `0,30 l=3,50 | 0,40 l=4,50`: the prices as the API takes them (the schema checks them). */
function readPrices(cell: string): { label: string; amount: string }[] {
  return cell
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.lastIndexOf(LABEL_SEPARATOR);
      return at === -1
        ? { label: '', amount: part }
        : { label: part.slice(0, at), amount: part.slice(at + 1) };
    });
}

/** Empty: not declared; `nessuno`: none; else codes separated by commas. */
function readAllergens(cell: string): { codes: string[] | null; unknown: string[] } {
  const text = word(cell);
  if (text === '') return { codes: null, unknown: [] };
  if (text === NO_ALLERGENS_WORD) return { codes: [], unknown: [] };
  const codes = text
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const known: readonly string[] = ALLERGENS;
  return { codes, unknown: codes.filter((code) => !known.includes(code)) };
}

/** A dish's cells, checked by the rules of POST /api/menu/items (the section is the row's). */
const dishSchema = itemCreateBody.omit({ sectionId: true });

function readDish(
  line: number,
  id: number | null,
  cells: string[],
  errors: string[],
): ImportedItem | null {
  const at = (column: keyof typeof COLUMN) => cells[COLUMN[column]]!;
  const problems: string[] = [];
  const allergens = readAllergens(at('allergeni'));
  if (allergens.unknown.length > 0) {
    problems.push(
      `${allergens.unknown.length === 1 ? 'Allergene sconosciuto' : 'Allergeni sconosciuti'}: ${allergens.unknown
        .map(echo)
        .join(
          ', ',
        )}. Codici validi: ${ALLERGENS.join(', ')}; «${NO_ALLERGENS_WORD}» se non ne contiene; vuoto se non ancora dichiarati.`,
    );
  }
  const available = readYesNo(at('disponibile'));
  if (available === null) problems.push('Disponibile: scrivi «sì» o «no».');
  const frozen = readYesNo(at('congelato'));
  if (frozen === null) problems.push('Congelato: scrivi «sì» o «no».');
  const parsed = dishSchema.safeParse({
    name: at('nome'),
    description: at('descrizione'),
    ingredients: at('ingredienti'),
    prices: readPrices(at('prezzi')),
    allergens: allergens.unknown.length > 0 ? null : allergens.codes,
    available: available ?? true,
    frozen: frozen ?? false,
  });
  if (!parsed.success) problems.push(...new Set(parsed.error.issues.map((issue) => issue.message)));
  if (problems.length > 0 || !parsed.success) {
    errors.push(...problems.map((problem) => `Riga ${line}: ${problem}`));
    return null;
  }
  const dish = parsed.data;
  return {
    line,
    id,
    name: dish.name,
    description: dish.description ?? '',
    ingredients: dish.ingredients ?? '',
    prices: dish.prices,
    allergens: dish.allergens ?? null,
    available: dish.available ?? true,
    frozen: dish.frozen ?? false,
  };
}

/**
 * The file's menu, every cell checked: or the problems, each with its row as
 * the spreadsheet shows it (the header is row 1; a cell over several lines is
 * still one row). Ids are only checked for form and repetition here: whether
 * they exist is `planMenuImport`'s question.
 */
export function readMenuCsv(text: string): ReadOutcome {
  const content = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  let rows: string[][];
  try {
    rows = parse(content, {
      delimiter: delimiterOf(content),
      // Never a lone CR: a cell holding one is not cut in two.
      record_delimiter: ['\r\n', '\n'],
      // Rows of another length are the owner's to fix, with their row number.
      relax_column_count: true,
    });
  } catch (error) {
    return { ok: false, errors: [parseErrorMessage(error)] };
  }
  rows = rows.map((row) => row.map(unescapeFormula));

  const header = rows[0]?.map(word) ?? [];
  // Spreadsheets sometimes keep empty columns to the right of the table.
  while (header.length > MENU_CSV_COLUMNS.length && header.at(-1) === '') header.pop();
  if (header.join('\u0000') !== MENU_CSV_COLUMNS.join('\u0000')) {
    return {
      ok: false,
      errors: [
        `Riga 1: l'intestazione deve avere queste colonne, in quest'ordine: ${MENU_CSV_COLUMNS.join(';')}.`,
      ],
    };
  }

  const errors: string[] = [];
  const sections: ImportedSection[] = [];
  /** Where each section began, by its id or (new ones) its name. */
  const started = new Map<string, number>();
  const dishLines = new Map<number, number>();
  let current:
    { key: string; section: ImportedSection; nameCell: string; placementCell: string } | undefined;
  /** A section's rows resumed after another's (reported at the first of them): the rest are skipped. */
  let resumed: string | undefined;

  for (const [index, record] of rows.entries()) {
    if (index === 0) continue;
    const line = index + 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.slice(MENU_CSV_COLUMNS.length).some((cell) => cell.trim() !== '')) {
      errors.push(
        `Riga ${line}: ${record.length} colonne invece di ${MENU_CSV_COLUMNS.length}: c'è qualcosa a destra dell'ultima colonna (congelato).`,
      );
      continue;
    }
    const cells = MENU_CSV_COLUMNS.map((_, column) => record[column] ?? '');
    const at = (column: keyof typeof COLUMN) => cells[COLUMN[column]]!;

    const sectionId = readId(at('sezione_id'));
    if (sectionId === 'invalid') {
      errors.push(
        `Riga ${line}: sezione_id non valido: ${echo(at('sezione_id'))} (il numero della sezione, o vuoto per una sezione nuova).`,
      );
      continue;
    }
    const nameCell = at('sezione').trim();
    const placementCell = word(at('tipo_sezione'));
    if (sectionId === null && nameCell === '') {
      errors.push(
        `Riga ${line}: manca la sezione: scrivi il suo nome (e lascia vuoto sezione_id se è nuova).`,
      );
      continue;
    }
    const key = sectionId === null ? `new:${nameCell}` : `id:${sectionId}`;
    const named =
      sectionId === null ? `nuova sezione ${echo(nameCell)}` : `sezione con id ${sectionId}`;

    if (key === resumed) continue;
    resumed = undefined;
    if (current?.key !== key) {
      const first = started.get(key);
      if (first !== undefined) {
        errors.push(
          `Riga ${line}: la ${named} è già alle righe da ${first} in poi, con un'altra sezione in mezzo: metti le righe di una sezione tutte di seguito.`,
        );
        resumed = key;
        current = undefined;
        continue;
      }
      started.set(key, line);
      const placement = PLACEMENT_BY_WORD.get(placementCell);
      if (placement === undefined) errors.push(`Riga ${line}: ${PLACEMENT_HINT}`);
      const checked = sectionCreateBody.safeParse({ name: at('sezione'), placement });
      if (!checked.success) {
        const messages = checked.error.issues
          .filter((issue) => issue.path[0] !== 'placement')
          .map((issue) => `Riga ${line}: Sezione: ${issue.message}`);
        errors.push(...messages);
      }
      const section: ImportedSection = {
        line,
        id: sectionId,
        name: checked.success ? checked.data.name : nameCell,
        placement: placement ?? 'carousel',
        items: [],
      };
      sections.push(section);
      current = { key, section, nameCell, placementCell };
    } else if (nameCell !== current.nameCell || placementCell !== current.placementCell) {
      errors.push(
        `Riga ${line}: la ${named} ha nome ${echo(current.nameCell)} e tipo ${echo(current.placementCell)} alla riga ${current.section.line}: scrivi lo stesso nome e tipo su tutte le sue righe.`,
      );
      continue;
    }

    // Only the section's cells: a section without dishes.
    if (DISH_COLUMNS.every((column) => at(column).trim() === '')) continue;
    const dishId = readId(at('piatto_id'));
    if (dishId === 'invalid') {
      errors.push(
        `Riga ${line}: piatto_id non valido: ${echo(at('piatto_id'))} (il numero del piatto, o vuoto per un piatto nuovo).`,
      );
      continue;
    }
    if (dishId !== null) {
      const earlier = dishLines.get(dishId);
      if (earlier !== undefined) {
        errors.push(
          `Riga ${line}: il piatto con id ${dishId} è già alla riga ${earlier}: ogni piatto una volta sola (lascia vuoto piatto_id per un piatto nuovo).`,
        );
        continue;
      }
      dishLines.set(dishId, line);
    }
    const dish = readDish(line, dishId, cells, errors);
    if (dish) current.section.items.push(dish);
  }

  if (errors.length === 0 && sections.length === 0) {
    errors.push('Il file ha solo la riga di intestazione: il menu non può restare senza sezioni.');
  }
  return errors.length > 0
    ? { ok: false, errors: capErrors(errors) }
    : { ok: true, menu: { sections } };
}

// ---------------------------------------------------------------------------
// Comparing with the database

type SectionField = 'name' | 'placement' | 'position';
type ItemField =
  | 'name'
  | 'description'
  | 'ingredients'
  | 'prices'
  | 'allergens'
  | 'available'
  | 'frozen'
  | 'section'
  | 'position';

const SECTION_WORDS: Record<SectionField, string> = {
  name: 'nome',
  placement: 'tipo',
  position: 'posizione',
};
const ITEM_WORDS: Record<ItemField, string> = {
  name: 'nome',
  description: 'descrizione',
  ingredients: 'ingredienti',
  prices: 'prezzi',
  allergens: 'allergeni',
  available: 'disponibile',
  frozen: 'congelato',
  section: 'sezione',
  position: 'posizione',
};

export interface PlannedItem {
  values: ImportedItem;
  /** What changes in an existing dish (`section`: it moves there from another). */
  changed: ItemField[];
}

export interface PlannedSection {
  id: number | null;
  name: string;
  placement: SectionPlacement;
  changed: SectionField[];
  items: PlannedItem[];
}

/** What an import writes, in the file's order, and how the owner reads it. */
export interface MenuImportPlan {
  sections: PlannedSection[];
  /** Dishes and sections the file leaves out, in menu order. */
  deletedItems: number[];
  deletedSections: number[];
  answer: MenuImportAnswer;
}

export type PlanOutcome = { ok: true; plan: MenuImportPlan } | { ok: false; errors: string[] };

/**
 * Indices into `values` of one longest increasing run (not necessarily
 * adjacent). The others are what moved: a dish moved up shows as moved, and
 * the dishes it passed do not; adding or deleting one moves none.
 */
export function longestIncreasing(values: readonly number[]): Set<number> {
  /** tails[k]: the index of the smallest last value of an increasing run of length k + 1. */
  const tails: number[] = [];
  const previous: number[] = [];
  for (const [index, value] of values.entries()) {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) kept.add(index);
  return kept;
}

const samePrices = (
  a: readonly { label: string; amount: string }[],
  b: readonly { label: string; amount: string }[],
) =>
  a.length === b.length &&
  a.every(
    (price, i) =>
      price.label === b[i]!.label && amountToCents(price.amount) === amountToCents(b[i]!.amount),
  );

const sameAllergens = (a: readonly Allergen[] | null, b: readonly Allergen[] | null) =>
  a === null || b === null ? a === b : a.join() === b.join();

/**
 * What the file changes in `current`: or the rows naming a section or dish
 * the menu does not have. The file is the whole menu: what it leaves out is
 * deleted, its order is the menu's order.
 */
export function planMenuImport(current: MenuContent, file: ImportedMenu): PlanOutcome {
  const sectionsNow = new Map(
    current.sections.map((section, index) => [section.id, { section, index }]),
  );
  const itemsNow = new Map(
    current.sections.flatMap((section) =>
      section.items.map(
        (item, index) => [item.id, { item, index, sectionId: section.id }] as const,
      ),
    ),
  );

  const errors: string[] = [];
  for (const section of file.sections) {
    if (section.id !== null && !sectionsNow.has(section.id)) {
      errors.push(
        `Riga ${section.line}: la sezione con id ${section.id} non è nel menu: lascia vuoto sezione_id per aggiungere una sezione nuova.`,
      );
    }
    for (const item of section.items) {
      if (item.id !== null && !itemsNow.has(item.id)) {
        errors.push(
          `Riga ${item.line}: il piatto con id ${item.id} non è nel menu: lascia vuoto piatto_id per aggiungere un piatto nuovo.`,
        );
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors: capErrors(errors) };

  const kept = file.sections.filter((section) => section.id !== null);
  const sectionsInOrder = longestIncreasing(
    kept.map((section) => sectionsNow.get(section.id!)!.index),
  );
  const movedSections = new Set(kept.filter((_, i) => !sectionsInOrder.has(i)).map((s) => s.id));

  const sections: PlannedSection[] = file.sections.map((section) => {
    const before = section.id === null ? undefined : sectionsNow.get(section.id)!.section;
    const changed: SectionField[] = [];
    if (before) {
      if (before.name !== section.name) changed.push('name');
      if (before.placement !== section.placement) changed.push('placement');
      if (movedSections.has(section.id)) changed.push('position');
    }
    // The dishes that were in this section already, and kept their order.
    const stayed = section.items.filter(
      (item) => item.id !== null && before && itemsNow.get(item.id)!.sectionId === before.id,
    );
    const inOrder = longestIncreasing(stayed.map((item) => itemsNow.get(item.id!)!.index));
    const movedWithin = new Set(stayed.filter((_, i) => !inOrder.has(i)).map((item) => item.id));
    return {
      id: section.id,
      name: section.name,
      placement: section.placement,
      changed,
      items: section.items.map((item) => {
        if (item.id === null) return { values: item, changed: [] };
        const was = itemsNow.get(item.id)!;
        const changedFields: ItemField[] = [];
        if (was.item.name !== item.name) changedFields.push('name');
        if (was.item.description !== item.description) changedFields.push('description');
        if (was.item.ingredients !== item.ingredients) changedFields.push('ingredients');
        if (!samePrices(was.item.prices, item.prices)) changedFields.push('prices');
        if (!sameAllergens(was.item.allergens, item.allergens)) changedFields.push('allergens');
        if (was.item.available !== item.available) changedFields.push('available');
        if (was.item.frozen !== item.frozen) changedFields.push('frozen');
        if (was.sectionId !== section.id) changedFields.push('section');
        else if (movedWithin.has(item.id)) changedFields.push('position');
        return { values: item, changed: changedFields };
      }),
    };
  });

  const inFile = new Set(file.sections.flatMap((s) => s.items.map((item) => item.id)));
  const sectionsInFile = new Set(file.sections.map((section) => section.id));
  const deletedItems = current.sections.flatMap((s) =>
    s.items.filter((item) => !inFile.has(item.id)),
  );
  const deletedSections = current.sections.filter((section) => !sectionsInFile.has(section.id));

  const changes: MenuImportChange[] = [];
  let unchanged = 0;
  for (const section of sections) {
    if (section.id === null) {
      changes.push({ action: 'add', entity: 'section', id: null, name: section.name, fields: [] });
    } else if (section.changed.length > 0) {
      changes.push({
        action: 'update',
        entity: 'section',
        id: section.id,
        name: section.name,
        fields: section.changed.map((field) => SECTION_WORDS[field]),
      });
    } else unchanged += 1;
    for (const { values, changed } of section.items) {
      if (values.id === null) {
        changes.push({ action: 'add', entity: 'item', id: null, name: values.name, fields: [] });
      } else if (changed.length > 0) {
        changes.push({
          action: 'update',
          entity: 'item',
          id: values.id,
          name: values.name,
          fields: changed.map((field) => ITEM_WORDS[field]),
        });
      } else unchanged += 1;
    }
  }
  for (const item of deletedItems) {
    changes.push({ action: 'delete', entity: 'item', id: item.id, name: item.name, fields: [] });
  }
  for (const section of deletedSections) {
    changes.push({
      action: 'delete',
      entity: 'section',
      id: section.id,
      name: section.name,
      fields: [],
    });
  }
  const count = (action: MenuImportChange['action']) =>
    changes.filter((change) => change.action === action).length;

  return {
    ok: true,
    plan: {
      sections,
      deletedItems: deletedItems.map((item) => item.id),
      deletedSections: deletedSections.map((section) => section.id),
      answer: {
        changes,
        summary: {
          added: count('add'),
          updated: count('update'),
          deleted: count('delete'),
          unchanged,
        },
      },
    },
  };
}
