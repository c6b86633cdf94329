import fp from 'fastify-plugin';
import { healthRoutes } from '../routes/api/health.ts';

/** The operators' probe: GET /api/health answers when the process and its database do. */
export const healthDomain = fp(
  async (app) => {
    await app.register(healthRoutes, { prefix: '/api' });
  },
  { name: 'health', dependencies: ['database'] },
);
