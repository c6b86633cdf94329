import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from './testing/app.ts';
import { logFormat } from './log-stream.ts';

// CONTRACT.md "Going live", "Logs": JSON lines unless standard output is a
// terminal or LOG_FORMAT=pretty; read here through the stream each app writes to.
let harness: Awaited<ReturnType<typeof testApp>> | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A stream that keeps what is written to it, a terminal or not. */
function output(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => void written.push(text) } };
}

const isJson = (line: string) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
};

// A lookup and a link whose secrets app.ts masks in the request's log line (items 34, 43).
const SECRET_URL = '/api/health?token=tok-S3CRET-77&email=guest%40example.com';

async function logOf(env: Record<string, string>, isTTY: boolean): Promise<string[]> {
  const { written, stream } = output(isTTY);
  harness = await testApp(env, { pages: false, logStream: stream });
  await harness.app.inject({ method: 'GET', url: SECRET_URL });
  return written;
}

describe('log format', () => {
  it('is LOG_FORMAT when set, else pretty on a terminal and JSON anywhere else', () => {
    expect(logFormat(undefined, { isTTY: true })).toBe('pretty');
    expect(logFormat(undefined, { isTTY: false })).toBe('json');
    expect(logFormat(undefined, {})).toBe('json');
    expect(logFormat('json', { isTTY: true })).toBe('json');
    expect(logFormat('pretty', { isTTY: false })).toBe('pretty');
  });

  it('writes JSON lines when the output is not a terminal', async () => {
    const written = await logOf({}, false);
    expect(written.length).toBeGreaterThan(0);
    expect(written.every(isJson)).toBe(true);
    const request = written.map((line) => JSON.parse(line)).find((line) => line.req);
    expect(request.req.url).toBe('/api/health?token=***&email=***');
  });

  it('writes pino-pretty lines with LOG_FORMAT=pretty, and on a terminal unless LOG_FORMAT=json', async () => {
    const pretty = (await logOf({ LOG_FORMAT: 'pretty' }, false)).join('');
    expect(isJson(pretty.split('\n')[0]!)).toBe(false);
    // Level, then message; the time on the restaurant's clock, as [YYYY-MM-DD HH:MM:SS].
    expect(pretty).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: incoming request$/m);
    expect(pretty).toContain('request completed');
    // Not a terminal: no colour codes in the text.
    expect(pretty).not.toContain('\u001b[');
    await harness?.close();

    const terminal = (await logOf({}, true)).join('');
    expect(isJson(terminal.split('\n')[0]!)).toBe(false);
    expect(terminal).toContain('incoming request');
    expect(terminal).toContain('\u001b[');
    await harness?.close();

    const forcedJson = await logOf({ LOG_FORMAT: 'json' }, true);
    expect(forcedJson.every(isJson)).toBe(true);
  });

  it('masks tokens and guest lookups in pretty lines as in JSON ones', async () => {
    const pretty = (await logOf({ LOG_FORMAT: 'pretty' }, false)).join('');
    expect(pretty).toContain('INFO: incoming request');
    expect(pretty).toContain('"url": "/api/health?token=***&email=***"');
    expect(pretty).not.toContain('S3CRET');
    expect(pretty).not.toContain('guest');
  });
});
