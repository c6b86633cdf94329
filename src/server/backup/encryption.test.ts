import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DamagedEncryptedFile,
  decryptFile,
  encryptFile,
  isEncrypted,
  WrongPassphrase,
} from './encryption.ts';

// docs/security.md item 50, docs/decisions/018-encrypted-archives.md: the
// file format on its own, with a plain file of four chunks and a bit.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'encryption-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PASSPHRASE = 'sale-di-trapani e tonno rosso';
const CHUNK = 64 * 1024;
const plain = randomBytes(4 * CHUNK + 1000);

/** The file's header and its chunks, each as its bytes (length, ciphertext, tag). */
function framesOf(bytes: Buffer): { header: Buffer; chunks: Buffer[] } {
  const magic = 'trattoria-encrypted\n'.length;
  let at = magic + 4 + bytes.readUInt32BE(magic);
  const header = bytes.subarray(0, at);
  const chunks: Buffer[] = [];
  while (at < bytes.length) {
    const end = at + 4 + bytes.readUInt32BE(at) + 16;
    chunks.push(bytes.subarray(at, end));
    at = end;
  }
  return { header, chunks };
}

async function encrypted(): Promise<Buffer> {
  writeFileSync(join(dir, 'plain'), plain);
  await encryptFile(join(dir, 'plain'), join(dir, 'sealed'), PASSPHRASE);
  return readFileSync(join(dir, 'sealed'));
}

let attempt = 0;
/** Decrypts `bytes` with `passphrase`: the plaintext, or the error. */
async function opened(bytes: Buffer, passphrase = PASSPHRASE): Promise<Buffer | Error> {
  const from = join(dir, `try-${++attempt}`);
  writeFileSync(from, bytes);
  try {
    await decryptFile(from, `${from}.out`, passphrase);
    return readFileSync(`${from}.out`);
  } catch (error) {
    return error as Error;
  }
}

describe('an encrypted file', () => {
  it('gives back exactly its plaintext with its passphrase, and shows none of it', async () => {
    const bytes = await encrypted();
    expect(await isEncrypted(join(dir, 'sealed'))).toBe(true);
    expect(await isEncrypted(join(dir, 'plain'))).toBe(false);
    expect(bytes.includes(plain.subarray(0, 32))).toBe(false);
    const header = JSON.parse(framesOf(bytes).header.subarray(24).toString('utf8')) as {
      kdf: Record<string, unknown>;
    };
    expect(header.kdf).toMatchObject({ name: 'scrypt', N: 2 ** 17, r: 8, p: 1 });
    expect(framesOf(bytes).chunks).toHaveLength(5);
    expect((await opened(bytes)) as Buffer).toEqual(plain);
  });

  it('refuses a wrong passphrase, a changed byte and a changed header', async () => {
    const bytes = await encrypted();
    const { header, chunks } = framesOf(bytes);
    expect(await opened(bytes, 'sale-di-trapani e tonno rossa')).toBeInstanceOf(WrongPassphrase);
    const flipped = Buffer.from(bytes);
    flipped[header.length + 2 * CHUNK]! ^= 0x01;
    expect(await opened(flipped)).toBeInstanceOf(DamagedEncryptedFile);

    // The header is authenticated: a field changed in it fails the first chunk's check.
    const text = header.toString('latin1');
    const changed = Buffer.from(text.replace('"chunkBytes":65536', '"chunkBytes":65537'), 'latin1');
    changed.writeUInt32BE(changed.length - 24, 20);
    expect(changed.equals(header)).toBe(false);
    const refused = await opened(Buffer.concat([changed, ...chunks]));
    expect(refused).toBeInstanceOf(DamagedEncryptedFile);
    expect((refused as Error).message).toBe('chunk 0 fails its check (altered or out of place)');
  });

  it('refuses reordered, dropped or extra chunks, and a file cut short', async () => {
    const bytes = await encrypted();
    const { header, chunks } = framesOf(bytes);
    const cases: Record<string, Buffer> = {
      reordered: Buffer.concat([header, chunks[1]!, chunks[0]!, ...chunks.slice(2)]),
      'without its last chunk': Buffer.concat([header, ...chunks.slice(0, -1)]),
      'cut inside a chunk': bytes.subarray(0, header.length + CHUNK + 100),
      'with a chunk again after its last': Buffer.concat([bytes, chunks[0]!]),
      'a chunk dropped': Buffer.concat([header, chunks[0]!, ...chunks.slice(2)]),
    };
    for (const [name, forged] of Object.entries(cases)) {
      expect(await opened(forged), name).toBeInstanceOf(DamagedEncryptedFile);
    }
  });

  it('refuses a header asking scrypt for more memory or time than allowed, or with a short salt, without trying', async () => {
    const bytes = await encrypted();
    const { header, chunks } = framesOf(bytes);
    const fields = JSON.parse(header.subarray(24).toString('utf8')) as {
      kdf: Record<string, unknown>;
    };
    /** The header with `kdf` changed, its length prefix rewritten. */
    const withKdf = (kdf: Record<string, unknown>) => {
      const json = Buffer.from(JSON.stringify({ ...fields, kdf: { ...fields.kdf, ...kdf } }));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(json.length);
      return Buffer.concat([header.subarray(0, 20), length, json]);
    };
    const greedy: Record<string, Record<string, unknown>> = {
      'N = 2^21': { N: 2 ** 21 },
      'N = 2^19': { N: 2 ** 19 },
      'r = 16': { r: 16 },
      'p = 3': { p: 3 },
      'a salt of 8 bytes': { salt: randomBytes(8).toString('base64') },
    };
    for (const [name, kdf] of Object.entries(greedy)) {
      const started = Date.now();
      const refused = await opened(Buffer.concat([withKdf(kdf), ...chunks]));
      expect(refused, name).toBeInstanceOf(DamagedEncryptedFile);
      expect((refused as Error).message, name).toBe('its header is not one this version reads');
      expect(Date.now() - started, name).toBeLessThan(5000);
    }
  });
});
