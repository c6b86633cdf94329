// Over 400 lines: every service registered by hand, until the domain plugins of issue 37 (the "domains" branch) replace this file; the lead removes this line at the merge.
import { resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { AuthService } from '../services/auth.ts';
import { DailyMenuService } from '../services/daily-menu.ts';
import { OutboxWorker } from '../mail/outbox.ts';
import { logTransport, smtpTransport } from '../mail/transports.ts';
import { RateLimiter } from '../services/rate-limiter.ts';
import { LoginThrottle } from '../services/login-throttle.ts';
import { MemoryLimiter } from '../services/memory-limiter.ts';
import { Sessions } from '../services/sessions.ts';
import { providerFromConfig } from '../services/translation/index.ts';
import { ContactMessages } from '../services/contact-messages.ts';
import { ContentChanges, ContentVersion } from '../services/content-version.ts';
import { Invitations } from '../services/invitations.ts';
import { MenuService } from '../services/menu.ts';
import { OpeningHoursService } from '../services/opening-hours.ts';
import { PrintableMenu } from '../services/printable-menu.ts';
import { RestaurantFactsService } from '../services/restaurant-facts.ts';
import { SiteTextsService } from '../services/site-texts.ts';
import { StaffAccounts } from '../services/staff-accounts.ts';
import { TextTranslations } from '../services/translation/text-translations.ts';
import { romeDateReader } from '../../shared/opening-hours.ts';
import { ReservationsService } from '../services/reservations/reservations.ts';
import { TakeawayService } from '../services/takeaway/takeaway.ts';
import { readOrdersVersion } from '../services/takeaway/order-rows.ts';
import { EventsService } from '../services/events/events.ts';
import { readBookingsVersion } from '../services/reservations/rows.ts';
import { GuestDataService } from '../services/guest-data.ts';
import { errorCode } from '../error-code.ts';
import type { DefaultPhotos } from '../../app/context.ts';
import { PhotosService } from '../services/photos/photos.ts';
import { ImageFiles } from '../services/photos/image-files.ts';
import { SocialCards } from '../services/photos/social-card.ts';
import { DailyBackup } from '../backup/daily-backup.ts';
import { parseDatabaseUrl } from '../db/dialect.ts';
import { PushSubscriptions } from '../services/push/subscriptions.ts';
import { PushSender } from '../services/push/sender.ts';
import { resolveWithDns } from '../services/push/endpoints.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
    limiter: RateLimiter;
    /**
     * Per-address limits in this process's memory, checked before the
     * database-backed `limiter` by every anonymous write: a flood is refused
     * without a database write or a password hash.
     */
    floodGuard: MemoryLimiter;
    loginThrottle: LoginThrottle;
    auth: AuthService;
    /** Staff accounts: creation, the list, roles, removal. */
    staffAccounts: StaffAccounts;
    outbox: OutboxWorker;
    /** The daily menu and its translations. */
    dailyMenu: DailyMenuService;
    contactMessages: ContactMessages;
    invitations: Invitations;
    /** The full menu (sections and dishes) and its translations. */
    menu: MenuService;
    /** Opening hours, closures and special days, and today's in Rome. */
    openingHours: OpeningHoursService;
    /** The restaurant's own facts: name, phones, e-mail, address, coordinates, links, founding year, price range. */
    restaurantFacts: RestaurantFactsService;
    /** The page texts staff write (the home and about-us pages' story, meta descriptions) and their translations. */
    siteTexts: SiteTextsService;
    /** The menu on paper: a PDF per language, and each language's QR code. */
    printableMenu: PrintableMenu;
    /** Machine and staff translations of any text staff type (the daily menu's, the menu's, closure notes, page texts). */
    textTranslations: TextTranslations;
    /** The database's version of what public pages show (shared by every instance). */
    contentVersion: ContentVersion;
    /** The one way to change what public pages show (content-version.ts). */
    content: ContentChanges;
    /** Table reservations: slots, bookings, their mails, reminders. */
    reservations: ReservationsService;
    /** Takeaway orders: the settings, pickup slots and their loads. */
    takeaway: TakeawayService;
    /** Event requests: a guest's request, checked against the closures and the flood limits. */
    events: EventsService;
    /** Guests' personal data: export, erasure, the retention period. */
    guestData: GuestDataService;
    /** The photo slots: uploads, alt texts and their translations, the shipped defaults. */
    photos: PhotosService;
    /** The encoded photos' files by content-hashed name, kept in memory once read. */
    imageFiles: ImageFiles;
    /** The social-share card of the current name and hero, drawn on the server. */
    socialCards: SocialCards;
    /** The daily backup into BACKUP_DIR, and its state for the owners. */
    backups: DailyBackup;
    /** Staff's devices for Web Push, and the server's VAPID key. */
    push: PushSubscriptions;
    /** Sends the queued push messages (services/push/notify.ts queues them). */
    pushSender: PushSender;
  }
}

