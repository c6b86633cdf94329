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
  return [
    "default-src 'self'",
    `script-src 'self' ${[...inlineScriptHashes(html), ...origins.scripts].join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
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
