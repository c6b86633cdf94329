import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyMenuBody } from '../../../shared/schemas/daily-menu.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { DAILY_MENU_ID, type DailyMenuRecord } from '../../services/daily-menu.ts';

const params = z.strictObject({ id: z.string().max(20) });

const publicShape = ({ id, titolo, descrizione, infoAggiuntive, updatedAt }: DailyMenuRecord) => ({
  id,
  titolo,
  descrizione,
  infoAggiuntive,
  updatedAt,
});

/** CONTRACT.md: GET /api/daily-menu/1 (public), PUT /api/daily-menu/1 (staff). */
export const dailyMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  // SPEC.md section 7: the daily menu has the fixed id 1; any other is unknown.
  app.addHook('preValidation', async (request, reply) => {
    if ((request.params as { id?: string }).id !== DAILY_MENU_ID_PARAM) {
      return reply.status(404).send({ message: 'Menu del giorno non trovato.' });
    }
  });

  app.get('/daily-menu/:id', { schema: { params } }, async () =>
    publicShape(await app.dailyMenu.get()),
  );

  app.put(
    '/daily-menu/:id',
    { schema: { params, body: dailyMenuBody }, preHandler: requireStaff },
    async (request) => publicShape(await app.dailyMenu.save(request.body, request.staff!.id)),
  );
};

const DAILY_MENU_ID_PARAM = String(DAILY_MENU_ID);
