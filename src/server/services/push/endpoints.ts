import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a push message (docs/security.md item 47): a
 * subscription's endpoint is a URL the browser's push service chose, but a
 * staff member's request brings it, so it could name any address and port
 * the server reaches. It must be `https` on port 443 (the one every push
 * service uses) on a host whose every address is public, unless its exact
 * origin is one the operator allows (PUSH_ALLOWED_ORIGINS).
 * Checked when subscribing and again before each send: a name's addresses
 * can change in between. The send then connects only to the addresses the
 * same rule passed at that moment (`publicOnlyLookup`), never to the answer
 * of a second, separate resolution, which a name's owner could make private.
 */

/** Resolves a host name to all its addresses (node:dns by default; tests give their own). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address }) => address);

export type EndpointVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: string;
      /** The refusal is the host's addresses, which may change; a URL refused stays refused. */
      mayPassLater: boolean;
    };

/** The one port an endpoint may name: https's own, which every push service uses. */
export const PUSH_PORT = 443;

/** Addresses a push service on the internet never has. */
const NOT_PUBLIC = new BlockList();
for (const [network, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv4');
}
for (const [network, bits] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: an IPv4 address behind a translator
  ['64:ff9b:1::', 48], // NAT64 for local use (RFC 8215): an IPv4 address, often private, inside
  ['::ffff:0:0:0', 96], // SIIT's IPv4-translated `::ffff:0:a.b.c.d` (RFC 2765), not the mapped form
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 address inside
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated but still routed by some
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, bits, 'ipv6');
}

/** `::ffff:a.b.c.d` (in any spelling) as the IPv4 address it maps, else the address. */
function unmapped(address: string): string {
  if (isIP(address) !== 6) return address;
  // The URL parser writes IPv6 in one canonical form: `[::ffff:7f00:1]`.
  const canonical = new URL(`http://[${address}]/`).hostname;
  const mapped = /^\[::ffff:([\da-f]{1,4}):([\da-f]{1,4})\]$/.exec(canonical);
  if (!mapped) return address;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a public push service may have. */
export function isPublicAddress(address: string): boolean {
  // A link-local answer may carry its interface (`fe80::1%eth0`), which no URL parses.
  const plain = unmapped(address.replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host's addresses when every one is public; undefined when one is not, or there are none. */
async function publicAddresses(
  host: string,
  resolve: ResolveHost,
  isPublic = isPublicAddress,
): Promise<string[] | undefined> {
  const addresses = isIP(host) ? [host] : await resolve(host);
  return addresses.length > 0 && addresses.every(isPublic) ? addresses : undefined;
}

/** Whether `endpoint`'s exact origin is one the operator allows (PUSH_ALLOWED_ORIGINS), exempt from the rule. */
export function isAllowedOrigin(endpoint: URL, allowedOrigins: readonly string[]): boolean {
  return allowedOrigins.includes(endpoint.origin);
}

export interface EndpointRule {
  allowedOrigins: readonly string[];
  resolve: ResolveHost;
  /** PUSH_PORT; a test whose loopback service stands in for a public one passes that service's port. */
  port?: number;
}

/** Whether the server may send to `endpoint` (a refusal's reason is for staff, in Italian). */
export async function checkPushEndpoint(
  endpoint: string,
  rule: EndpointRule,
): Promise<EndpointVerdict> {
  const refused = (reason: string, mayPassLater = false) =>
    ({ ok: false, reason, mayPassLater }) as const;
  const url = URL.parse(endpoint);
  if (!url) return refused('Non è un indirizzo valido.');
  if (isAllowedOrigin(url, rule.allowedOrigins)) return { ok: true };
  if (url.protocol !== 'https:') return refused('Deve essere un indirizzo https.');
  if (url.username || url.password) return refused('Non può contenere credenziali.');
  // The URL parser leaves `port` empty for https's default, 443, however it was written.
  if (Number(url.port || PUSH_PORT) !== (rule.port ?? PUSH_PORT)) {
    return refused(`Il servizio push deve usare la porta ${PUSH_PORT}.`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[] | undefined;
  try {
    addresses = await publicAddresses(host, rule.resolve);
  } catch {
    return refused('Il nome del servizio push non si risolve.', true);
  }
  if (!addresses) return refused('Il servizio push deve avere un indirizzo pubblico.', true);
  return { ok: true };
}

/** The code a connection fails with when its host has an address that is not public (or none). */
export const NOT_PUBLIC_CODE = 'EPUSHNOTPUBLIC';

/**
 * A `lookup` for node:net, which the push sender's connections use
 * (sender.ts): the host resolved by `resolve`, and its addresses handed to
 * the connection only when every one is public, else an error coded
 * NOT_PUBLIC_CODE. node:net asks with `{ all: true }` when it may try
 * several addresses (autoSelectFamily, Node's default) and wants them all,
 * else one address and its family. `options.family` is not looked at: the
 * sender never restricts the family.
 */
export function publicOnlyLookup(
  resolve: ResolveHost,
  /** The rule; a test that connects to a loopback service passes its own. */
  isPublic = isPublicAddress,
): LookupFunction {
  return (host, options, callback) => {
    publicAddresses(host, resolve, isPublic).then(
      (addresses) => {
        if (!addresses) {
          const refusal = new Error('the push service has no address, or one that is not public');
          callback(Object.assign(refusal, { code: NOT_PUBLIC_CODE }), '');
        } else if (options.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          callback(null, addresses[0]!, isIP(addresses[0]!));
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
