import fp from 'fastify-plugin';
import { setupRoutes } from '../routes/api/setup.ts';
import { FirstOwnerSetup } from '../services/setup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first owner's setup link (services/setup.ts). */
    firstOwnerSetup: FirstOwnerSetup;
  }
}

/**
 * The first owner without a shell: the link the server prints while no
 * staff account exists (src/server/serve.ts), and POST /api/setup that uses it.
 */
export const setupDomain = fp(
  async (app, options: { now: () => number }) => {
    app.decorate(
      'firstOwnerSetup',
      new FirstOwnerSetup({
        db: app.db,
        publicUrl: app.config.PUBLIC_URL,
        now: options.now,
        onMail: () => app.outbox.kick(),
      }),
    );
    await app.register(setupRoutes, { prefix: '/api' });
  },
  { name: 'setup', dependencies: ['core', 'staff'] },
);
