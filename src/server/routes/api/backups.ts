import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupStatusAnswer } from '../../../shared/schemas/backups.ts';
import { requireOwner } from '../../plugins/staff-auth.ts';

/** GET /api/backups: the daily backups' state, for the owners' back office. */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backups',
    { schema: { response: { 200: backupStatusAnswer } }, preHandler: requireOwner },
    async () => app.backups.status(),
  );
};
