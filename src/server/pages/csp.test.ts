import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  developmentContentSecurityPolicy,
  htmlContentSecurityPolicy,
  inlineScriptHashes,
} from './csp.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('HTML Content-Security-Policy', () => {
  const html =
    '<html><head><script type="module" src="/assets/a.js"></script></head>' +
    '<body><script>window.__ctx = {"a":"é"};</script><script type="module">import("/x.js");</script></body></html>';

  it('hashes each inline script, not external ones', () => {
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__ctx = {"a":"é"};'),
      sha('import("/x.js");'),
    ]);
  });

  it('never allows unsafe-inline or unsafe-eval scripts, and locks down the rest', () => {
    const policy = htmlContentSecurityPolicy(html);
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toContain(sha('import("/x.js");'));
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy).toContain(directive);
    }
  });

  it('is relaxed for the development server in styles and connections only', () => {
    const strict = htmlContentSecurityPolicy(html).split('; ');
    const development = developmentContentSecurityPolicy(html).split('; ');
    expect(strict).toContain("style-src 'self'");
    expect(strict).toContain("connect-src 'self'");
    expect(development.filter((directive) => !strict.includes(directive))).toEqual([
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self' ws: wss:",
    ]);
    expect(development).toHaveLength(strict.length);
  });
});
