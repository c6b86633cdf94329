import { parse } from 'csv-parse/sync';
import { ALLERGENS } from '../../../shared/allergens.ts';
import {
  itemCreateBody,
  sectionCreateBody,
  type KitchenGroup,
  type SectionPlacement,
} from '../../../shared/schemas/menu.ts';
import {
  KITCHEN_WORDS,
  MENU_CSV_COLUMNS,
  MENU_CSV_COLUMNS_BEFORE_TAKEAWAY,
  NO_ALLERGENS_WORD,
  PLACEMENT_WORDS,
  type MenuCsvColumn,
} from '../../../shared/schemas/menu-csv.ts';
import {
  BOM,
  capErrors,
  COLUMN,
  DISH_COLUMNS,
  LABEL_SEPARATOR,
  NO,
  YES,
  type ImportedItem,
  type ImportedMenu,
  type ImportedSection,
} from './format.ts';

/** A cell as staff meant it: without the apostrophe writeMenuCsv (write.ts) put before a formula-like text. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

export type ReadOutcome = { ok: true; menu: ImportedMenu } | { ok: false; errors: string[] };

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

const KITCHEN_BY_WORD = new Map(
  Object.entries(KITCHEN_WORDS).map(([group, text]) => [text, group as KitchenGroup]),
);
const KITCHEN_HINT = `Reparto: scrivi ${Object.values(KITCHEN_WORDS)
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
  /** False: a file exported before takeaway, without `asporto`. */
  withTakeaway: boolean,
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
  const takeaway = withTakeaway ? readYesNo(at('asporto')) : undefined;
  if (takeaway === null) problems.push('Asporto: scrivi «sì» o «no».');
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
    takeaway: takeaway ?? null,
  };
}

/**
 * The file's menu, every cell checked: or the problems, each with its row as
 * the spreadsheet shows it (the header is row 1; a cell over several lines is
 * still one row). Ids are only checked for form and repetition here: whether
 * they exist is `planMenuImport`'s question. A file exported before takeaway
 * (MENU_CSV_COLUMNS_BEFORE_TAKEAWAY) is read too: its sections' `kitchen` and
 * its dishes' `takeaway` are null, which `planMenuImport` leaves as they are.
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
  const known: readonly (readonly MenuCsvColumn[])[] = [
    MENU_CSV_COLUMNS,
    MENU_CSV_COLUMNS_BEFORE_TAKEAWAY,
  ];
  const columns = known.find((names) => header.join('\u0000') === names.join('\u0000'));
  if (columns === undefined) {
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
  /** The section being read, and the cells its first row gave it (every row of it repeats them). */
  let current:
    | {
        key: string;
        section: ImportedSection;
        nameCell: string;
        placementCell: string;
        kitchenCell: string;
      }
    | undefined;
  const withKitchen = columns.includes('reparto');
  const withTakeaway = columns.includes('asporto');
  /** A section's rows resumed after another's (reported at the first of them): the rest are skipped. */
  let resumed: string | undefined;

  for (const [index, record] of rows.entries()) {
    if (index === 0) continue;
    const line = index + 1;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.slice(columns.length).some((cell) => cell.trim() !== '')) {
      errors.push(
        `Riga ${line}: ${record.length} colonne invece di ${columns.length}: c'è qualcosa a destra dell'ultima colonna (${columns.at(-1)}).`,
      );
      continue;
    }
    // In today's order, whichever header the file has (a column it lacks reads as empty).
    const cells = MENU_CSV_COLUMNS.map((name) => {
      const column = columns.indexOf(name);
      return column === -1 ? '' : (record[column] ?? '');
    });
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
    const kitchenCell = word(at('reparto'));
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
      const kitchen = withKitchen ? KITCHEN_BY_WORD.get(kitchenCell) : null;
      if (kitchen === undefined) errors.push(`Riga ${line}: ${KITCHEN_HINT}`);
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
        kitchen: kitchen ?? null,
        items: [],
      };
      sections.push(section);
      current = { key, section, nameCell, placementCell, kitchenCell };
    } else if (
      nameCell !== current.nameCell ||
      placementCell !== current.placementCell ||
      kitchenCell !== current.kitchenCell
    ) {
      errors.push(
        withKitchen
          ? `Riga ${line}: la ${named} ha nome ${echo(current.nameCell)}, tipo ${echo(current.placementCell)} e reparto ${echo(current.kitchenCell)} alla riga ${current.section.line}: scrivi lo stesso nome, tipo e reparto su tutte le sue righe.`
          : `Riga ${line}: la ${named} ha nome ${echo(current.nameCell)} e tipo ${echo(current.placementCell)} alla riga ${current.section.line}: scrivi lo stesso nome e tipo su tutte le sue righe.`,
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
    const dish = readDish(line, dishId, cells, withTakeaway, errors);
    if (dish) current.section.items.push(dish);
  }

  if (errors.length === 0 && sections.length === 0) {
    errors.push('Il file ha solo la riga di intestazione: il menu non può restare senza sezioni.');
  }
  return errors.length > 0
    ? { ok: false, errors: capErrors(errors) }
    : { ok: true, menu: { sections } };
}
