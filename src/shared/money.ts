/**
 * Menu prices are exact: kept as whole cents, written as decimal strings with
 * a dot and two decimals ("12.50"), never as floats. Staff may type a comma.
 */

/** At most 99,999.99 €: one or more digits, then a dot or comma and one or two. */
export const AMOUNT_PATTERN = /^\d{1,5}(?:[.,]\d{1,2})?$/;

/** "12", "12.5", "12,50" → 1250; null when the text is not an amount. */
export function amountToCents(amount: string): number | null {
  const text = amount.trim();
  if (!AMOUNT_PATTERN.test(text)) return null;
  const [euros = '0', fraction = ''] = text.split(/[.,]/);
  return Number(euros) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 1250 → "12.50" */
export function centsToAmount(cents: number): string {
  const euros = Math.floor(cents / 100);
  return `${euros}.${String(cents % 100).padStart(2, '0')}`;
}
