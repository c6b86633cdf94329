import fp from 'fastify-plugin';
import { OutboxWorker } from '../mail/outbox.ts';
import { logTransport, smtpTransport } from '../mail/transports.ts';
import { ContentChanges, ContentVersion } from '../services/content-version.ts';
import { LoginThrottle } from '../services/login-throttle.ts';
import { MemoryLimiter } from '../services/memory-limiter.ts';
import { resolveWithDns } from '../services/push/endpoints.ts';
import { PushSender } from '../services/push/sender.ts';
import { PushSubscriptions } from '../services/push/subscriptions.ts';
import { RateLimiter } from '../services/rate-limiter.ts';
import { decisionsUnderWay } from '../services/capacity.ts';
import { Sessions } from '../services/sessions.ts';
import { providerFromConfig } from '../services/translation/index.ts';
import { TextTranslations } from '../services/translation/text-translations.ts';
import { Scheduler } from '../scheduler.ts';
import { QuietWake } from '../polling-loop.ts';
import { ContentJson } from '../routes/api/content-json.ts';
import { romeDateReader } from '../../shared/opening-hours.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's version of what public pages show (shared by every instance). */
    contentVersion: ContentVersion;
    /** The one way to change what public pages show (content-version.ts). */
    content: ContentChanges;
    /** The public JSON answers of the content, kept per version (routes/api/content-json.ts). */
    contentJson: ContentJson;
    outbox: OutboxWorker;
    /** Staff's devices for Web Push, and the server's VAPID key. */
    push: PushSubscriptions;
    /** Sends the queued push messages (services/push/notify.ts queues them). */
    pushSender: PushSender;
    /** After a commit that queued mail, push messages or both: each worker looks now. */
    wakeSenders: () => void;
    sessions: Sessions;
    limiter: RateLimiter;
    /**
     * Per-address limits in this process's memory, checked before the
     * database-backed `limiter` by every anonymous write: a flood is refused
     * without a database write or a password hash.
     */
    floodGuard: MemoryLimiter;
    loginThrottle: LoginThrottle;
    /** Machine and staff translations of any text staff type (the daily menu's, the menu's, closure notes, page texts). */
    textTranslations: TextTranslations;
    /** The one scheduler: domains add their jobs (reminders, review requests, retention, backups). */
    scheduler: Scheduler;
  }
}

const HOUSEKEEPING_MS = 10 * 60 * 1000;

/**
 * What every domain builds on, on top of `app.db`: the content version and
 * its changes, the mail outbox and the push sender, sessions and limiters,
 * the translations of staff's texts. The outbox and push workers start with
 * the server and stop before the database closes (their preClose runs before
 * the database's onClose, plugins/database.ts), and so does the one
 * scheduler (scheduler.ts), whose housekeeping prunes dead sessions and
 * rate-limit windows.
 */
export const core = fp(
  async (
    app,
    options: {
      /** The current instant (ms); tests move it. */
      now: () => number;
      /** How often the outbox worker looks for due mail (tests shorten it). */
      outboxPollMs?: number;
    },
  ) => {
    const { config } = app;
    const { now } = options;
    const contentVersion = new ContentVersion({
      db: app.db,
      onError: (error) => app.log.warn({ err: error }, 'could not read the content version'),
    });
    app.decorate('contentVersion', contentVersion);
    const content = new ContentChanges(app.db, contentVersion);
    app.decorate('content', content);
    app.decorate(
      'contentJson',
      new ContentJson({
        version: () => contentVersion.current(),
        versionIfFresh: () => contentVersion.currentIfFresh(),
        today: romeDateReader(now),
      }),
    );

    if (!config.SMTP_URL && config.NODE_ENV === 'production') {
      // Nothing would reach the restaurant's inbox, and no reset link anyone.
      app.log.warn(
        'SMTP_URL is not set: no e-mail will be sent (contact messages, password resets, invitations); the log names each mail by its id and kind only',
      );
    }
    const outbox = new OutboxWorker({
      db: app.db,
      dialect: app.dialect,
      transport: config.SMTP_URL ? smtpTransport(config.SMTP_URL) : logTransport(app.log),
      from: config.MAIL_FROM,
      log: app.log,
      ...(options.outboxPollMs ? { pollMs: options.outboxPollMs } : {}),
      skipPollWhile: () => senders.waiting,
    });
    app.decorate('outbox', outbox);
    const allowedOrigins = config.PUSH_ALLOWED_ORIGINS ?? [];
    const push = new PushSubscriptions({
      db: app.db,
      dialect: app.dialect,
      allowedOrigins,
      resolve: resolveWithDns,
      now,
    });
    app.decorate('push', push);
    const pushSender = new PushSender({
      db: app.db,
      dialect: app.dialect,
      log: app.log,
      keys: () => push.keys(),
      subject: async () => {
        // VAPID wants a contact: the restaurant's e-mail, else its site when that is https.
        // Read when a message is sent, after start: the restaurant domain (restaurant.ts) is there.
        const { email } = await app.restaurantFacts.get();
        if (email) return `mailto:${email}`;
        return config.PUBLIC_URL.startsWith('https:')
          ? config.PUBLIC_URL
          : `mailto:${config.MAIL_FROM}`;
      },
      allowedOrigins,
      resolve: resolveWithDns,
      now,
      skipPollWhile: () => senders.waiting,
    });
    app.decorate('pushSender', pushSender);
    // Once a burst of commits has passed (polling-loop.ts): 50 ms without
    // another nor a booking or order waiting for its turn, at the latest 2 s
    // after the first. Their polls wait for it too.
    const senders = new QuietWake(
      () => {
        outbox.kick();
        pushSender.kick();
      },
      { quietMs: 50, mostMs: 2_000, busy: () => decisionsUnderWay(app.db) },
    );
    app.decorate('wakeSenders', () => senders.request());

    const sessions = new Sessions(app.db);
    const limiter = new RateLimiter(app.db);
    const loginThrottle = new LoginThrottle(app.db);
    app.decorate('sessions', sessions);
    app.decorate('limiter', limiter);
    app.decorate('floodGuard', new MemoryLimiter());
    app.decorate('loginThrottle', loginThrottle);

    const textTranslations = new TextTranslations({
      db: app.db,
      provider: providerFromConfig(config),
      log: app.log,
      content,
    });
    app.decorate('textTranslations', textTranslations);

    const scheduler = new Scheduler((fields, message) => app.log.warn(fields, message));
    app.decorate('scheduler', scheduler);
    scheduler.every('housekeeping', HOUSEKEEPING_MS, () =>
      Promise.all([sessions.prune(), limiter.prune(), loginThrottle.prune()]),
    );

    app.addHook('onReady', async () => {
      outbox.start();
      pushSender.start();
      // whatever a previous run left untranslated
      void textTranslations.refresh();
      // Every domain has added its jobs by now (they register before the server is ready).
      scheduler.start();
    });
    app.addHook('preClose', async () => {
      await scheduler.stop();
      senders.cancel();
      await Promise.all([outbox.stop(), pushSender.stop(), textTranslations.stop()]);
    });
  },
  { name: 'core', dependencies: ['database'] },
);
