import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends If-None-Match when asked, and hands over the answer’s ETag', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ ok: 1 }, { headers: { ETag: '"v2"' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('GET', '/takeaway/board?date=2026-06-10', {
      token: 'tok',
      ifNoneMatch: '"v1"',
    });
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>)['If-None-Match']).toBe(
      '"v1"',
    );
    expect(result).toMatchObject({ ok: true, status: 200, data: { ok: 1 }, etag: '"v2"' });
  });

  it('sends no If-None-Match by default, and a 304 is an http failure of that status', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiRequest('GET', '/takeaway/board?date=2026-06-10');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('If-None-Match');
    expect(result).toMatchObject({ ok: false, failure: { kind: 'http', status: 304 } });
  });
});
