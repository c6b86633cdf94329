import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/**
 * A plain Node `http` client, as a script or an integration would use one:
 * the body written in chunks, each after the previous one left (its write
 * callback), so the server meets the body as a phone's upload reaches it,
 * and the answer read as the socket delivers it (docs/security.md item 49).
 */

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes of the body the client managed to write. */
  written: number;
  /** A socket error the client met (EPIPE, ECONNRESET…), if any. */
  error?: NodeJS.ErrnoException;
  /** Milliseconds from the first byte sent to the answer's last one. */
  elapsedMs: number;
}

export interface RawRequest {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** The body's length; written as zeros, `chunkBytes` at a time. */
  bodyBytes: number;
  chunkBytes?: number;
  /** Sent as `transfer-encoding: chunked` instead of with a content-length. */
  chunked?: boolean;
  /** Called before each chunk is written: `false` stops writing (a client that trickles, then stalls). */
  beforeChunk?: (written: number) => boolean | Promise<boolean>;
  /** Told when the answer's headers arrive. */
  onAnswer?: () => void;
}

/** Sends the request; settles once the client has written all it will and read the whole answer, or met an error. */
export function rawRequest({
  port,
  method,
  path,
  headers = {},
  bodyBytes,
  chunkBytes = 64 * 1024,
  chunked = false,
  beforeChunk,
  onAnswer,
}: RawRequest): Promise<RawAnswer> {
  const chunk = Buffer.alloc(chunkBytes);
  const started = performance.now();
  return new Promise((resolve) => {
    let written = 0;
    let error: NodeJS.ErrnoException | undefined;
    let answer: Omit<RawAnswer, 'written' | 'elapsedMs'> | undefined;
    let writing = true;
    let settled = false;
    const settle = () => {
      if (settled || writing || (!answer && !error)) return;
      settled = true;
      // Whatever the server still expects, this client is done.
      request.destroy();
      resolve({
        status: answer?.status ?? 0,
        headers: answer?.headers ?? {},
        body: answer?.body ?? '',
        written,
        ...(error ? { error } : {}),
        elapsedMs: performance.now() - started,
      });
    };
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method,
      path,
      // A connection of its own (what happens to it is this request's alone),
      // kept alive as Node's default agent keeps its connections.
      agent: new Agent({ keepAlive: true }),
      headers: {
        ...headers,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(bodyBytes) }),
      },
    });
    // The headers leave at once, not with the first chunk: a client that sends nothing more is heard.
    request.flushHeaders();
    request.on('error', (met: NodeJS.ErrnoException) => {
      error ??= met;
      writing = false;
      settle();
    });
    request.on('response', (response) => {
      onAnswer?.();
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('error', (met: NodeJS.ErrnoException) => {
        error ??= met;
        settle();
      });
      response.on('end', () => {
        answer = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts).toString('utf8'),
        };
        settle();
      });
    });
    const writeNext = async () => {
      let stalled = false;
      while (written < bodyBytes && !error) {
        if (beforeChunk && !(await beforeChunk(written))) {
          stalled = true; // never ends the body
          break;
        }
        const size = Math.min(chunkBytes, bodyBytes - written);
        const sent = await new Promise<boolean>((done) => {
          request.write(size === chunkBytes ? chunk : chunk.subarray(0, size), (met) => done(!met));
        });
        if (!sent) break;
        written += size;
      }
      if (!error && !stalled) request.end();
      writing = false;
      settle();
    };
    void writeNext();
  });
}
