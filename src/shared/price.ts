/**
 * Price display: a comma becomes a dot, the result is read as a number; not a
 * number shows as empty; otherwise euro in Italian format with two decimals
 * ("8,50 €"), whatever the page language.
 */
const EURO = new Intl.NumberFormat('it-IT', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
});

/** The price as a number, or null when it is not one. */
export function parsePrice(price: string): number | null {
  const text = price.replace(',', '.').trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function formatPrice(price: string): string {
  const value = parsePrice(price);
  return value === null ? '' : EURO.format(value);
}
