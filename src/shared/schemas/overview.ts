import { dateText, z } from './zod.ts';

const count = z.number().int().min(0);

/**
 * GET /api/overview (every staff member): the back office's first screen,
 * tonight at a glance, as the route serialises it and the first screen
 * reads it; each figure links to its section.
 */
export const overviewAnswer = z.strictObject({
  /** Today in Rome. */
  date: dateText,
  /** Covers of today's bookings that still hold seats, and the seats the room has. */
  covers: count,
  capacity: count,
  /** Today's takeaway orders the kitchen still has to make. */
  takeawayToMake: count,
  /** Event requests nobody has answered yet (status `new`). */
  newEventRequests: count,
  /** Contact messages nobody has read. */
  unreadMessages: count,
});
export type Overview = z.infer<typeof overviewAnswer>;
