import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A push service on loopback, as a browser's is (RFC 8030), for tests: it
 * hands out subscriptions whose private keys it keeps, decrypts each message
 * it receives (RFC 8188 and 8291, aes128gcm), and checks the sender's VAPID
 * JWT (RFC 8292). What it found wrong goes into `problems`, which a test
 * expects empty. Its answers can be set: a status for the next requests, a
 * redirect, or no answer at all.
 */

export interface ReceivedPush {
  /** The subscription's endpoint. */
  endpoint: string;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string };
  /** The JWT's claims and the VAPID public key it was signed with. */
  claims: { aud: string; exp: number; sub: string };
  publicKey: string;
  ttl: number;
}

type Behaviour =
  { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'redirect'; location: string };

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, its padding removed. */
function decrypt(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = device.ecdh.getPublicKey();
  const shared = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT signed ES256 by that key. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not VAPID: ${header}`);
  const [jwt, publicKey] = [match[1]!, match[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify');
  const protectedHeader = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (protectedHeader.alg !== 'ES256') throw new Error(`JWT alg ${protectedHeader.alg}`);
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'];
  if (parsed.aud !== origin) throw new Error(`aud ${parsed.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 60 * 60)) throw new Error(`exp ${parsed.exp}`);
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error(`sub ${parsed.sub}`);
  return { claims: parsed, publicKey };
}

export async function startPushService() {
  const devices = new Map<string, DeviceKeys>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  /** What the next requests get, in order; then 201. */
  const next: Behaviour[] = [];
  let requests = 0;
  /** While down, every connection is closed at once, as a service that is down would. */
  let down = false;
  let redirectsFollowed = 0;
  let origin = '';

  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      requests += 1;
      if (request.url === '/followed') {
        redirectsFollowed += 1;
        response.writeHead(201).end();
        return;
      }
      const behaviour = next.shift() ?? { kind: 'status', status: 201 };
      if (behaviour.kind === 'hang') {
        hanging.add(response);
        return;
      }
      if (behaviour.kind === 'redirect') {
        response.writeHead(307, { location: behaviour.location }).end();
        return;
      }
      if (behaviour.status === 201) {
        const endpoint = `${origin}${request.url}`;
        const device = devices.get(endpoint);
        try {
          if (!device) throw new Error(`no subscription ${endpoint}`);
          if (request.method !== 'POST') throw new Error(`method ${request.method}`);
          if (request.headers['content-encoding'] !== 'aes128gcm') {
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          }
          const { claims, publicKey } = checkVapid(request.headers.authorization, origin);
          const payload = JSON.parse(decrypt(body, device)) as ReceivedPush['payload'];
          received.push({ endpoint, payload, claims, publicKey, ttl: Number(request.headers.ttl) });
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
          response.writeHead(400).end();
          return;
        }
      }
      response.writeHead(behaviour.status).end();
    });
  });
  server.on('connection', (socket) => {
    if (down) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let made = 0;

  return {
    origin,
    received,
    problems,
    get requests() {
      return requests;
    },
    get redirectsFollowed() {
      return redirectsFollowed;
    },
    /** A new device's subscription, as `PushSubscription.toJSON()` gives it. */
    subscription() {
      made += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/device-${made}`;
      devices.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    /** The next `count` requests get `status` (without a look at them). */
    answerNext(status: number, count = 1) {
      for (let i = 0; i < count; i += 1) next.push({ kind: 'status', status });
    },
    /** The next request is never answered. */
    hangNext() {
      next.push({ kind: 'hang' });
    },
    /** The next request is redirected to a page of this service that counts who follows. */
    redirectNext() {
      next.push({ kind: 'redirect', location: `${origin}/followed` });
    },
    /** Drops every connection, the hanging requests' too, and every new one until `up()`. */
    down() {
      down = true;
      for (const socket of sockets) socket.destroy();
      hanging.clear();
    },
    up() {
      down = false;
    },
    /** Closes every connection (a hanging request fails) and stops listening. */
    async stop() {
      for (const socket of sockets) socket.destroy();
      hanging.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type PushServiceDouble = Awaited<ReturnType<typeof startPushService>>;
