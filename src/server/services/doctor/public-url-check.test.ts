import { describe, expect, it } from 'vitest';
import { isLoopbackHost, publicUrlCheck } from './public-url-check.ts';
import { contextFor } from './test-context.ts';

describe('public url check', () => {
  it.each([
    ['https://www.trattoria.example', 'ok'],
    ['https://203.0.113.7:8443/site', 'ok'],
    ['http://localhost:3000', 'ok'],
    ['http://127.0.0.1:3000', 'ok'],
    ['http://127.8.9.10', 'ok'],
    ['http://[::1]:3000', 'ok'],
    ['http://www.trattoria.example', 'fail'],
    ['http://192.168.1.20:3000', 'fail'],
    ['http://128.0.0.1', 'fail'],
    ['http://localhost.example.com', 'fail'],
  ])('%s is %s', async (url, status) => {
    const result = await publicUrlCheck(contextFor({ PUBLIC_URL: url }));
    expect(result?.status).toBe(status);
    if (result?.status === 'fail') expect(result.advice).toContain('PUBLIC_URL=https://');
  });

  it('warns when unset, naming what it defaults to', async () => {
    const result = await publicUrlCheck(contextFor({ PORT: '8080' }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: 'PUBLIC_URL unset: links in mails point at http://localhost:8080',
    });
  });

  it('knows the loopback addresses', () => {
    expect(
      ['localhost', 'app.localhost', '127.0.0.1', '127.255.255.254', '[::1]'].map(isLoopbackHost),
    ).toEqual([true, true, true, true, true]);
    expect(['10.0.0.1', '[::2]', '[::ffff:7f00:1]', 'example.com'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
