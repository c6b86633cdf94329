import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactBody, contactMessagesAnswer } from '../../../shared/schemas/contact.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { withinAddressLimit } from './address-limit.ts';
import { FALLBACK_LANG } from '../../../shared/languages.ts';

/** 5 contact posts per 10 minutes per client address. */
const CONTACT_ADDRESS_LIMIT = {
  name: 'contact-ip',
  limit: 5,
  windowMs: 10 * 60 * 1000,
  description: 'Too many messages: please try again later.',
};

/** POST /api/contact, and the staff inbox. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/contact', { schema: { body: contactBody } }, async (request, reply) => {
    if (!(await withinAddressLimit(request, reply, CONTACT_ADDRESS_LIMIT))) return reply;
    const id = await app.contactMessages.accept(request.body, request.body.lang ?? FALLBACK_LANG);
    return reply.status(202).send({ id });
  });

  app.get(
    '/contact-messages',
    { schema: { response: { 200: contactMessagesAnswer } }, preHandler: requireStaff },
    async () => ({ messages: await app.contactMessages.inbox() }),
  );

  app.patch(
    '/contact-messages/:id',
    {
      schema: {
        params: z.strictObject({
          id: z
            .string()
            .regex(/^[1-9]\d{0,9}$/, 'must be a message id')
            .transform(Number)
            // Within the 32 bits of the column (PostgreSQL's `integer`).
            .pipe(z.number().max(2 ** 31 - 1, 'must be a message id')),
        }),
        body: z.strictObject({ read: z.boolean() }),
      },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const found = await app.contactMessages.setRead(
        request.params.id,
        request.body.read,
        request.staff!,
      );
      if (!found) return reply.status(404).send({ message: 'Messaggio non trovato.' });
      return { id: request.params.id, read: request.body.read };
    },
  );
};
