import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * An encrypted backup or archive (docs/decisions/018-encrypted-archives.md):
 * the exact bytes the plain file would hold (gzip of the archive, or the
 * SQLite copy), sealed with AES-256-GCM under a key scrypt derives from the
 * operator's passphrase.
 *
 *     "trattoria-encrypted\n"  u32 header length  header (JSON)
 *     then chunks: u32 ciphertext length, ciphertext, 16-byte GCM tag
 *
 * The header records scrypt's N, r, p and random salt, the random nonce
 * prefix, the chunk size and a check of the key. Every chunk is sealed with
 * the whole header (magic and length included) as associated data, so the
 * header cannot be altered, and with the nonce `prefix ‖ u32 index ‖ final
 * flag`, so that chunks cannot be reordered, dropped or moved, and a file cut
 * after any chunk lacks its final one: truncation is seen. Chunks stream:
 * neither side ever holds the whole file.
 */

/** The first bytes of an encrypted file (a gzip file begins 1f 8b, SQLite's with "SQLite"). */
const MAGIC = Buffer.from('trattoria-encrypted\n', 'ascii');
/** Plaintext bytes per chunk. */
const CHUNK_BYTES = 64 * 1024;
/** scrypt's cost as written: 128 × N × r = 128 MiB of memory, about 0.3 s (OWASP's minimum is N = 2^17, r = 8, p = 1). */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * Bounds on what a file's header may ask for, so a hostile header cannot take
 * the machine: at most 128 × 2^18 × 8 = 256 MiB of memory (twice what this
 * version writes) and two passes, about a second and a half; a salt of at
 * least 16 random bytes, as written.
 */
const MAX_N = 2 ** 18;
const MAX_R = 8;
const MAX_P = 2;
const MIN_SALT_BYTES = 16;
const MAX_HEADER_BYTES = 4096;
const MAX_CHUNK_BYTES = 1024 * 1024;
const NONCE_PREFIX_BYTES = 7;
const TAG_BYTES = 16;

/** The file is encrypted and no passphrase was given. */
export class PassphraseNeeded extends Error {}
/** The passphrase does not open the file. */
export class WrongPassphrase extends Error {}
/** The encrypted file is not whole: a chunk fails its tag, is out of place, or is missing. */
export class DamagedEncryptedFile extends Error {}

interface Header {
  format: 'trattoria-encrypted';
  version: 1;
  cipher: 'aes-256-gcm';
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  noncePrefix: string;
  chunkBytes: number;
  /** SHA-256 of the second half of scrypt's output (the key is the first): tells a wrong passphrase from damage. */
  keyCheck: string;
}

/** Whether the file at `path` begins as an encrypted file. */
export async function isEncrypted(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await file.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await file.close();
  }
}

function deriveKey(
  passphrase: string,
  salt: Buffer,
  { N, r, p }: { N: number; r: number; p: number },
): Promise<{ key: Buffer; check: string }> {
  return new Promise((resolve, reject) => {
    scrypt(
      passphrase.normalize('NFC'),
      salt,
      64,
      // scrypt takes 128 × N × r bytes plus 128 × r × p: at most 256 MiB and a little within the bounds.
      { N, r, p, maxmem: 129 * N * r + 2 ** 20 },
      (error, out) => {
        if (error) reject(error);
        else
          resolve({
            key: out.subarray(0, 32),
            check: createHash('sha256').update(out.subarray(32)).digest('hex'),
          });
      },
    );
  });
}

const nonce = (prefix: Buffer, index: number, final: boolean) => {
  const bytes = Buffer.alloc(12);
  prefix.copy(bytes, 0);
  bytes.writeUInt32BE(index, NONCE_PREFIX_BYTES);
  bytes[11] = final ? 1 : 0;
  return bytes;
};

/**
 * A pipeline stage that encrypts what flows through it under `passphrase`
 * (the key is derived first: the returned promise waits for scrypt).
 */
export async function encryptor(
  passphrase: string,
): Promise<(source: AsyncIterable<Buffer | string>) => AsyncGenerator<Buffer>> {
  const salt = randomBytes(16);
  const prefix = randomBytes(NONCE_PREFIX_BYTES);
  const { key, check } = await deriveKey(passphrase, salt, SCRYPT);
  const header: Header = {
    format: 'trattoria-encrypted',
    version: 1,
    cipher: 'aes-256-gcm',
    kdf: { name: 'scrypt', ...SCRYPT, salt: salt.toString('base64') },
    noncePrefix: prefix.toString('base64'),
    chunkBytes: CHUNK_BYTES,
    keyCheck: check,
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  const associated = Buffer.concat([MAGIC, length, json]);

  return async function* encrypt(source) {
    yield associated;
    let index = 0;
    const seal = (plain: Buffer, final: boolean) => {
      const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, index++, final));
      cipher.setAAD(associated);
      const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
      const frameLength = Buffer.alloc(4);
      frameLength.writeUInt32BE(sealed.length);
      return Buffer.concat([frameLength, sealed, cipher.getAuthTag()]);
    };
    let pending = Buffer.alloc(0);
    for await (const piece of source) {
      pending = Buffer.concat([pending, typeof piece === 'string' ? Buffer.from(piece) : piece]);
      while (pending.length > CHUNK_BYTES) {
        yield seal(pending.subarray(0, CHUNK_BYTES), false);
        pending = pending.subarray(CHUNK_BYTES);
      }
    }
    // The last chunk, possibly empty, carries the final flag.
    yield seal(pending, true);
  };
}

