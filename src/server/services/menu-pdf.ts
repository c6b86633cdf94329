import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInstance, type TFunction } from 'i18next';
import PDFDocument from 'pdfkit';
import { ALLERGENS, type Allergen } from '../../shared/allergens.ts';
import type { Lang } from '../../shared/languages.ts';
import { MESSAGES } from '../../shared/locales/index.ts';
import { formatPrice } from '../../shared/price.ts';
import type { MenuView } from '../../shared/schemas/menu.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';

/**
 * Lora (SIL Open Font License) from an npm package that ships the whole
 * TrueType files: every Latin letter of Western and Central Europe ("ß",
 * "œ", "ñ", "ł", "ř"), Cyrillic and Vietnamese, "€", and the typographic
 * quotes and dashes. The @fontsource packages split a font into per-script
 * subsets, and a PDF font cannot fall back from one file to another glyph by
 * glyph, so a dish name with a letter outside the Latin subset would print as
 * a box. pdfkit embeds only the glyphs a document uses, so the whole file
 * costs nothing in the PDF. Read once per process: each document parses the
 * bytes again, but never touches the disk.
 */
const require = createRequire(import.meta.url);
const font = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/lora/${file}`));
const FONTS = {
  regular: font('400Regular/Lora_400Regular.ttf'),
  italic: font('400Regular_Italic/Lora_400Regular_Italic.ttf'),
  bold: font('700Bold/Lora_700Bold.ttf'),
};

/** A4 in points, and the page's frame: the bottom margin leaves room for the footer line. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 50, bottom: 62, left: 52, right: 52 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The prices' column, right-aligned; "0,40 l  12,50 €" fits. */
const PRICE_WIDTH = 118;
const TEXT_WIDTH = CONTENT_WIDTH - PRICE_WIDTH - 14;
/** The legend's first column, the allergen's short name. */
const LEGEND_SHORT_WIDTH = 110;
const INK = '#1f1a17';
const MUTED = '#5c534c';
const RULE = '#b9ada3';

/** The seeded section whose note ("with any starter") the page shows too. */
const STARTERS_EXTRAS = 'startersExtras';

export interface MenuPdfInput {
  lang: Lang;
  menu: MenuView;
  restaurant: RestaurantFacts;
  /** The day in Rome the document is generated on, `YYYY-MM-DD`. */
  date: string;
  /** The menu's notes in `lang` (page texts: the cover charge, the allergy notice), printed at its foot. */
  notes: readonly string[];
}

/** "Via Roma 1, 90100 Palermo (PA)", as the pages write the address. */
function addressLine({ address }: RestaurantFacts): string {
  return `${address.street}, ${address.postalCode} ${address.locality} (${address.region})`;
}

/** A Rome calendar date in the document's language: "25. November 2026". */
function longDate(date: string, lang: Lang): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** One i18next instance per document (the server never shares the global one). */
function menuTexts(lang: Lang): TFunction<'menu'> {
  const i18n = createInstance();
  void i18n.init({
    lng: lang,
    resources: { [lang]: { menu: MESSAGES[lang].menu } },
    ns: ['menu'],
    defaultNS: 'menu',
    initAsync: false,
    interpolation: { escapeValue: false }, // a PDF is not HTML
  });
  return i18n.getFixedT(lang, 'menu');
}

/**
 * Characters Lora has no glyph for but whose look it has: Intl and staff's
 * keyboards write narrow and figure spaces where a no-break space looks the same.
 */
const printable = (text: string) => text.normalize('NFC').replace(/[\u202f\u2007]/g, '\u00a0');

type Doc = PDFKit.PDFDocument;
type Style = { font: keyof typeof FONTS; size: number; color?: string };

function styled(doc: Doc, style: Style): Doc {
  return doc
    .font(style.font)
    .fontSize(style.size)
    .fillColor(style.color ?? INK);
}

const STYLES = {
  restaurant: { font: 'bold', size: 22 },
  contact: { font: 'regular', size: 9.5, color: MUTED },
  title: { font: 'bold', size: 15 },
  updated: { font: 'italic', size: 9, color: MUTED },
  section: { font: 'bold', size: 14 },
  extras: { font: 'bold', size: 11.5 },
  note: { font: 'italic', size: 9, color: MUTED },
  dish: { font: 'bold', size: 10.5 },
  description: { font: 'italic', size: 9 },
  ingredients: { font: 'regular', size: 9, color: MUTED },
  allergens: { font: 'regular', size: 8, color: MUTED },
  price: { font: 'regular', size: 10.5 },
  legendTitle: { font: 'bold', size: 12 },
  legendShort: { font: 'bold', size: 8.5 },
  legendName: { font: 'regular', size: 8.5 },
  footnote: { font: 'regular', size: 9 },
  footer: { font: 'regular', size: 8, color: MUTED },
} satisfies Record<string, Style>;

/** A block of text at the left edge, measured before it is drawn. */
interface Line {
  text: string;
  style: Style;
  width: number;
  gapAfter?: number;
}

function heightOf(doc: Doc, line: Line): number {
  styled(doc, line.style);
  return doc.heightOfString(line.text, { width: line.width }) + (line.gapAfter ?? 0);
}

function draw(
  doc: Doc,
  line: Line,
  x: number,
  y: number,
  align: 'left' | 'right' | 'center' = 'left',
): number {
  styled(doc, line.style).text(line.text, x, y, { width: line.width, align });
  return y + heightOf(doc, line);
}

/**
 * The whole menu in one language as an A4 PDF with real (selectable,
 * searchable) text: the restaurant and the date, every section and dish in
 * menu order with its prices and allergens, the allergen legend, the
 * frozen-product footnote, the cover charge and the allergy notice, and on
 * every page a footer with the restaurant, the date and the page number.
 *
 * Sold-out marks are left out: they change during a service, and this
 * document is printed and kept (it is the written allergen information a
 * restaurant must be able to show); sections without dishes are left out too.
 */
export async function renderMenuPdf({
  lang,
  menu,
  restaurant,
  date,
  notes: ownerNotes,
}: MenuPdfInput): Promise<Buffer> {
  const t = menuTexts(lang);
  const updated = t('printed.updatedOn', { date: longDate(date, lang) });
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang,
    displayTitle: true,
    info: {
      Title: `${t('header')} – ${restaurant.name}`,
      Author: restaurant.name,
      Subject: updated,
    },
  });
  for (const [name, bytes] of Object.entries(FONTS)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const bottom = PAGE.height - MARGIN.bottom;
  let y = MARGIN.top;
  /** Starts a new page unless `height` fits below the current position. */
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN.top;
  };
  const full = (text: string, style: Style, gapAfter = 0): Line => ({
    text: printable(text),
    style,
    width: CONTENT_WIDTH,
    gapAfter,
  });

  // The head of the first page: who, where, how to call, what, and when.
  const phones = [restaurant.phones.mobile, restaurant.phones.landline].filter(Boolean).join(' · ');
  y = draw(doc, full(restaurant.name, STYLES.restaurant, 2), MARGIN.left, y, 'center');
  y = draw(doc, full(addressLine(restaurant), STYLES.contact, 1), MARGIN.left, y, 'center');
  y = draw(
    doc,
    full(`${t('printed.phone')} ${phones}`, STYLES.contact, 10),
    MARGIN.left,
    y,
    'center',
  );
  y = draw(doc, full(t('header'), STYLES.title, 1), MARGIN.left, y, 'center');
  y = draw(doc, full(updated, STYLES.updated, 8), MARGIN.left, y, 'center');

  const dishLines = (item: MenuView['sections'][number]['items'][number]): Line[] => {
    const lines: Line[] = [
      {
        text: printable(item.name + (item.frozen ? ' *' : '')),
        style: STYLES.dish,
        width: TEXT_WIDTH,
        gapAfter: 1,
      },
    ];
    if (item.description)
      lines.push({
        text: printable(item.description),
        style: STYLES.description,
        width: TEXT_WIDTH,
        gapAfter: 1,
      });
    if (item.ingredients)
      lines.push({
        text: printable(item.ingredients),
        style: STYLES.ingredients,
        width: TEXT_WIDTH,
        gapAfter: 1,
      });
    lines.push({
      text: allergenLine(t, item.allergens),
      style: STYLES.allergens,
      width: TEXT_WIDTH,
    });
    return lines;
  };
  const priceLines = (item: MenuView['sections'][number]['items'][number]): Line[] =>
    item.prices.map((price) => ({
      text: printable([price.label, formatPrice(price.amount)].filter(Boolean).join('  ')),
      style: STYLES.price,
      width: PRICE_WIDTH,
      gapAfter: 1,
    }));

  const ruleUnder = (at: number) =>
    doc
      .moveTo(MARGIN.left, at)
      .lineTo(PAGE.width - MARGIN.right, at)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();

  for (const section of menu.sections) {
    if (section.items.length === 0) continue;
    const extras = section.placement === 'extras';
    const heading = full(section.name, extras ? STYLES.extras : STYLES.section, extras ? 3 : 7);
    const note =
      section.key === STARTERS_EXTRAS ? full(t('extrasNote'), STYLES.note, 4) : undefined;
    const first = section.items[0]!;
    const firstHeight = Math.max(
      ...[dishLines(first), priceLines(first)].map((lines) =>
        lines.reduce((sum, line) => sum + heightOf(doc, line), 0),
      ),
    );
    const gapBefore = extras ? 6 : 14;
    // A heading never ends a page: it goes over with its first dish.
    room(gapBefore + heightOf(doc, heading) + (note ? heightOf(doc, note) : 0) + firstHeight);
    if (y > MARGIN.top) y += gapBefore;
    y = draw(doc, heading, MARGIN.left, y);
    if (!extras) ruleUnder(y - 4);
    if (note) y = draw(doc, note, MARGIN.left, y);

    for (const item of section.items) {
      const text = dishLines(item);
      const prices = priceLines(item);
      const height = Math.max(
        text.reduce((sum, line) => sum + heightOf(doc, line), 0),
        prices.reduce((sum, line) => sum + heightOf(doc, line), 0),
      );
      room(height);
      const top = y;
      // The name, then its prices, then the rest: text extraction and screen
      // readers meet a dish's price right after its name.
      let left = draw(doc, text[0]!, MARGIN.left, top);
      let right = top;
      for (const price of prices) {
        right = draw(doc, price, PAGE.width - MARGIN.right - PRICE_WIDTH, right, 'right');
      }
      for (const line of text.slice(1)) left = draw(doc, line, MARGIN.left, left);
      y = Math.max(left, right) + 6;
    }
  }

  // The legend of the 14 allergens, kept on one page.
  const legendTitle = full(t('legendTitle'), STYLES.legendTitle, 3);
  const legendIntro = full(t('legendIntro'), STYLES.note, 5);
  const legendRows = ALLERGENS.map((code) => legendRow(t, code));
  const rowHeight = (row: { short: Line; name: Line }) =>
    Math.max(heightOf(doc, row.short), heightOf(doc, row.name));
  room(
    18 +
      heightOf(doc, legendTitle) +
      heightOf(doc, legendIntro) +
      legendRows.reduce((sum, row) => sum + rowHeight(row), 0),
  );
  y += 18;
  y = draw(doc, legendTitle, MARGIN.left, y);
  ruleUnder(y - 2);
  y = draw(doc, legendIntro, MARGIN.left, y);
  for (const row of legendRows) {
    const height = rowHeight(row);
    // "Gluten: cereals containing gluten", one line of text per allergen.
    draw(doc, row.short, MARGIN.left, y);
    draw(doc, row.name, MARGIN.left + LEGEND_SHORT_WIDTH, y);
    y += height;
  }

  // The notes the page ends with: frozen products, the cover charge, allergies.
  const hasFrozen = menu.sections.some((section) => section.items.some((item) => item.frozen));
  const notes = [
    ...(hasFrozen ? [full(t('frozenNote'), STYLES.footnote, 3)] : []),
    ...ownerNotes.map((note) => full(note, STYLES.footnote, 3)),
  ];
  room(14 + notes.reduce((sum, line) => sum + heightOf(doc, line), 0));
  y += 14;
  for (const line of notes) y = draw(doc, line, MARGIN.left, y);

  // Every page's footer, once the number of pages is known.
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Below the bottom margin, where pdfkit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const footerY = PAGE.height - MARGIN.bottom + 22;
    styled(doc, STYLES.footer);
    doc.text(printable(`${restaurant.name} · ${updated}`), MARGIN.left, footerY, {
      width: CONTENT_WIDTH - 60,
      lineBreak: false,
    });
    doc.text(`${index - start + 1}/${count}`, PAGE.width - MARGIN.right - 60, footerY, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return finished;
}

function legendRow(t: TFunction<'menu'>, code: Allergen): { short: Line; name: Line } {
  return {
    short: {
      text: printable(t(`allergen.${code}.short`)),
      style: STYLES.legendShort,
      width: LEGEND_SHORT_WIDTH - 8,
    },
    name: {
      text: printable(t(`allergen.${code}.name`)),
      style: STYLES.legendName,
      width: CONTENT_WIDTH - LEGEND_SHORT_WIDTH,
      gapAfter: 2,
    },
  };
}

/** What a dish says of its allergens, in the page's words: the list, "none", or "not declared". */
function allergenLine(t: TFunction<'menu'>, allergens: readonly Allergen[] | null): string {
  if (allergens === null) return printable(t('allergensNotDeclared'));
  if (allergens.length === 0) return printable(t('allergensNone'));
  return printable(
    `${t('allergensTitle')}: ${allergens.map((code) => t(`allergen.${code}.short`)).join(', ')}`,
  );
}
