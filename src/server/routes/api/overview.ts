import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { overviewAnswer } from '../../../shared/schemas/overview.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';

/**
 * GET /api/overview (every staff member): tonight at a glance for the back
 * office's first screen. No-store, as every staff answer (plugins/api-conventions.ts).
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/overview',
    { schema: { response: { 200: overviewAnswer } }, preHandler: requireStaff },
    () => app.overview.read(),
  );
};
