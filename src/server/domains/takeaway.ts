import fp from 'fastify-plugin';
import { takeawayStaffRoutes } from '../routes/api/takeaway-staff.ts';
import { takeawayRoutes } from '../routes/api/takeaway.ts';
import { ContentVersion } from '../services/content-version.ts';
import { readOrdersVersion } from '../services/takeaway/order-rows.ts';
import { TakeawayService } from '../services/takeaway/takeaway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Takeaway orders: the settings, pickup slots and their loads. */
    takeaway: TakeawayService;
    /** The orders' version as this instance knows it: whatever changes orders expires it. */
    ordersVersion: ContentVersion;
  }
}

/**
 * Takeaway orders: a guest's order and its status (/api/takeaway), and the
 * kitchen's board, phone orders and pause for staff.
 */
export const takeawayDomain = fp(
  async (app, options: { now: () => number }) => {
    const ordersVersion = new ContentVersion({
      db: app.db,
      read: readOrdersVersion,
      onError: (error) => app.log.warn({ err: error }, 'could not read the orders version'),
    });
    app.decorate('ordersVersion', ordersVersion);
    app.decorate(
      'takeaway',
      new TakeawayService({
        db: app.db,
        ordersVersion,
        limits: { floodGuard: app.floodGuard, limiter: app.limiter },
        content: app.content,
        contentVersion: () => app.contentVersion.current(),
        schedule: () => app.openingHours.get('it'),
        menu: (lang) => app.menu.view(lang),
        publicUrl: app.config.PUBLIC_URL,
        now: options.now,
        onMail: app.wakeSenders,
      }),
    );
    await app.register(takeawayRoutes, { prefix: '/api', now: options.now });
    await app.register(takeawayStaffRoutes, { prefix: '/api' });
  },
  { name: 'takeaway', dependencies: ['core', 'opening-hours', 'menu'] },
);
