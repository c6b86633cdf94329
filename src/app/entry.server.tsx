import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { prerender } from 'react-dom/static';
import { scriptMarkerContext } from './context.ts';

/**
 * Renders the whole document before answering (no streaming): the server
 * hashes its inline scripts into the CSP and caches the bytes per page and
 * language (src/server/pages/), and every page is complete HTML for visitors
 * and crawlers alike. `prerender` waits for every Suspense boundary and writes
 * each one in place, where a streaming render would first send its fallback
 * and swap the content in later with an inline script (the menu's carousel,
 * loaded lazily in the browser, sits in such a boundary).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let status = responseStatusCode;
  // React Router's inline scripts carry the render's marker: the server
  // hashes those, and only those, into the page's CSP. (React writes no
  // inline script of its own here: `prerender` puts every boundary in place.)
  const marker = loadContext.get(scriptMarkerContext);
  const router = <ServerRouter context={routerContext} url={request.url} nonce={marker} />;
  const { prelude } = await prerender(router, {
    signal: request.signal,
    // React would otherwise move a large finished boundary out of line too.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      status = 500;
      console.error(error);
    },
  });
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    await prelude.cancel();
    return new Response(null, { status, headers: responseHeaders });
  }
  return new Response(prelude, { status, headers: responseHeaders });
}

/**
 * Unmatched URLs and refused methods are answered by the error page: they are
 * the visitor's mistakes, not ours, and would otherwise log a stack each
 * (favicon probes, for one). Everything else is logged.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status < 500) return;
  console.error(error);
};

export { appServicesContext, clientAddressContext, scriptMarkerContext } from './context.ts';
// The server reads the shipped pictures' built URLs and sizes here (docs/decisions/014).
export { defaultPhotos } from './default-photos.server.ts';
