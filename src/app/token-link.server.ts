import type { HeadersArgs } from 'react-router';
import { readSmallForm } from './small-form.server.ts';

/**
 * The pages a guest's e-mail links to with a token in the address (a
 * booking's cancel link, a takeaway order's status link): how the token is
 * read, from the address and from the page's button, and the headers that
 * keep the address private.
 */

/** No link's token is longer (the API's token query and cancel body allow 200 characters). */
const TOKEN_MAX = 200;

const usable = (token: unknown): token is string =>
  typeof token === 'string' && token !== '' && token.length <= TOKEN_MAX;

/** The token of the page's address (`?token=`), or '' when it cannot be one. */
export function addressToken(request: Request): string {
  const token = new URL(request.url).searchParams.get('token');
  return usable(token) ? token : '';
}

/** The token the page's button posted, or null when the post holds none that can be one. */
export async function postedToken(request: Request): Promise<string | null> {
  const token = (await readSmallForm(request))?.get('token');
  return usable(token) ? token : null;
}

/**
 * The address holds the link's token: no referrer carries it anywhere, and
 * no cache or search engine keeps the page (the server passes these headers
 * through; its page cache never stores an address with a query other than
 * the language).
 */
export function tokenPageHeaders({ parentHeaders }: HeadersArgs) {
  const own = new Headers(parentHeaders);
  own.set('Referrer-Policy', 'no-referrer');
  own.set('Cache-Control', 'no-store');
  own.set('X-Robots-Tag', 'noindex');
  return own;
}
