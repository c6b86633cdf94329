import { describe, expect, it } from 'vitest';
import { readSmallForm } from './small-form.server.ts';

const posted = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request('http://localhost/reservations', {
    method: 'POST',
    headers: { 'content-type': type },
    body,
  });

describe('readSmallForm', () => {
  it('reads a urlencoded and a multipart form', async () => {
    expect((await readSmallForm(posted('name=Lena&party=2')))?.get('name')).toBe('Lena');
    const multipart = new Request('http://localhost/reservations', {
      method: 'POST',
      body: (() => {
        const data = new FormData();
        data.append('name', 'Lena');
        return data;
      })(),
    });
    expect((await readSmallForm(multipart))?.get('name')).toBe('Lena');
  });

  it('refuses another type, and a body larger than the limit, without reading it all', async () => {
    expect(await readSmallForm(posted('{"name":"Lena"}', 'application/json'))).toBeNull();
    expect(await readSmallForm(posted(`notes=${'x'.repeat(2000)}`), 1024)).toBeNull();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(512).fill(120));
      },
    });
    const streamed = new Request('http://localhost/reservations', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await readSmallForm(streamed, 4096)).toBeNull();
    expect(pulled).toBeLessThan(20);
  });
});
