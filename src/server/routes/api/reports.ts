import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportFileName,
  reportParams,
  reportQuery,
  type ReportName,
  type ReportQuery,
} from '../../../shared/schemas/reports.ts';
import { requireOwner } from '../../plugins/staff-auth.ts';
import { reportCsv } from '../../services/reports/csv.ts';
import { fieldError } from './errors.ts';

const SLOT_ONLY_TAKEAWAY = 'Raggruppamento per fascia: solo per il rapporto asporto.';

/**
 * /api/reports/{name} and /api/reports/{name}.csv (owner): the owner's
 * reports (CONTRACT.md part four, "The owner's view"), as JSON and as a
 * file for a spreadsheet. No-store, as every staff answer
 * (plugins/api-conventions.ts).
 */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { params: reportParams, querystring: reportQuery };
  const slotRefused = (name: ReportName, query: ReportQuery) =>
    query.group === 'slot' && name !== 'takeaway';

  app.get('/reports/:name', { schema, preHandler: requireOwner }, async (request, reply) => {
    const { name } = request.params;
    if (slotRefused(name, request.query)) return fieldError(reply, 'group', SLOT_ONLY_TAKEAWAY);
    return app.reports.report(name, request.query);
  });

  app.get('/reports/:name.csv', { schema, preHandler: requireOwner }, async (request, reply) => {
    const { name } = request.params;
    if (slotRefused(name, request.query)) return fieldError(reply, 'group', SLOT_ONLY_TAKEAWAY);
    const answer = await app.reports.report(name, request.query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${reportFileName(name, answer)}"`)
      .send(reportCsv(name, answer));
  });
};
