import { createHash } from 'node:crypto';
import { contentOrigins } from '../../../content/restaurant.ts';

/**
 * The Content-Security-Policy of an HTML page. Inline
 * scripts (React Router's hydration data and module loader) are allowed by
 * their SHA-256, computed from the exact bytes sent, so no 'unsafe-inline'
 * and no per-request nonce: the same bytes and header can be cached.
 */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', content = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || content.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const origins = contentOrigins();

export function htmlContentSecurityPolicy(html: string): string {
  return policy(html, { styles: "'self'", connections: "'self'" });
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
export function developmentContentSecurityPolicy(html: string): string {
  return policy(html, { styles: "'self' 'unsafe-inline'", connections: "'self' ws: wss:" });
}

function policy(html: string, allowed: { styles: string; connections: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScriptHashes(html), ...origins.scripts].join(' ')}`.trim(),
    `style-src ${allowed.styles}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${allowed.connections}`,
    `frame-src ${origins.frames.join(' ') || "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * For everything that is not a page (JSON, scripts, styles, images): nothing
 * may load, run or frame it. `base-uri` and `form-action` govern HTML
 * documents, which these are not.
 */
export const NON_HTML_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
