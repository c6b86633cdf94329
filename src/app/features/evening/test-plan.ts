import type { DayPlan, FloorTable, PlanBooking } from '../../../shared/schemas/floor.ts';

/** The evening view's test fixtures (imported by tests only). */

export const TODAY = '2026-06-10';

export const table = (id: number, minSeats: number, maxSeats: number, x: number): FloorTable => ({
  id,
  name: `T${id}`,
  areaId: 1,
  minSeats,
  maxSeats,
  onlineBookable: true,
  priority: 0,
  shape: id % 2 ? 'round' : 'square',
  x,
  y: 10,
  w: 15,
  h: 15,
});

export const planBooking = (overrides: Partial<PlanBooking>): PlanBooking => ({
  id: 1,
  name: 'Marco Neri',
  party: 2,
  time: '20:00',
  startsAt: '2026-06-10T18:00:00.000Z',
  endsAt: '2026-06-10T19:30:00.000Z',
  status: 'confirmed',
  source: 'online',
  guestConfirmedAt: null,
  noReview: false,
  tableIds: [],
  conflict: false,
  arrivedAt: null,
  seatedAt: null,
  finishedAt: null,
  ...overrides,
});

/**
 * 10 June, seen at 20:30 in Rome (18:30Z): T1 seated past its turn, T2
 * seated, T3 booked at 21:00, T4 free, and a booking without a table.
 */
export const eveningPlan = (): DayPlan => ({
  date: TODAY,
  areas: [{ id: 1, name: 'Sala', onlineBookable: true }],
  tables: [table(1, 2, 2, 5), table(2, 2, 4, 30), table(3, 4, 6, 55), table(4, 2, 4, 80)],
  combinations: [
    { id: 9, name: 'T2+T4', tableIds: [2, 4], minSeats: 6, maxSeats: 8, onlineBookable: true },
  ],
  bookings: [
    planBooking({
      id: 1,
      name: 'Anna Bianchi',
      time: '18:00',
      startsAt: '2026-06-10T16:00:00.000Z',
      endsAt: '2026-06-10T18:00:00.000Z',
      status: 'seated',
      tableIds: [1],
      seatedAt: '2026-06-10T16:05:00.000Z',
    }),
    planBooking({
      id: 2,
      name: 'Luca Rossi',
      time: '20:00',
      startsAt: '2026-06-10T18:00:00.000Z',
      endsAt: '2026-06-10T20:00:00.000Z',
      status: 'seated',
      tableIds: [2],
      seatedAt: '2026-06-10T18:02:00.000Z',
    }),
    planBooking({
      id: 3,
      name: 'Sara Verdi',
      party: 4,
      time: '21:00',
      startsAt: '2026-06-10T19:00:00.000Z',
      endsAt: '2026-06-10T21:00:00.000Z',
      tableIds: [3],
    }),
    planBooking({
      id: 4,
      name: 'Hans Müller',
      party: 4,
      time: '20:45',
      startsAt: '2026-06-10T18:45:00.000Z',
      endsAt: '2026-06-10T20:45:00.000Z',
      source: 'staff',
    }),
  ],
  unassigned: [4],
  holds: [],
});
