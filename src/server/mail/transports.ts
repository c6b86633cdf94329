import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { CalendarPart } from './message.ts';

/** How the outbox worker hands a mail over: SMTP, or the log when SMTP_URL is unset. */

/** What a transport sends: the bodies as the recipient reads them. */
export interface MailToSend {
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  from: string;
  messageId: string;
  /** The outbox row's id: what a log may name the mail by. */
  id: number;
  calendar?: CalendarPart;
}

export interface MailTransport {
  send(mail: MailToSend): Promise<void>;
  /** Lets go of open connections. */
  close?(): void;
}

/**
 * The nodemailer transporter for SMTP_URL (`smtp://` or `smtps://`, the login
 * in the URL), with timeouts so a dead server cannot hold a send forever.
 * The outbox sends through it and `npm run doctor` verifies it
 * (services/doctor/smtp-check.ts): one way to read SMTP_URL, so the doctor
 * tests what the outbox will use. `overrides` are nodemailer's own options.
 */
export function smtpTransporter(url: string, overrides: SMTPPool.Options = {}) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // One connection reused for a queue of mails, not a new one (and a new greeting) each.
    pool: true,
    maxConnections: 1,
    ...overrides,
  });
}

/** SMTP through nodemailer (smtpTransporter). */
export function smtpTransport(url: string): MailTransport {
  const transporter = smtpTransporter(url);
  return {
    close: () => transporter.close(),
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        // As an invitation part (text/calendar; method=…), which Gmail and
        // Outlook show with their own add-to-calendar buttons, not as a file.
        ...(mail.calendar
          ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.ics } }
          : {}),
        // No header may carry a line break.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}

/**
 * SMTP_URL unset (development): the mail counts as sent, and the log names
 * it by its id and kind only. Logs are kept and shared: no recipient, subject
 * or body may reach them, which hold guests' addresses and words (item 43)
 * and links with their tokens (item 34).
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    async send({ id, kind }) {
      log.info({ mailId: id, kind }, 'e-mail (SMTP_URL unset: logged, not sent)');
    },
  };
}