/**
 * The plaintext of the encrypted file at `path`, as a stream. Resolves only
 * once the header is read and the passphrase checked: WrongPassphrase before
 * a byte flows. The stream errors with DamagedEncryptedFile at the first
 * chunk that fails its tag, and at an end without the final chunk; no chunk's
 * bytes flow before its tag is checked.
 */
export async function decryptedStream(path: string, passphrase: string): Promise<Readable> {
  const { header, associated } = await readHeader(path);
  const { key, check } = await deriveKey(
    passphrase,
    Buffer.from(header.kdf.salt, 'base64'),
    header.kdf,
  );
  if (check !== header.keyCheck)
    throw new WrongPassphrase('the passphrase does not open this file');
  const prefix = Buffer.from(header.noncePrefix, 'base64');

  async function* chunks(): AsyncGenerator<Buffer> {
    let index = 0;
    let finished = false;
    let pending = Buffer.alloc(0);
    for await (const piece of createReadStream(path, {
      start: associated.length,
    }) as AsyncIterable<Buffer>) {
      pending = Buffer.concat([pending, piece]);
      for (;;) {
        if (pending.length === 0) break;
        if (finished) throw new DamagedEncryptedFile('it goes on after its last chunk');
        if (pending.length < 4) break;
        const length = pending.readUInt32BE(0);
        if (length > header.chunkBytes)
          throw new DamagedEncryptedFile('a chunk is longer than the header allows');
        if (pending.length < 4 + length + TAG_BYTES) break;
        const sealed = pending.subarray(4, 4 + length);
        const tag = pending.subarray(4 + length, 4 + length + TAG_BYTES);
        pending = pending.subarray(4 + length + TAG_BYTES);
        const plain = openChunk(sealed, tag, index, false) ?? openChunk(sealed, tag, index, true);
        if (plain === undefined)
          throw new DamagedEncryptedFile(
            `chunk ${index} fails its check (altered or out of place)`,
          );
        finished = plain.final;
        index += 1;
        if (plain.bytes.length > 0) yield plain.bytes;
      }
    }
    if (!finished) throw new DamagedEncryptedFile('it ends before its last chunk (truncated)');
  }

  const openChunk = (sealed: Buffer, tag: Buffer, index: number, final: boolean) => {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce(prefix, index, final));
    decipher.setAAD(associated);
    decipher.setAuthTag(tag);
    try {
      return { bytes: Buffer.concat([decipher.update(sealed), decipher.final()]), final };
    } catch {
      return undefined;
    }
  };

  return Readable.from(chunks(), { objectMode: false });
}

async function readHeader(path: string): Promise<{ header: Header; associated: Buffer }> {
  const file = await open(path, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length + 4);
    const { bytesRead } = await file.read(start, 0, start.length, 0);
    if (bytesRead < start.length || !start.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new DamagedEncryptedFile('it is not an encrypted file');
    }
    const length = start.readUInt32BE(MAGIC.length);
    if (length > MAX_HEADER_BYTES) throw new DamagedEncryptedFile('its header is too long');
    const json = Buffer.alloc(length);
    const read = await file.read(json, 0, length, start.length);
    if (read.bytesRead < length) throw new DamagedEncryptedFile('it ends inside its header');
    let header: Header;
    try {
      header = JSON.parse(json.toString('utf8')) as Header;
    } catch {
      throw new DamagedEncryptedFile('its header is not JSON');
    }
    if (!isSoundHeader(header))
      throw new DamagedEncryptedFile('its header is not one this version reads');
    return { header, associated: Buffer.concat([start, json]) };
  } finally {
    await file.close();
  }
}

function isSoundHeader(header: Header): boolean {
  const { kdf } = header ?? {};
  const power = (n: unknown) =>
    Number.isInteger(n) && (n as number) >= 2 && ((n as number) & ((n as number) - 1)) === 0;
  const within = (n: unknown, max: number) =>
    Number.isInteger(n) && (n as number) >= 1 && (n as number) <= max;
  return (
    header?.format === 'trattoria-encrypted' &&
    header.version === 1 &&
    header.cipher === 'aes-256-gcm' &&
    kdf?.name === 'scrypt' &&
    power(kdf.N) &&
    kdf.N <= MAX_N &&
    within(kdf.r, MAX_R) &&
    within(kdf.p, MAX_P) &&
    typeof kdf.salt === 'string' &&
    Buffer.from(kdf.salt, 'base64').length >= MIN_SALT_BYTES &&
    typeof header.noncePrefix === 'string' &&
    Buffer.from(header.noncePrefix, 'base64').length === NONCE_PREFIX_BYTES &&
    within(header.chunkBytes, MAX_CHUNK_BYTES) &&
    typeof header.keyCheck === 'string'
  );
}

/** Encrypts the file `from` into the new file `to` (mode 0600). */
export async function encryptFile(from: string, to: string, passphrase: string): Promise<void> {
  await pipeline(
    createReadStream(from),
    await encryptor(passphrase),
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
}

/** Decrypts the encrypted file `from` into the new file `to` (mode 0600); throws WrongPassphrase or DamagedEncryptedFile. */
export async function decryptFile(from: string, to: string, passphrase: string): Promise<void> {
  await pipeline(
    await decryptedStream(from, passphrase),
    createWriteStream(to, { flags: 'wx', mode: 0o600 }),
  );
}
