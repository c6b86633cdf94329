import { resolve } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { bannerText, listeningUrls, logBanner, startupBanner } from './banner.ts';
import { loadConfig } from './config.ts';
import { logDestination, type LogFormat } from './log-stream.ts';
import type { SetupLink } from './services/setup.ts';

// The start-up banner (CONTRACT.md "Going live"), as serve.ts logs it after listen.
const LISTENING = ['http://127.0.0.1:3000'];

/** What the banner writes through a logger as app.ts builds it, at `level`, in `format`. */
function logged(
  env: Record<string, string>,
  format: LogFormat,
  level = 'info',
  setupLink?: SetupLink,
): string {
  const written: string[] = [];
  const destination = logDestination(format, { write: (text) => void written.push(text) });
  const log = pino({ level }, destination);
  logBanner(log, startupBanner(loadConfig(env), LISTENING, setupLink), format);
  return written.join('');
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

// Every secret the configuration may hold, each findable in the text.
const SECRETS = ['Pg-S3cret', 'pgUser', 'Smtp-S3cret', 'mailUser', 'deepl-KEY', 'lt-KEY', 'ltUser'];
const WITH_SECRETS = {
  PUBLIC_URL: 'https://www.trattoria.example',
  DATABASE_URL: 'postgres://pgUser:Pg-S3cret@db.internal:5433/trattoria?sslmode=require',
  SMTP_URL: 'smtps://mailUser:Smtp-S3cret@smtp.example:465',
  MAIL_FROM: 'prenotazioni@trattoria.example',
};

describe('start-up banner', () => {
  it('names the site, the database, mail and translation as JSON fields', () => {
    const [line, ...rest] = jsonLines(
      logged({ ...WITH_SECRETS, DEEPL_API_KEY: 'deepl-KEY:fx' }, 'json'),
    );
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'the restaurant site is running',
      site: { publicUrl: 'https://www.trattoria.example', listening: LISTENING },
      database: { kind: 'postgresql', location: 'db.internal:5433/trattoria' },
      mail: {
        configured: true,
        server: 'smtps://smtp.example:465',
        from: 'prenotazioni@trattoria.example',
      },
      translation: { provider: 'deepl' },
    });
  });

  it('never shows a password, a user name or an API key, in JSON or pretty', () => {
    const translations: Record<string, string>[] = [
      { DEEPL_API_KEY: 'deepl-KEY', DEEPL_SERVER_URL: 'https://deepl.example:8443/x?k=lt-KEY' },
      {
        LIBRETRANSLATE_URL: 'https://ltUser:lt-KEY@lt.example/?api_key=lt-KEY',
        LIBRETRANSLATE_API_KEY: 'lt-KEY',
      },
    ];
    for (const translation of translations) {
      for (const format of ['json', 'pretty'] as const) {
        const text = logged({ ...WITH_SECRETS, ...translation }, format);
        expect(text).toContain('db.internal:5433/trattoria');
        expect(text).toContain('smtps://smtp.example:465');
        expect(text).toMatch(/https:\/\/(deepl|lt)\.example/);
        for (const secret of SECRETS) expect(text, `${format}: ${secret}`).not.toContain(secret);
      }
    }
  });

  it('names the SQLite file, and says what happens to mail and translation without them', () => {
    const [line] = jsonLines(logged({ DATABASE_URL: 'file:./data/x.db' }, 'json'));
    expect(line).toMatchObject({
      database: { kind: 'sqlite', location: resolve('data/x.db') },
      mail: { configured: false, consequence: expect.stringMatching(/no e-mail is sent/) },
      translation: { provider: 'none' },
    });
    const pretty = logged({ DATABASE_URL: 'file:./data/x.db' }, 'pretty');
    expect(pretty).toContain(`database:    SQLite, ${resolve('data/x.db')}`);
    expect(pretty).toContain('mail:        SMTP_URL is not set: no e-mail is sent');
    expect(pretty).toContain('translation: none');
  });

  it('reads a PostgreSQL URL whose host is a socket folder, or that names no database', () => {
    const socket = startupBanner(
      loadConfig({ DATABASE_URL: 'postgresql:///trattoria?host=/run/postgresql&password=pw' }),
      LISTENING,
    );
    expect(socket.database.location).toBe('/run/postgresql:5432/trattoria');
    const noName = startupBanner(loadConfig({ DATABASE_URL: 'postgres://u:pw@db' }), LISTENING);
    expect(noName.database.location).toBe('db:5432/(the user name)');
  });

  it('shows the setup link prominently, with its expiry on the Rome clock', () => {
    const url = 'https://www.trattoria.example/setup?token=abc123';
    // 07:55 UTC in December is 08:55 in Rome; in July (summer time) 10:00 UTC is 12:00.
    const winter = { url, expiresAt: '2026-12-04T07:55:00.000Z' };
    const pretty = logged({}, 'pretty', 'info', winter);
    expect(pretty).toContain('No staff account exists yet');
    expect(pretty).toContain(`      ${url}\n`);
    expect(pretty).toContain('until 2026-12-04 08:55:00 (Rome time)');

    const summer = { url, expiresAt: '2026-07-01T10:00:00.000Z' };
    const [facts, link] = jsonLines(logged({}, 'json', 'info', summer));
    expect(facts).not.toHaveProperty('setupLink');
    expect(link).toMatchObject({
      level: 30,
      setupLink: {
        url,
        expiresAt: '2026-07-01T10:00:00.000Z',
        expiresAtRome: '2026-07-01 12:00:00',
      },
    });
    expect(link?.msg).toBe(`First owner: open ${url} (valid until 2026-07-01 12:00:00, Rome time)`);

    expect(bannerText(startupBanner(loadConfig({}), LISTENING))).not.toContain('setup');
  });

  it('is written even when LOG_LEVEL is warn or silent, as information', () => {
    for (const level of ['warn', 'error', 'silent']) {
      const [line] = jsonLines(logged({}, 'json', level));
      expect(line, level).toMatchObject({ level: 30, msg: 'the restaurant site is running' });
      expect(logged({}, 'pretty', level), level).toContain('The restaurant site is running');
    }
  });

  it('turns the addresses listened on into URLs', () => {
    expect(
      listeningUrls([
        { address: '127.0.0.1', family: 'IPv4', port: 3000 },
        { address: '::1', family: 'IPv6', port: 3000 },
        '/run/trattoria.sock',
      ]),
    ).toEqual(['http://127.0.0.1:3000', 'http://[::1]:3000', '/run/trattoria.sock']);
  });
});
