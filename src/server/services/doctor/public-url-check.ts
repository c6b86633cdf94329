import { isIP } from 'node:net';
import { fail, ok, warn, type Check } from './check.ts';

/** localhost and the loopback addresses (127.0.0.0/8, ::1): browsers treat them as secure without https. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && host === '::1';
}

/**
 * PUBLIC_URL is the address in every link the site sends (mails, the setup
 * link, the calendar feed), and Web Push and the installable back office
 * work only in a secure context: https, or a loopback address for trying out.
 */
export const publicUrlCheck: Check = async ({ config, env }) => {
  const url = new URL(config.PUBLIC_URL);
  if (!env.PUBLIC_URL?.trim()) {
    return warn(
      'public url',
      `PUBLIC_URL unset: links in mails point at ${config.PUBLIC_URL}`,
      'set PUBLIC_URL to the https address guests use, e.g. PUBLIC_URL=https://www.example.it',
    );
  }
  if (url.protocol === 'https:') return ok('public url', `${config.PUBLIC_URL} (https)`);
  if (isLoopbackHost(url.hostname)) {
    return ok('public url', `${config.PUBLIC_URL} (loopback: fine without https on this machine)`);
  }
  return fail(
    'public url',
    `${config.PUBLIC_URL} is not https: staff phones get no notifications and cannot install the back office`,
    'serve the site through HTTPS (README, "Going live": Caddy) and set PUBLIC_URL=https://…',
  );
};
