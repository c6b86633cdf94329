import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  declinedPendingAnswer,
  declinePendingBody,
  pendingCountAnswer,
  pendingOf,
  pendingOfQuery,
  type PendingOf,
} from '../../../shared/schemas/guest.ts';
import type { AuditActor } from '../../services/audit-log.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { notFound } from './errors.ts';

/** A family whose guests' pending requests staff may count and decline at once. */
export interface PendingDecliner {
  pendingCount(guest: PendingOf): Promise<number | null>;
  declinePending(
    guest: PendingOf,
    message: string | undefined,
    actor: NonNullable<AuditActor>,
  ): Promise<number | null>;
}

/**
 * `GET|POST /api/{family}/decline-pending` (docs/security.md item 41), one
 * shape for bookings, takeaway orders and event requests: by `email`,
 * `phone` or `addressOf` (one of the family's ids), `{pending}` counted or
 * `{declined}` with an optional message to each guest; 404 `notFoundMessage`
 * when `addressOf` names nothing. Staff only.
 */
export function declinePendingRoutes(
  app: FastifyInstance,
  family: 'reservations' | 'takeaway' | 'events',
  service: () => PendingDecliner,
  notFoundMessage: string,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = `/${family}/decline-pending`;
  typed.get(
    path,
    {
      schema: { querystring: pendingOfQuery, response: { 200: pendingCountAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const pending = await service().pendingCount(pendingOf(request.query));
      return pending === null ? notFound(reply, notFoundMessage) : { pending };
    },
  );
  typed.post(
    path,
    {
      schema: { body: declinePendingBody, response: { 200: declinedPendingAnswer } },
      preHandler: requireStaff,
    },
    async (request, reply) => {
      const declined = await service().declinePending(
        pendingOf(request.body),
        request.body.message,
        request.staff!,
      );
      return declined === null ? notFound(reply, notFoundMessage) : { declined };
    },
  );
}
