/**
 * After `react-router build`: precompress every static file (br and gzip, so
 * the server never compresses them per request).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CLIENT_DIR = 'build/client';
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
for await (const path of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(path) || (await stat(path)).size < 512) continue;
  const bytes = await readFile(path);
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  await writeFile(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count += 1;
}
console.log(`postbuild: ${count} files precompressed (br, gzip)`);
