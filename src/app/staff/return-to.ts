import type { Location } from 'react-router';

/** What /login keeps in `location.state`: the page to go back to after login. */
export interface LoginState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

export function loginStateFor(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): LoginState {
  return {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
}

const STAFF_LOGIN_PAGES = new Set([
  '/login',
  '/send-email',
  '/reset-password',
  '/accept-invite',
  '/setup',
]);

/**
 * Where to go after logging in: the remembered origin when it is a path of
 * this site (never another origin, never a login page), else /dashboard.
 */
export function returnPath(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  if (typeof from !== 'object' || from === null) return '/dashboard';
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return '/dashboard';
  }
  if (pathname.includes('\\') || STAFF_LOGIN_PAGES.has(pathname)) return '/dashboard';
  const text = (value: unknown, prefix: string) =>
    typeof value === 'string' && value.startsWith(prefix) ? value : '';
  return `${pathname}${text(search, '?')}${text(hash, '#')}`;
}
