import fp from 'fastify-plugin';
import { pushRoutes } from '../routes/api/push.ts';

/**
 * Staff's devices for Web Push (/api/push): the server's key, each device's
 * subscription and topics. The subscriptions and the sender are the core's
 * (core.ts), since every domain that has news for staff queues through them.
 */
export const pushDomain = fp(
  async (app) => {
    await app.register(pushRoutes, { prefix: '/api' });
  },
  { name: 'push', dependencies: ['core'] },
);
