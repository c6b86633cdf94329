import { describe, expect, it } from 'vitest';
import { checkResetForm } from './reset-checks.ts';

describe('reset form checks: both fields filled, both the same', () => {
  it('either field empty: "Compila entrambi i campi."', () => {
    expect(checkResetForm('', '')).toBe('Compila entrambi i campi.');
    expect(checkResetForm('una password lunga', '')).toBe('Compila entrambi i campi.');
    expect(checkResetForm('', 'una password lunga')).toBe('Compila entrambi i campi.');
  });
  it('different: "Le password non coincidono"', () => {
    expect(checkResetForm('una password lunga', 'una password Lunga')).toBe(
      'Le password non coincidono',
    );
  });
  it('same and filled: no warning (length is the server’s rule)', () => {
    expect(checkResetForm('una password lunga', 'una password lunga')).toBeNull();
  });
});
