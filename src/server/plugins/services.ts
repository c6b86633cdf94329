import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AuthService } from '../services/auth.ts';
import { DailyMenuService } from '../services/daily-menu.ts';
import { logTransport, OutboxWorker, smtpTransport } from '../services/outbox.ts';
import { RateLimiter } from '../services/rate-limiter.ts';
import { Sessions } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    limiter: RateLimiter;
    auth: AuthService;
    outbox: OutboxWorker;
    dailyMenu: DailyMenuService;
    /** Called when what public pages show has changed (ENGINEERING.md: the page cache). */
    contentChanged: () => void;
  }
}

const HOUSEKEEPING_MS = 10 * 60 * 1000;

/**
 * The services as decorators (ENGINEERING.md example 6), on top of `app.db`.
 * The outbox worker starts with the server and stops before the database
 * closes; housekeeping prunes dead sessions and rate-limit windows.
 */
export const servicesPlugin = fp(
  async (app, options: { config: Config; outboxPollMs?: number }) => {
    const { config } = options;
    const listeners: (() => void)[] = [];
    app.decorate('contentChanged', () => listeners.forEach((listener) => listener()));
    app.addHook('onReady', async () => {
      if (app.hasDecorator('pageCache')) listeners.push(() => app.pageCache.clear());
    });

    const outbox = new OutboxWorker({
      db: app.db,
      transport: config.SMTP_URL ? smtpTransport(config.SMTP_URL) : logTransport(app.log),
      from: config.MAIL_FROM,
      log: app.log,
      ...(options.outboxPollMs ? { pollMs: options.outboxPollMs } : {}),
    });
    const sessions = new Sessions(app.db);
    const limiter = new RateLimiter(app.db);
    app.decorate('outbox', outbox);
    app.decorate('sessions', sessions);
    app.decorate('limiter', limiter);
    app.decorate(
      'auth',
      new AuthService({ db: app.db, sessions, limiter, onMail: () => outbox.kick() }),
    );
    app.decorate('dailyMenu', new DailyMenuService(app.db, () => app.contentChanged()));

    let housekeeping: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      outbox.start();
      housekeeping = setInterval(() => {
        Promise.all([sessions.prune(), limiter.prune()]).catch((error: unknown) =>
          app.log.warn({ err: error }, 'housekeeping failed'),
        );
      }, HOUSEKEEPING_MS);
      housekeeping.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(housekeeping);
      await outbox.stop();
    });
  },
  { name: 'services', dependencies: ['database'] },
);
