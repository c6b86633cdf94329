import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from './price.ts';

// Intl writes a no-break space before the euro sign.
const euro = (text: string) => text.replace(' ', '\u00a0');

describe('formatPrice: comma or dot decimals, euro in it-IT format', () => {
  it('reads comma and dot decimals', () => {
    expect(formatPrice('8,50')).toBe(euro('8,50 €'));
    expect(formatPrice('8.5')).toBe(euro('8,50 €'));
    expect(formatPrice('12.00')).toBe(euro('12,00 €'));
  });
  it('always shows two decimals in Italian format', () => {
    expect(formatPrice('7')).toBe(euro('7,00 €'));
    expect(formatPrice('1')).toBe(euro('1,00 €'));
    expect(formatPrice('1250')).toBe(euro('1250,00 €'));
  });
  it('shows a non-number as empty', () => {
    expect(formatPrice('')).toBe('');
    expect(formatPrice('s.q.')).toBe('');
    expect(formatPrice('8,50,1')).toBe('');
    expect(parsePrice('abc')).toBeNull();
  });
});
