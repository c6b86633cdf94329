import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  developmentContentSecurityPolicy,
  frameOrigins,
  htmlContentSecurityPolicy,
  inlineScriptHashes,
  NON_HTML_CONTENT_SECURITY_POLICY,
  withoutScriptMarker,
} from './csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('HTML Content-Security-Policy', () => {
  const marker = 'm4rker-of-this-render';
  const html =
    '<html><head><script type="module" src="/assets/a.js"></script></head>' +
    `<body><script nonce="${marker}">window.__ctx = {"a":"é"};</script>` +
    `<script type="module" nonce="${marker}">import("/x.js");</script></body></html>`;

  it("hashes each of the framework's inline scripts, not external ones", () => {
    expect(inlineScriptHashes(html, marker)).toEqual([
      sha('window.__ctx = {"a":"é"};'),
      sha('import("/x.js");'),
    ]);
  });

  it('never hashes a script without the render marker: injected, or marked for another render', () => {
    const injected = html.replace(
      '<body>',
      '<body><p></script><script>alert(1)</script></p><script nonce="guessed">alert(2)</script>',
    );
    expect(inlineScriptHashes(injected, marker)).toEqual([
      sha('window.__ctx = {"a":"é"};'),
      sha('import("/x.js");'),
    ]);
    expect(htmlContentSecurityPolicy(injected, marker)).not.toContain(sha('alert(1)'));
    expect(htmlContentSecurityPolicy(injected, marker)).not.toContain(sha('alert(2)'));
  });

  it('leaves no trace of the marker in the HTML sent, scripts unchanged', () => {
    const sent = withoutScriptMarker(html, marker);
    expect(sent).not.toContain(marker);
    expect(sent).toContain('<script>window.__ctx = {"a":"é"};</script>');
    expect(sent).toContain('<script type="module">import("/x.js");</script>');
  });

  it('never allows unsafe-inline or unsafe-eval scripts, and locks down the rest', () => {
    const policy = htmlContentSecurityPolicy(html, marker);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha('import("/x.js");'));
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('frames nothing but the origin of the map the owner set in the facts', () => {
    const frameSrc = (policy: string) =>
      policy.split('; ').find((directive) => directive.startsWith('frame-src'));
    expect(frameSrc(htmlContentSecurityPolicy(html, marker))).toBe("frame-src 'none'");
    const frames = frameOrigins({
      mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?marker=38.07,12.82',
    });
    expect(frames).toEqual(['https://www.openstreetmap.org']);
    expect(frameSrc(htmlContentSecurityPolicy(html, marker, frames))).toBe(
      'frame-src https://www.openstreetmap.org',
    );
    expect(frameSrc(developmentContentSecurityPolicy(html, marker, frames))).toBe(
      'frame-src https://www.openstreetmap.org',
    );
    // A stored address that does not parse frames nothing rather than failing the page.
    expect(frameOrigins({ mapEmbedUrl: '' })).toEqual([]);
  });

  it('is relaxed for the development server in styles and connections only', () => {
    const strict = htmlContentSecurityPolicy(html, marker).split('; ');
    const development = developmentContentSecurityPolicy(html, marker).split('; ');
    expect(strict).toContain("style-src 'self'");
    expect(strict).toContain("connect-src 'self'");
    expect(development.filter((directive) => !strict.includes(directive))).toEqual([
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' ws: wss:",
    ]);
    expect(development).toHaveLength(strict.length);
  });
});

describe('Content-Security-Policy of everything that is not a page', () => {
  // docs/security.md item 52: a stored file served as a document (a picture
  // whose type was text/html) could hold a form; default-src does not cover
  // form-action, so it is named.
  it('lets nothing load, frame it or submit a form from it', () => {
    expect(NON_HTML_CONTENT_SECURITY_POLICY.split('; ')).toEqual([
      "default-src 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
  });
});
