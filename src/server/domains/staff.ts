import fp from 'fastify-plugin';
import { backOfficeManifestRoutes } from '../routes/back-office-manifest.ts';
import { authRoutes } from '../routes/api/auth.ts';
import { staffRoutes } from '../routes/api/staff.ts';
import { AuthService } from '../services/auth.ts';
import { Invitations } from '../services/invitations.ts';
import { StaffAccounts } from '../services/staff-accounts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /** Staff accounts: creation, the list, roles, removal. */
    staffAccounts: StaffAccounts;
    invitations: Invitations;
  }
}

/**
 * The back office's people: sign-in, password recovery and sessions
 * (/api/auth), staff accounts and invitations (/api/staff), and what makes
 * the back office installable (its manifest, named after the restaurant).
 */
export const staffDomain = fp(
  async (app, options: { now: () => number }) => {
    app.decorate('staffAccounts', new StaffAccounts({ db: app.db, dialect: app.dialect }));
    app.decorate(
      'auth',
      new AuthService({
        db: app.db,
        dialect: app.dialect,
        sessions: app.sessions,
        limiter: app.limiter,
        throttle: app.loginThrottle,
        onMail: () => app.outbox.kick(),
        now: options.now,
      }),
    );
    app.decorate('invitations', new Invitations({ db: app.db, onMail: () => app.outbox.kick() }));
    await app.register(authRoutes, { prefix: '/api' });
    await app.register(staffRoutes, { prefix: '/api' });
    await app.register(backOfficeManifestRoutes);
  },
  { name: 'staff', dependencies: ['core', 'restaurant'] },
);
