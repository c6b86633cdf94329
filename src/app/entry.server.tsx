import type { EntryContext, HandleErrorFunction } from 'react-router';
import { ServerRouter } from 'react-router';
import { renderToReadableStream } from 'react-dom/server';

/**
 * Renders the whole document before answering (no streaming): the server
 * hashes its inline scripts into the CSP and caches the bytes per page and
 * language (src/server/pages/), and every page is complete HTML for visitors
 * and crawlers alike.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  let status = responseStatusCode;
  const stream = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    },
  );
  await stream.allReady;
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (request.method.toUpperCase() === 'HEAD') {
    await stream.cancel();
    return new Response(null, { status, headers: responseHeaders });
  }
  return new Response(stream, { status, headers: responseHeaders });
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

export { appServicesContext } from './context.ts';
