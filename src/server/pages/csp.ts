import { createHash, randomBytes } from 'node:crypto';
import { contentOrigins } from '../../shared/build-settings.ts';

/**
 * The Content-Security-Policy of an HTML page. Inline scripts are allowed by
 * their SHA-256, computed from the exact bytes sent, so no 'unsafe-inline'
 * and no nonce in the header: the same bytes and header can be cached.
 *
 * Only the scripts the framework emits are hashed (docs/security.md item 35):
 * each render gets a fresh random marker, which React Router (and React)
 * put on their own inline scripts as a `nonce` attribute. A script that
 * reached the HTML any other way (content that escaped its escaping) cannot
 * carry the marker, which did not exist when that content was written, so it
 * gets no hash and the browser refuses to run it. The marker is then removed
 * from the HTML: the page as cached and sent holds no trace of it.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** A marker for one render. */
export const newScriptMarker = () => randomBytes(18).toString('base64url');

/** The hashes of the inline scripts that carry `marker`. */
export function inlineScriptHashes(html: string, marker: string): string[] {
  const hashes = new Set<string>();
  const markerAttribute = ` nonce="${marker}"`;
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(markerAttribute)) continue;
    if (/\bsrc\s*=/i.test(attributes) || content.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The HTML without the render's marker (its scripts' contents, and so their hashes, unchanged). */
export const withoutScriptMarker = (html: string, marker: string) =>
  html.replaceAll(` nonce="${marker}"`, '');

const origins = contentOrigins();

/**
 * The origins a page may frame: the map's, whose embed address the owner
 * sets in the restaurant's facts (the home page frames it once a visitor
 * asks); none if it does not parse.
 */
export function frameOrigins(facts: { mapEmbedUrl: string }): string[] {
  try {
    return [new URL(facts.mapEmbedUrl).origin];
  } catch {
    return [];
  }
}

export function htmlContentSecurityPolicy(
  html: string,
  marker: string,
  frames: readonly string[] = [],
): string {
  return policy(html, marker, frames, { styles: "'self'", connections: "'self'" });
}

/**
 * The policy of a page served by `npm run dev` (src/server/dev-app.ts), and
 * only there: the same, except that styles may be inline, because Vite injects
 * each stylesheet a module imports as a `<style>` element, React Router inlines
 * the route's CSS on the first render and Vite's error overlay styles itself
 * inline; and the page may open websockets, because Vite's HMR client keeps
 * one to the server, on whatever host name the browser used (browsers whose
 * 'self' leaves websockets out need the schemes named).
 */
export function developmentContentSecurityPolicy(
  html: string,
  marker: string,
  frames: readonly string[] = [],
): string {
  return policy(html, marker, frames, {
    styles: "'self' 'unsafe-inline'",
    connections: "'self' ws: wss:",
  });
}

function policy(
  html: string,
  marker: string,
  frames: readonly string[],
  allowed: { styles: string; connections: string },
): string {
  const hashes = inlineScriptHashes(html, marker);
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes, ...origins.scripts].join(' ')}`.trim(),
    `style-src ${allowed.styles}`,
    // blob: the back office's preview of a photo chosen on the phone, before it is sent.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src ${allowed.connections}`,
    `frame-src ${frames.join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * For everything that is not a page (JSON, scripts, styles, images): nothing
 * may load, run or frame it, nor submit a form from it. `form-action` is not
 * covered by `default-src`: should a stored file ever be taken for a document
 * (docs/security.md item 52: a picture whose type said text/html), its forms
 * go nowhere.
 */
export const NON_HTML_CONTENT_SECURITY_POLICY =
  "default-src 'none'; form-action 'none'; frame-ancestors 'none'";
