import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  DamagedEncryptedFile,
  decryptedStream,
  encryptor,
  isEncrypted,
  PassphraseNeeded,
} from './encryption.ts';

/**
 * The archive's file: gzip of newline-delimited JSON, whose last line holds
 * the hex SHA-256 of every uncompressed byte before it. Both directions are
 * streams, so that neither side ever holds the whole database in memory.
 * With a passphrase, those same gzip bytes are encrypted (encryption.ts).
 */

/** A file that does not gunzip, does not parse, or whose checksum or end is missing. */
export class DamagedArchive extends Error {}

/**
 * Writes the lines `batches` yields (each a list of JSON values, one line
 * each), then the end line `end()` gives with the checksum added, to `path`:
 * under a temporary name with mode 0600, flushed to disk, and renamed only
 * once complete, so that a failure or a crash never leaves a partial file
 * under the archive's name. Encrypted when a passphrase is given. Returns the
 * file's size in bytes.
 */
export async function writeArchiveFile(
  path: string,
  batches: AsyncIterable<unknown[]>,
  end: () => Record<string, unknown>,
  passphrase?: string,
): Promise<number> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
  try {
    const encrypt = passphrase === undefined ? undefined : await encryptor(passphrase);
    const lines = Readable.from(withChecksum(batches, end));
    const output = createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
    if (encrypt === undefined) await pipeline(lines, createGzip(), output);
    else await pipeline(lines, createGzip(), encrypt, output);
    const file = await open(temporary, 'r+');
    try {
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return (await stat(path)).size;
}

async function* withChecksum(
  batches: AsyncIterable<unknown[]>,
  end: () => Record<string, unknown>,
): AsyncGenerator<string> {
  const hash = createHash('sha256');
  for await (const batch of batches) {
    const text = batch.map((value) => `${JSON.stringify(value)}\n`).join('');
    hash.update(text);
    yield text;
  }
  yield `${JSON.stringify({ ...end(), sha256: hash.digest('hex') })}\n`;
}

const NEWLINE = 0x0a;

/**
 * Every line of the archive at `path`, parsed, the end line last: yielded
 * only once the whole file was read and its checksum matched. Throws
 * DamagedArchive at the first sign of damage, so a reader that acts on the
 * lines inside a transaction commits only what a sound file holds. An
 * encrypted archive is read with `passphrase`: PassphraseNeeded without one,
 * WrongPassphrase (encryption.ts) before any line with the wrong one.
 */
export async function* readArchiveLines(
  path: string,
  passphrase?: string,
): AsyncGenerator<unknown, void, undefined> {
  const hash = createHash('sha256');
  let endLine: Record<string, unknown> | undefined;

  const take = (bytes: Buffer): unknown => {
    if (endLine !== undefined) throw new DamagedArchive('it goes on after its last line');
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new DamagedArchive('a line is not JSON');
    }
    if (isEndLine(value)) {
      if (value.sha256 !== hash.digest('hex'))
        throw new DamagedArchive('its checksum does not match');
      endLine = value;
      return undefined;
    }
    hash.update(bytes);
    hash.update('\n');
    return value;
  };

  let source: Readable;
  if (await isEncrypted(path)) {
    if (passphrase === undefined) {
      throw new PassphraseNeeded(`${path} is encrypted: give its passphrase`);
    }
    try {
      source = await decryptedStream(path, passphrase);
    } catch (error) {
      if (error instanceof DamagedEncryptedFile) throw new DamagedArchive(error.message);
      throw error;
    }
  } else {
    source = createReadStream(path);
  }
  const unzipped = source.pipe(createGunzip());
  // pipe() does not pass on the source's error (a chunk failing its check): the reader must see it.
  source.once('error', (error) => unzipped.destroy(error));
  let pieces: Buffer[] = [];
  try {
    for await (const chunk of unzipped as AsyncIterable<Buffer>) {
      let start = 0;
      for (
        let newline = chunk.indexOf(NEWLINE);
        newline !== -1;
        newline = chunk.indexOf(NEWLINE, start)
      ) {
        const line = take(Buffer.concat([...pieces, chunk.subarray(start, newline)]));
        pieces = [];
        start = newline + 1;
        if (line !== undefined) yield line;
      }
      if (start < chunk.length) pieces.push(chunk.subarray(start));
    }
  } catch (error) {
    if (error instanceof DamagedArchive) throw error;
    if (error instanceof DamagedEncryptedFile) {
      throw new DamagedArchive(error.message, { cause: error });
    }
    // zlib's errors: not gzip, a corrupt stream, or one cut short.
    throw new DamagedArchive(`it does not decompress (${(error as Error).message})`, {
      cause: error,
    });
  } finally {
    unzipped.destroy();
    source.destroy();
  }
  if (pieces.length > 0 || endLine === undefined) {
    throw new DamagedArchive('it ends before its last line (truncated)');
  }
  yield endLine;
}

function isEndLine(value: unknown): value is { end: true; sha256: unknown } {
  return typeof value === 'object' && value !== null && (value as { end?: unknown }).end === true;
}