const HOUSEKEEPING_MS = 10 * 60 * 1000;
/** Reminders go out within this long of their time (10:00 the day before). */
const CHORES_MS = 5 * 60 * 1000;
/** How often an instance looks whether the day's backup is due (03:30 in Rome). */
const BACKUP_CHECK_MS = 60 * 1000;

/**
 * The services as decorators, on top of `app.db`.
 * The outbox worker starts with the server and stops before the database
 * closes; housekeeping prunes dead sessions and rate-limit windows.
 */
export const servicesPlugin = fp(
  async (
    app,
    options: {
      config: Config;
      outboxPollMs?: number;
      /** The current instant (ms) for what follows the calendar (opening hours); tests move it. */
      now?: () => number;
      /** The pictures shipped with the site, from the build (none without one). */
      defaultPhotos?: () => Promise<DefaultPhotos | undefined>;
    },
  ) => {
    const { config } = options;
    const contentVersion = new ContentVersion({
      db: app.db,
      onError: (error) => app.log.warn({ err: error }, 'could not read the content version'),
    });
    app.decorate('contentVersion', contentVersion);
    const content = new ContentChanges(app.db, contentVersion);
    app.decorate('content', content);

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
    });
    const allowedOrigins = config.PUSH_ALLOWED_ORIGINS ?? [];
    const push = new PushSubscriptions({
      db: app.db,
      dialect: app.dialect,
      allowedOrigins,
      resolve: resolveWithDns,
      ...(options.now ? { now: options.now } : {}),
    });
    app.decorate('push', push);
    const pushSender = new PushSender({
      db: app.db,
      dialect: app.dialect,
      log: app.log,
      keys: () => push.keys(),
      subject: async () => {
        // VAPID wants a contact: the restaurant's e-mail, else its site when that is https.
        const { email } = await app.restaurantFacts.get();
        if (email) return `mailto:${email}`;
        return config.PUBLIC_URL.startsWith('https:')
          ? config.PUBLIC_URL
          : `mailto:${config.MAIL_FROM}`;
      },
      allowedOrigins,
      resolve: resolveWithDns,
      ...(options.now ? { now: options.now } : {}),
    });
    app.decorate('pushSender', pushSender);
    /** After a commit that queued mail, push messages or both: each worker looks now. */
    const queued = () => {
      outbox.kick();
      pushSender.kick();
    };
    const sessions = new Sessions(app.db);
    const limiter = new RateLimiter(app.db);
    const floodGuard = new MemoryLimiter();
    const loginThrottle = new LoginThrottle(app.db);
    app.decorate('outbox', outbox);
    app.decorate('sessions', sessions);
    app.decorate('limiter', limiter);
    app.decorate('floodGuard', floodGuard);
    app.decorate('loginThrottle', loginThrottle);
    app.decorate('staffAccounts', new StaffAccounts({ db: app.db, dialect: app.dialect }));
    app.decorate(
      'auth',
      new AuthService({
        db: app.db,
        dialect: app.dialect,
        sessions,
        limiter,
        throttle: loginThrottle,
        onMail: () => outbox.kick(),
        ...(options.now ? { now: options.now } : {}),
      }),
    );
    const textTranslations = new TextTranslations({
      db: app.db,
      provider: providerFromConfig(config),
      log: app.log,
      content,
    });
    app.decorate('textTranslations', textTranslations);
    app.decorate(
      'dailyMenu',
      new DailyMenuService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        onSaved: () => void textTranslations.refresh(),
      }),
    );
    app.decorate(
      'contactMessages',
      new ContactMessages({
        db: app.db,
        deliverTo: config.CONTACT_EMAIL,
        onMail: queued,
      }),
    );
    app.decorate('invitations', new Invitations({ db: app.db, onMail: () => outbox.kick() }));
    app.decorate(
      'menu',
      new MenuService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        onChange: () => void textTranslations.refresh(),
      }),
    );
    app.decorate(
      'openingHours',
      new OpeningHoursService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        ...(options.now ? { now: options.now } : {}),
        onChange: () => void textTranslations.refresh(),
      }),
    );

    const today = romeDateReader(options.now ?? Date.now);
    const restaurantFacts = new RestaurantFactsService({
      db: app.db,
      content,
      contentVersion: () => contentVersion.current(),
      today,
    });
    app.decorate('restaurantFacts', restaurantFacts);
    app.decorate(
      'siteTexts',
      new SiteTextsService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        facts: () => restaurantFacts.get(),
        today,
        onChange: () => void textTranslations.refresh(),
      }),
    );

    app.decorate(
      'imageFiles',
      new ImageFiles({
        db: app.db,
        contentVersion: () => contentVersion.current(),
        onCheckFailed: (error) =>
          app.log.error({ code: errorCode(error) }, 'photo files: kept names not checked'),
      }),
    );
    app.decorate(
      'photos',
      new PhotosService({
        db: app.db,
        content,
        translations: textTranslations,
        contentVersion: () => contentVersion.current(),
        defaults: options.defaultPhotos ?? (() => Promise.resolve(undefined)),
        sections: async (lang) =>
          (await app.menu.view(lang)).sections.map(({ id, key, name }) => ({ id, key, name })),
        onChange: () => void textTranslations.refresh(),
      }),
    );

    app.decorate(
      'socialCards',
      new SocialCards({
        db: app.db,
        contentVersion: () => contentVersion.current(),
        facts: () => restaurantFacts.get(),
        hero: async () => (await app.photos.list('it')).find((view) => view.slot === 'hero'),
        // The hero's file as a browser gets it: an upload from /photos/, the
        // shipped picture from the build's files (or Vite, in development).
        readFile: async (path) => {
          const response = await app.inject({ method: 'GET', url: path });
          return response.statusCode === 200 ? response.rawPayload : undefined;
        },
        onError: (error) =>
          app.log.warn({ err: error }, 'could not read the hero for the social card'),
      }),
    );

    const bookingsVersion = new ContentVersion({
      db: app.db,
      read: readBookingsVersion,
      onError: (error) => app.log.warn({ err: error }, 'could not read the bookings version'),
    });
    const reservations = new ReservationsService({
      db: app.db,
      bookingsVersion,
      limits: { floodGuard, limiter },
      content,
      contentVersion: () => contentVersion.current(),
      schedule: () => app.openingHours.get('it'),
      publicUrl: config.PUBLIC_URL,
      ...(config.CONTACT_EMAIL ? { deliverTo: config.CONTACT_EMAIL } : {}),
      ...(options.now ? { now: options.now } : {}),
      onMail: queued,
    });
    app.decorate('reservations', reservations);
    const ordersVersion = new ContentVersion({
      db: app.db,
      read: readOrdersVersion,
      onError: (error) => app.log.warn({ err: error }, 'could not read the orders version'),
    });
    app.decorate(
      'takeaway',
      new TakeawayService({
        db: app.db,
        ordersVersion,
        limits: { floodGuard, limiter },
        content,
        contentVersion: () => contentVersion.current(),
        schedule: () => app.openingHours.get('it'),
        menu: (lang) => app.menu.view(lang),
        publicUrl: config.PUBLIC_URL,
        ...(options.now ? { now: options.now } : {}),
        onMail: queued,
      }),
    );
    app.decorate(
      'events',
      new EventsService({
        db: app.db,
        limits: { floodGuard, limiter },
        schedule: () => app.openingHours.get('it'),
        ...(config.CONTACT_EMAIL ? { deliverTo: config.CONTACT_EMAIL } : {}),
        ...(options.now ? { now: options.now } : {}),
        onMail: queued,
        translate: (italian, target) => textTranslations.translateNow(italian, target),
        onBookingsChanged: () => bookingsVersion.expire(),
        onTranslationFailed: (error) =>
          app.log.warn({ err: error }, 'machine translation of an event reply failed'),
      }),
    );
    const guestData = new GuestDataService({
      db: app.db,
      onBookingsChanged: () => bookingsVersion.expire(),
      onOrdersChanged: () => ordersVersion.expire(),
      ...(options.now ? { now: options.now } : {}),
    });
    app.decorate('guestData', guestData);
    /**
     * Reminders due, and guests' data past its retention period (each safe on
     * every instance): apart, so that a failure of one never stops the other.
     * Failures are logged by code: their messages may name a guest (item 43).
     */
    const reservationChores = async () => {
      await reservations
        .queueReminders()
        .catch((error: unknown) =>
          app.log.warn({ code: errorCode(error) }, 'reservation reminders failed'),
        );
      await reservations
        .settings()
        .then(({ retentionMonths }) => guestData.purgeExpired(retentionMonths))
        .catch((error: unknown) =>
          app.log.warn({ code: errorCode(error) }, 'guest data retention failed'),
        );
    };
    app.decorate(
      'printableMenu',
      new PrintableMenu({
        menu: (lang) => app.menu.view(lang),
        restaurant: () => app.restaurantFacts.get(),
        notes: (lang) => app.siteTexts.menuNotes(lang),
        contentVersion: () => contentVersion.current(),
        today,
        publicUrl: config.PUBLIC_URL,
      }),
    );

    const database = parseDatabaseUrl(config.DATABASE_URL);
    const backups = new DailyBackup({
      db: app.db,
      source:
        database.dialect === 'sqlite'
          ? { dialect: 'sqlite', path: database.path }
          : { dialect: 'postgres', db: app.db },
      dir: config.BACKUP_DIR === undefined ? undefined : resolve(config.BACKUP_DIR),
      keep: config.BACKUP_KEEP,
      passphrase: config.BACKUP_PASSPHRASE,
      now: options.now ?? Date.now,
      log: app.log,
    });
    app.decorate('backups', backups);

    let housekeeping: NodeJS.Timeout | undefined;
    let chores: NodeJS.Timeout | undefined;
    let backupChecks: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      outbox.start();
      pushSender.start();
      // whatever a previous run left untranslated
      void textTranslations.refresh();
      housekeeping = setInterval(() => {
        Promise.all([sessions.prune(), limiter.prune(), loginThrottle.prune()]).catch(
          (error: unknown) => app.log.warn({ err: error }, 'housekeeping failed'),
        );
      }, HOUSEKEEPING_MS);
      housekeeping.unref();
      void reservationChores();
      chores = setInterval(() => void reservationChores(), CHORES_MS);
      chores.unref();
      void backups.check();
      backupChecks = setInterval(() => void backups.check(), BACKUP_CHECK_MS);
      backupChecks.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(housekeeping);
      clearInterval(chores);
      clearInterval(backupChecks);
      await Promise.all([
        outbox.stop(),
        pushSender.stop(),
        textTranslations.stop(),
        backups.stop(),
      ]);
    });
  },
  { name: 'services', dependencies: ['database'] },
);
