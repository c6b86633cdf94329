import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { parseDatabaseUrl, postgresLocation } from './db/dialect.ts';
import { romeTimestamp } from '../shared/opening-hours.ts';
import type { LogFormat } from './log-stream.ts';
import type { SetupLink } from './services/setup.ts';

/**
 * The start-up banner (CONTRACT.md "Going live"): where the site is, which
 * database, whether mail and translation are configured, and the one-time
 * setup link while no staff account exists. Logs are kept and shared, so it
 * names hosts and files only: never a password, a user name or an API key
 * from DATABASE_URL, SMTP_URL, DEEPL_API_KEY or LIBRETRANSLATE_URL.
 */

export interface Banner {
  site: { publicUrl: string; listening: string[] };
  database: { kind: 'sqlite' | 'postgresql'; location: string };
  mail:
    { configured: true; server: string; from: string } | { configured: false; consequence: string };
  translation: { provider: 'deepl' | 'libretranslate' | 'none'; server?: string };
  setupLink?: { url: string; expiresAt: string; expiresAtRome: string };
}

/** What the mail module does without SMTP_URL (mail/transports.ts, logTransport). */
const NO_SMTP =
  'SMTP_URL is not set: no e-mail is sent; the log names each by its id and kind, and it counts as sent';

/** A URL's scheme, host and port: its user, password, path and query left out. */
const originOf = (url: string) => {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}` : '(unreadable URL)';
};

/** Where the server listens, as URLs (`http://127.0.0.1:3000`, `http://[::1]:3000`) or a socket's path. */
export function listeningUrls(addresses: (AddressInfo | string)[]): string[] {
  return addresses.map((info) => {
    if (typeof info === 'string') return info;
    const { address, family, port } = info;
    return family === 'IPv6' ? `http://[${address}]:${port}` : `http://${address}:${port}`;
  });
}

/** The banner's facts, from the configuration and the addresses listened on. */
export function startupBanner(config: Config, listening: string[], setupLink?: SetupLink): Banner {
  const target = parseDatabaseUrl(config.DATABASE_URL);
  const translation: Banner['translation'] = config.DEEPL_API_KEY
    ? {
        provider: 'deepl',
        ...(config.DEEPL_SERVER_URL ? { server: originOf(config.DEEPL_SERVER_URL) } : {}),
      }
    : config.LIBRETRANSLATE_URL
      ? { provider: 'libretranslate', server: originOf(config.LIBRETRANSLATE_URL) }
      : { provider: 'none' };
  return {
    site: { publicUrl: config.PUBLIC_URL, listening },
    database:
      target.dialect === 'sqlite'
        ? { kind: 'sqlite', location: target.path }
        : { kind: 'postgresql', location: postgresLocation(target.connectionString) },
    mail: config.SMTP_URL
      ? { configured: true, server: originOf(config.SMTP_URL), from: config.MAIL_FROM }
      : { configured: false, consequence: NO_SMTP },
    translation,
    ...(setupLink
      ? {
          setupLink: {
            url: setupLink.url,
            expiresAt: setupLink.expiresAt,
            expiresAtRome: romeTimestamp(new Date(setupLink.expiresAt)),
          },
        }
      : {}),
  };
}

const TRANSLATION_NAMES = { deepl: 'DeepL', libretranslate: 'LibreTranslate' } as const;

/** The banner as lines for a person (LOG_FORMAT=pretty, a terminal). */
export function bannerText(banner: Banner): string {
  const { site, database, mail, translation, setupLink } = banner;
  const lines = [
    'The restaurant site is running',
    `  site:        ${site.publicUrl} (listening on ${site.listening.join(', ')})`,
    `  database:    ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${database.location}`,
    `  mail:        ${mail.configured ? `SMTP ${mail.server}, from ${mail.from}` : mail.consequence}`,
    `  translation: ${
      translation.provider === 'none'
        ? 'none (no DEEPL_API_KEY or LIBRETRANSLATE_URL): visitors see the Italian'
        : `${TRANSLATION_NAMES[translation.provider]}${translation.server ? ` at ${translation.server}` : ''}`
    }`,
  ];
  if (setupLink) {
    lines.push(
      '',
      '  ==> No staff account exists yet. Create the owner with this link:',
      `      ${setupLink.url}`,
      `      It works once, until ${setupLink.expiresAtRome} (Rome time).`,
      '      (Scripts can still create it: npm run staff -- add, see README.)',
    );
  }
  return lines.join('\n');
}

/**
 * Logs the banner: one JSON line of structured fields for a log collector
 * (and a second naming the setup link, when there is one), or the readable
 * lines of bannerText in pretty mode.
 */
export function logBanner(log: FastifyBaseLogger, banner: Banner, format: LogFormat): void {
  // Logged at info through a child whose level is info, whatever LOG_LEVEL
  // says: the operator needs these facts, and the setup link, at each start
  // even with LOG_LEVEL=warn or silent, and a collector must still read the
  // banner as information, where logging it at warn or above would raise an
  // alert at every start.
  const always = log.child({}, { level: 'info' });
  if (format === 'pretty') {
    always.info(bannerText(banner));
    return;
  }
  const { setupLink, ...facts } = banner;
  always.info(facts, 'the restaurant site is running');
  if (setupLink) {
    always.info(
      { setupLink },
      `First owner: open ${setupLink.url} (valid until ${setupLink.expiresAtRome}, Rome time)`,
    );
  }
}
