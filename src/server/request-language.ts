import type { IncomingMessage } from 'node:http';
import { LANG_COOKIE, pickLanguage, readCookie, type Lang } from '../shared/languages.ts';

/**
 * The language a request is answered in, as every page picks it: the `lng`
 * query parameter (the first, if repeated), then the `i18next` cookie, then
 * Accept-Language, then Italian. A value that is not one of ours is passed
 * over, never refused. `url` is the request's address, parsed once by the caller.
 */
export function requestLanguage(request: Pick<IncomingMessage, 'headers'>, url: URL): Lang {
  return pickLanguage({
    query: url.searchParams.get('lng'),
    cookie: readCookie(request.headers.cookie, LANG_COOKIE),
    acceptLanguage: request.headers['accept-language'],
  });
}
