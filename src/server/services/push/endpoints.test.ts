import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  checkPushEndpoint,
  isPublicAddress,
  publicOnlyLookup,
  type ResolveHost,
} from './endpoints.ts';

// docs/security.md item 47: push messages go only to https endpoints on
// public addresses, or to an origin the operator allows.

describe('isPublicAddress', () => {
  it('takes public addresses', () => {
    for (const address of ['93.184.216.34', '142.250.180.10', '2a00:1450:4002:402::200a']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses documentation, 6to4, Teredo, discard and old site-local ranges, and a zoned link-local', () => {
    for (const address of [
      '192.0.2.10',
      '198.51.100.7',
      '203.0.113.200',
      '192.88.99.1',
      '100::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '2002:c0a8:101::1',
      'fec0::1',
      'fe80::1%eth0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    // Next to them, public ones.
    for (const address of ['2001:4860:4860::8888', '2a00:1450:4002:402::200a', '198.51.99.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses RFC 8215's local-use NAT64 and SIIT's IPv4-translated addresses, whatever IPv4 is inside", () => {
    for (const address of [
      '64:ff9b:1::a00:1', // 10.0.0.1 behind a local translator
      '64:ff9b:1::7f00:1',
      '64:ff9b:1:ffff:ffff::5db8:d822',
      '::ffff:0:7f00:1', // `::ffff:0:127.0.0.1`
      '::ffff:0:a9fe:a9fe', // `::ffff:0:169.254.169.254`
      '::ffff:0:5db8:d822', // even a public IPv4 inside: the translator is somebody's own
      '::ffff:0:0:0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    // The mapped form stays judged by the IPv4 it maps, and the next NAT64 blocks stay public.
    for (const address of ['::ffff:5db8:d822', '64:ff9b:2::1', '2a00:1450:4002:402::200a']) {
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

const names: Record<string, string[]> = {
  'push.example': ['93.184.216.34', '2a00:1450:4002:402::200a'],
  'mixed.example': ['93.184.216.34', '10.0.0.7'],
  'inside.example': ['192.168.0.10'],
  'loopback.example': ['127.0.0.1'],
  'empty.example': [],
  'nat64-local.example': ['64:ff9b:1::a00:1'],
  'translated.example': ['93.184.216.34', '::ffff:0:7f00:1'],
};
const resolve: ResolveHost = async (host) => {
  const found = names[host];
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

describe('checkPushEndpoint', () => {
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
      'https://empty.example/send',
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

  it('refuses any port but 443, unless the origin is allowed', async () => {
    for (const endpoint of [
      'https://push.example:8443/send',
      'https://push.example:444/send',
      'https://push.example:80/send',
      'https://push.example:22/send',
      'https://93.184.216.34:6379/send',
      'https://[2a00:1450:4002:402::200a]:8080/send',
    ]) {
      expect(await check(endpoint), endpoint).toMatchObject({ ok: false, mayPassLater: false });
    }
    // 443 written out is https's default, the same URL.
    expect(await check('https://push.example:443/send')).toEqual({ ok: true });
    expect(await check('http://127.0.0.1:8443/push/1', ['http://127.0.0.1:8443'])).toEqual({
      ok: true,
    });
  });

  it("refuses a name answering RFC 8215's or SIIT's ranges, the check and the connection alike", async () => {
    for (const host of ['nat64-local.example', 'translated.example']) {
      expect(await check(`https://${host}/send`), host).toMatchObject({
        ok: false,
        mayPassLater: true,
      });
      await expect(
        new Promise((found, failed) =>
          publicOnlyLookup(resolve)(host, { all: true }, (error, addresses) =>
            error ? failed(error) : found(addresses),
          ),
        ),
        host,
      ).rejects.toMatchObject({ code: 'EPUSHNOTPUBLIC' });
    }
    for (const endpoint of ['https://[64:ff9b:1::a00:1]/send', 'https://[::ffff:0:7f00:1]/send']) {
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

describe('publicOnlyLookup', () => {
  const lookup = publicOnlyLookup(resolve);
  /** node:net's two ways of asking: every address (`all`), or one with its family. */
  const all = (host: string) =>
    new Promise((found, failed) =>
      lookup(host, { all: true }, (error, addresses) => (error ? failed(error) : found(addresses))),
    );
  const one = (host: string) =>
    new Promise((found, failed) =>
      lookup(host, {}, (error, address, family) =>
        error ? failed(error) : found({ address, family }),
      ),
    );

  it('hands a connection every address of a public name, or the first with its family', async () => {
    expect(await all('push.example')).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2a00:1450:4002:402::200a', family: 6 },
    ]);
    expect(await one('push.example')).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses with EPUSHNOTPUBLIC a name with a private address among public ones, or with none', async () => {
    for (const host of ['mixed.example', 'inside.example', 'empty.example']) {
      await expect(all(host), host).rejects.toMatchObject({ code: 'EPUSHNOTPUBLIC' });
      await expect(one(host), host).rejects.toMatchObject({ code: 'EPUSHNOTPUBLIC' });
    }
    // A name that does not resolve fails as the resolver said.
    await expect(all('nowhere.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(one('nowhere.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('keeps node:net from connecting to a loopback answer, whichever way it asks', async () => {
    let connections = 0;
    const server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      // autoSelectFamily asks for every address, without it node:net asks for one.
      for (const autoSelectFamily of [true, false]) {
        const socket = connect({ host: 'loopback.example', port, lookup, autoSelectFamily });
        const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException];
        expect(error.code, `autoSelectFamily: ${autoSelectFamily}`).toBe('EPUSHNOTPUBLIC');
      }
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((closed) => server.close(() => closed()));
    }
  });

  it("hands undici's connections the addresses it passed, as the push sender sends", async () => {
    // A loopback service stands in for a public one: the rule is told 127.0.0.1 is public.
    const server = createHttpServer((_request, response) => response.writeHead(201).end());
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const agent = new Agent({
      connect: {
        lookup: publicOnlyLookup(
          async () => ['127.0.0.1'],
          (address) => address === '127.0.0.1',
        ),
      },
    });
    try {
      const { port } = server.address() as AddressInfo;
      const response = await undiciFetch(`http://push.example:${port}/push/1`, {
        method: 'POST',
        dispatcher: agent,
      });
      expect(response.status).toBe(201);
    } finally {
      await agent.close();
      await new Promise<void>((closed) => server.close(() => closed()));
    }
  });
});
