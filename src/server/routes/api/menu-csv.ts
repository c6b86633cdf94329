import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { menuImportAnswer, menuImportBody } from '../../../shared/schemas/menu-csv.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { fieldErrors } from './errors.ts';

/**
 * The whole menu as a CSV file for a spreadsheet (staff): the export, a
 * preview of what importing a file would change, and the import. A file
 * that cannot be imported is a field error on `csv`, one message per
 * problem, each naming its row as the spreadsheet numbers it.
 */
export const menuCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/menu/export.csv', { preHandler: requireStaff }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="menu.csv"')
      .header('cache-control', 'no-store')
      .send(await app.menu.exportCsv()),
  );

  const schema = { body: menuImportBody, response: { 200: menuImportAnswer } };

  app.post('/menu/import/preview', { schema, preHandler: requireStaff }, async (request, reply) => {
    const outcome = await app.menu.previewImport(request.body.csv);
    return outcome.ok ? outcome.answer : fieldErrors(reply, 'csv', outcome.errors);
  });

  app.post('/menu/import', { schema, preHandler: requireStaff }, async (request, reply) => {
    const outcome = await app.menu.importMenu(request.body.csv, request.staff!);
    return outcome.ok ? outcome.answer : fieldErrors(reply, 'csv', outcome.errors);
  });
};
