import { describe, expect, it } from 'vitest';
import { headersToCopy } from './servers.ts';

describe('the headers nginx is given to serve the same bytes (headersToCopy)', () => {
  it('keeps the answer’s own headers and leaves out those nginx writes itself', () => {
    const answer = new Response('<!doctype html>', {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-length': '15',
        etag: '"abc"',
        date: 'Fri, 04 Dec 2026 16:39:20 GMT',
        connection: 'keep-alive',
        'keep-alive': 'timeout=72',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
        'x-frame-options': 'DENY',
        vary: 'Cookie, Accept-Language, Accept-Encoding',
        'cache-control': 'no-cache',
      },
    });
    expect(headersToCopy(answer)).toEqual({
      'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      vary: 'Cookie, Accept-Language, Accept-Encoding',
      'cache-control': 'no-cache',
    });
  });
});
