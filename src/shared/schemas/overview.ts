import type { Overview } from './reports.ts';
import { dateText, z } from './zod.ts';

const count = z.number().int().min(0);

/**
 * GET /api/overview's answer, as the route serialises it and the first
 * screen reads it: the shape is `Overview` (reports.ts).
 */
export const overviewAnswer = z.strictObject({
  date: dateText,
  covers: count,
  capacity: count,
  takeawayToMake: count,
  newEventRequests: count,
  unreadMessages: count,
}) satisfies z.ZodType<Overview>;
