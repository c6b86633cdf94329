import { smtpTransporter } from '../../mail/transports.ts';
import { fail, ok, warn, type Check } from './check.ts';

/** What went wrong, read from nodemailer's error (its `code`, and the socket's in the message). */
function smtpAdvice(
  error: Error & { code?: string },
  port: number,
): { detail: string; advice: string } {
  const message = error.message;
  if (error.code === 'EAUTH') {
    return {
      detail: `login refused: ${message}`,
      advice: 'check the user and password in SMTP_URL (percent-encode @ : / and % in them)',
    };
  }
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) {
    return { detail: `host not found: ${message}`, advice: 'check the host name in SMTP_URL' };
  }
  if (/ECONNREFUSED/.test(message)) {
    return {
      detail: `nothing listens on port ${port}`,
      advice: 'check host and port in SMTP_URL: 465 with smtps://, 587 with smtp://',
    };
  }
  if (error.code === 'ETLS' || /SSL|TLS|certificate|wrong version number/i.test(message)) {
    return {
      detail: `TLS failed: ${message}`,
      advice:
        'port 465 takes smtps://, ports 587 and 25 take smtp:// (upgraded to TLS); a certificate error means the host name is not the one on the server’s certificate',
    };
  }
  if (/timeout|ETIMEDOUT|Greeting never received/i.test(message)) {
    return {
      detail: `no answer: ${message}`,
      advice: `check the host and the scheme (port 465 takes smtps://), and that the firewall lets this machine out on port ${port} (many providers block 25)`,
    };
  }
  return { detail: message, advice: 'check SMTP_URL against the mail provider’s settings' };
}

/**
 * SMTP_URL's server greets, speaks TLS as the URL says and takes the login:
 * nodemailer's verify(), which sends no mail, on the transporter the outbox
 * uses (mail/transports.ts smtpTransporter), with shorter timeouts.
 */
export const smtpCheck: Check = async ({ config, timeoutMs }) => {
  if (config.SMTP_URL === undefined) {
    return warn(
      'smtp',
      'SMTP_URL unset: no mail is sent (password resets, bookings, contact messages are only logged)',
      'set SMTP_URL=smtps://USER:PASSWORD@HOST:465 (or smtp://…:587) from the mail provider',
    );
  }
  const transporter = smtpTransporter(config.SMTP_URL, {
    pool: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const options = transporter.options as { host?: string; port?: number; auth?: unknown };
  const where = `${options.host}:${options.port}`;
  try {
    await transporter.verify();
    const login = options.auth ? 'login accepted' : 'no login in SMTP_URL';
    return ok('smtp', `${where} answers, ${login}`);
  } catch (error) {
    const { detail, advice } = smtpAdvice(error as Error & { code?: string }, options.port ?? 0);
    return fail('smtp', `${where}: ${detail}`, advice);
  } finally {
    transporter.close();
  }
};
