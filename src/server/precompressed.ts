import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Bodies under this size are sent as they are: compressing a few hundred
 * bytes saves next to nothing and costs the client a decoder. The answers
 * made per request follow the same rule (@fastify/compress, app.ts).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** An answer kept in memory, already compressed, with its validator. */
export interface Precompressed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /**
   * The body as text, when it is UTF-8 text, sent when no encoding is: Node
   * writes a text body and the headers as one string, a buffer beside them
   * (`writev`), and the small JSON answers were slower so
   * (docs/performance.md, "Content JSON from memory").
   */
  text?: string;
  /** The body compressed, when it is large enough to be worth it. */
  br?: Buffer;
  gzip?: Buffer;
  /** A strong ETag from the body's bytes, quotes included. */
  etag: string;
}

/** A strong ETag from `bytes` themselves, quotes included: the same bytes, the same tag on every instance. */
export function strongEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/**
 * The answer compressed once (brotli at quality 5, gzip at level 6) and
 * tagged, for every later request to cost a lookup. A compressed answer
 * varies with Accept-Encoding, and says so.
 */
export async function precompress(answer: {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text?: string;
}): Promise<Precompressed> {
  const etag = strongEtag(answer.body);
  if (answer.body.length < COMPRESS_THRESHOLD_BYTES) return { ...answer, etag };
  const [br, gz] = await Promise.all([
    brotli(answer.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(answer.body, { level: 6 }),
  ]);
  const vary = answer.headers['vary'];
  const headers = {
    ...answer.headers,
    vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding',
  };
  return { ...answer, headers, br, gzip: gz, etag };
}

/**
 * Whether an If-None-Match header names `etag`: a list, weak or strong (the
 * weak comparison RFC 9110 section 13.1.2 asks for), or `*`.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The encoding to send `answer` in: brotli, else gzip, if kept and accepted (not `;q=0`). */
function chosenEncoding(header: string | undefined, answer: Precompressed): 'br' | 'gzip' | null {
  if (!header || !answer.br) return null;
  let gzipAccepted = false;
  for (const item of header.toLowerCase().split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim());
    if (params.some((param) => /^q=0(\.0*)?$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip') gzipAccepted = true;
  }
  return gzipAccepted ? 'gzip' : null;
}

/**
 * What a request gets from a kept answer: 304 when it holds these very bytes
 * (If-None-Match), else the body in the best encoding it accepts.
 */
export function precompressedReply(
  /** Its If-None-Match and Accept-Encoding are read: a Fastify request or Node's own. */
  request: Pick<IncomingMessage, 'headers'>,
  answer: Precompressed,
): { status: number; headers: Record<string, string | number>; body: Buffer | string | null } {
  const headers: Record<string, string | number> = { ...answer.headers, etag: answer.etag };
  if (etagMatches(request.headers['if-none-match'], answer.etag)) {
    return { status: 304, headers, body: null };
  }
  const encoding = chosenEncoding(request.headers['accept-encoding'], answer);
  const body = encoding ? answer[encoding]! : (answer.text ?? answer.body);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = encoding ? body.length : answer.body.length;
  // (For HEAD, Node's response leaves the body out and keeps the length.)
  return { status: answer.status, headers, body };
}

/** Sends a kept answer (`precompressedReply`). */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Precompressed,
): FastifyReply {
  const { status, headers, body } = precompressedReply(request, answer);
  return reply
    .status(status)
    .headers(headers)
    .send(body ?? undefined);
}
