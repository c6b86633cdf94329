import { describe, expect, it } from 'vitest';
import { loginStateFor, returnPath } from './return-to.ts';

describe('returnPath: back to the remembered origin', () => {
  it('goes back to the remembered page, query and hash included', () => {
    expect(returnPath(loginStateFor({ pathname: '/dashboard', search: '?a=1', hash: '#x' }))).toBe(
      '/dashboard?a=1#x',
    );
  });
  it('defaults to /dashboard', () => {
    for (const state of [null, undefined, 'x', {}, { from: null }, { from: { pathname: 3 } }]) {
      expect(returnPath(state)).toBe('/dashboard');
    }
  });
  it('never leaves the site and never loops on a login page', () => {
    for (const pathname of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/login',
      '/setup',
    ]) {
      expect(returnPath({ from: { pathname, search: '', hash: '' } })).toBe('/dashboard');
    }
  });
});
