import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, isPublicAddress, type ResolveHost } from './endpoints.ts';

// docs/security.md item 47: push messages go only to https endpoints on
// public addresses, or to an origin the operator allows.

describe('isPublicAddress', () => {
  it('takes public addresses', () => {
    for (const address of ['93.184.216.34', '142.250.180.10', '2a00:1450:4002:402::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, unspecified, CGNAT, multicast and their mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('checkPushEndpoint', () => {
  const names: Record<string, string[]> = {
    'push.example': ['93.184.216.34', '2a00:1450:4002:402::200a'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'inside.example': ['192.168.0.10'],
  };
  const resolve: ResolveHost = async (host) => {
    const found = names[host];
    if (!found)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  const check = (endpoint: string, allowedOrigins: string[] = []) =>
    checkPushEndpoint(endpoint, { allowedOrigins, resolve });

  it('takes https on a name whose every address is public, or on a public IP', async () => {
    expect(await check('https://push.example/send/abc')).toEqual({ ok: true });
    expect(await check('https://93.184.216.34/send/abc')).toEqual({ ok: true });
    expect(await check('https://[2a00:1450:4002:402::200a]/send')).toEqual({ ok: true });
  });

  it('refuses http, other schemes, credentials and what is not a URL', async () => {
    for (const endpoint of [
      'http://push.example/send',
      'ftp://push.example/send',
      'https://user:secret@push.example/send',
      'push.example/send',
      '',
    ]) {
      expect((await check(endpoint)).ok, endpoint).toBe(false);
    }
  });

  it('refuses a name with any private address, one that does not resolve, and private IPs', async () => {
    for (const endpoint of [
      'https://mixed.example/send',
      'https://inside.example/send',
      'https://nowhere.example/send',
      'https://127.0.0.1/send',
      'https://[::1]/send',
      'https://[::ffff:192.168.0.1]/send',
      'https://169.254.169.254/latest/meta-data',
      'https://0x7f000001/send',
      'https://2130706433/send',
    ]) {
      expect(await check(endpoint), endpoint).toMatchObject({ ok: false });
    }
  });

  it('takes an allowed origin exactly, http or private as it may be', async () => {
    const allowed = ['http://127.0.0.1:8443'];
    expect(await check('http://127.0.0.1:8443/push/1', allowed)).toEqual({ ok: true });
    expect((await check('http://127.0.0.1:8444/push/1', allowed)).ok).toBe(false);
    expect((await check('https://127.0.0.1:8443/push/1', allowed)).ok).toBe(false);
    expect((await check('http://localhost:8443/push/1', allowed)).ok).toBe(false);
  });
});
