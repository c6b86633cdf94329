import { stringify } from 'csv-stringify/sync';
import type { Allergen } from '../../../shared/allergens.ts';
import {
  KITCHEN_WORDS,
  MENU_CSV_COLUMNS,
  NO_ALLERGENS_WORD,
  PLACEMENT_WORDS,
} from '../../../shared/schemas/menu-csv.ts';
import {
  DISH_COLUMNS,
  LABEL_SEPARATOR,
  NO,
  PRICE_SEPARATOR,
  YES,
  type MenuContent,
} from './format.ts';

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
    const sectionCells = [
      String(section.id),
      section.name,
      PLACEMENT_WORDS[section.placement],
      KITCHEN_WORDS[section.kitchen],
    ];
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
        item.takeaway ? YES : NO,
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
