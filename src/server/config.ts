import { isIP } from 'node:net';
import { z } from 'zod';
import { PASSPHRASE_MIN_LENGTH, passphraseTooShort } from './backup/passphrase.ts';

/**
 * The server's configuration (environment variables, all optional), parsed
 * once at boot by one schema: a bad value stops the process with the list of
 * bad keys.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
};

/** `http(s)://host[:port]` and nothing else, as a browser's origin. */
const isOrigin = (entry: string) => {
  const url = URL.parse(entry);
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !entry.endsWith('/') &&
    `${url.search}${url.hash}${url.username}${url.password}` === ''
  );
};

const urlWithProtocol = (protocols: string[]) =>
  z.string().refine((value) => protocols.includes(URL.parse(value)?.protocol ?? ''), {
    message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .refine((entries) => entries.every(isProxyAddress), {
          message:
            'must be loopback, linklocal, uniquelocal or IP addresses/CIDRs, comma-separated',
        })
        .optional(),
    ),
    DATABASE_URL: z
      .string()
      .trim()
      .default('file:./data/restaurant.db')
      .refine((value) => /^file:.+/.test(value) || /^postgres(ql)?:\/\/.+/.test(value), {
        message: 'must be file:PATH or postgres://…',
      }),
    PUBLIC_URL: optionalText.pipe(urlWithProtocol(['http:', 'https:']).optional()),
    SMTP_URL: optionalText.pipe(urlWithProtocol(['smtp:', 'smtps:']).optional()),
    MAIL_FROM: optionalText.pipe(z.email().optional()),
    CONTACT_EMAIL: optionalText.pipe(z.email().optional()),
    DEEPL_API_KEY: optionalText,
    DEEPL_SERVER_URL: optionalText.pipe(urlWithProtocol(['http:', 'https:']).optional()),
    LIBRETRANSLATE_URL: optionalText.pipe(urlWithProtocol(['http:', 'https:']).optional()),
    LIBRETRANSLATE_API_KEY: optionalText,
    /**
     * Origins (`http://127.0.0.1:8443`) a push subscription's endpoint may
     * have although they are not https on a public address: a push service
     * on the operator's own network, a test double on loopback
     * (services/push/endpoints.ts). Unset: none.
     */
    PUSH_ALLOWED_ORIGINS: optionalText.pipe(
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .refine((entries) => entries.every(isOrigin), {
          message: 'must be origins (scheme://host[:port], no path), comma-separated',
        })
        .transform((entries) => entries.map((entry) => new URL(entry).origin))
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * How log lines are written: `json` (one JSON object a line, what a log
     * collector reads) or `pretty` (pino-pretty's lines, for a person).
     * Unset: pretty when standard output is a terminal, JSON otherwise
     * (log-stream.ts decides, where the output is known).
     */
    LOG_FORMAT: optionalText.pipe(z.enum(['json', 'pretty']).optional()),
    /** The folder of the daily backups (src/server/backup/daily-backup.ts); unset: none are taken. */
    BACKUP_DIR: optionalText,
    /** How many daily backups BACKUP_DIR keeps, the newest; older ones are removed. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    /**
     * Set: backups (daily and `npm run backup`) and exports are encrypted with
     * it, and imports and restores read them with it (src/server/backup/encryption.ts).
     */
    BACKUP_PASSPHRASE: optionalText.pipe(
      z
        .string()
        .refine((value) => passphraseTooShort(value) === null, {
          message: `must be at least ${PASSPHRASE_MIN_LENGTH} characters long`,
        })
        .optional(),
    ),
    /**
     * A testing aid: the instant at which the calendar's clock starts (then it
     * runs on), so that a browser test sees tomorrow or next winter without
     * waiting. A zone is required: a bare local time would be read in the
     * machine's zone, which the restaurant's calendar never uses.
     */
    CLOCK_START: optionalText.pipe(
      z.iso
        .datetime({
          offset: true,
          message: 'must be an ISO instant with its zone, such as 2026-12-24T10:00:00+01:00',
        })
        .transform((value) => Date.parse(value))
        .optional(),
    ),
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      ...env,
      /** Origin and optional path prefix of the public site, without a trailing slash. */
      PUBLIC_URL: publicUrl,
      MAIL_FROM: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    };
  });

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.issues = issues;
  }
}

/** Parses environment variables into a Config, or throws ConfigError naming each bad key. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
  );
}
