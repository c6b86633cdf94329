import { describe, expect, it } from 'vitest';
import { eveningPlan, planBooking, TODAY } from './test-plan.ts';
import {
  bookingSpan,
  clockOf,
  instantOf,
  moveChoices,
  placeOn,
  tableStates,
  timelineRange,
} from './table-state.ts';

const at = (iso: string) => Date.parse(iso);
const statesAt = (plan: ReturnType<typeof eveningPlan>, iso: string) =>
  Object.fromEntries([...tableStates(plan, at(iso))].map(([id, now]) => [id, now.state]));

describe('each table’s state now', () => {
  it('late past its turn, seated, booked within the hour, free', () => {
    expect(statesAt(eveningPlan(), '2026-06-10T18:30:00Z')).toEqual({
      1: 'late',
      2: 'seated',
      3: 'soon',
      4: 'free',
    });
  });

  it('a booking more than an hour away leaves its table free; a finished one frees it', () => {
    const plan = eveningPlan();
    plan.bookings[1] = { ...plan.bookings[1]!, status: 'finished' };
    expect(statesAt(plan, '2026-06-10T17:30:00Z')).toMatchObject({ 2: 'free', 3: 'free' });
  });

  it('a booking due and not yet seated is still "booked"; no-shows and cancelled ones free it', () => {
    const plan = eveningPlan();
    expect(statesAt(plan, '2026-06-10T19:10:00Z')[3]).toBe('soon');
    plan.bookings[2] = { ...plan.bookings[2]!, status: 'no-show' };
    expect(statesAt(plan, '2026-06-10T19:10:00Z')[3]).toBe('free');
  });

  it('an event’s hold shows on its tables, below a party seated there', () => {
    const plan = eveningPlan();
    plan.holds = [
      {
        eventId: 5,
        name: 'Battesimo Greco',
        tableIds: [2, 4],
        startsAt: '2026-06-10T18:00:00.000Z',
        endsAt: '2026-06-10T21:00:00.000Z',
      },
    ];
    const states = tableStates(plan, at('2026-06-10T18:30:00Z'));
    expect(states.get(4)).toEqual({ state: 'held', booking: null, hold: 'Battesimo Greco' });
    expect(states.get(2)?.state).toBe('seated');
  });

  it('a combination’s booking marks each of its tables', () => {
    const plan = eveningPlan();
    plan.bookings.push(
      planBooking({ id: 7, status: 'seated', tableIds: [2, 4], endsAt: '2026-06-10T20:00:00Z' }),
    );
    expect(statesAt(plan, '2026-06-10T18:30:00Z')[4]).toBe('seated');
  });
});

describe('the timeline', () => {
  it('a party seated early, or finished before its booked start, starts at its seating', () => {
    const booking = planBooking({
      startsAt: '2026-06-10T18:45:00.000Z',
      endsAt: '2026-06-10T18:31:00.000Z',
      status: 'finished',
      seatedAt: '2026-06-10T18:30:00.000Z',
      finishedAt: '2026-06-10T18:31:00.000Z',
    });
    expect(bookingSpan(TODAY, booking)).toEqual({
      start: at('2026-06-10T18:30:00Z'),
      end: at('2026-06-10T18:31:00Z'),
    });
  });

  it('runs from the first start to the last end, in whole hours of Rome', () => {
    const range = timelineRange(eveningPlan());
    expect([clockOf(range.start), clockOf(range.end)]).toEqual(['18:00', '23:00']);
    expect(
      placeOn(range, { start: at('2026-06-10T17:00:00Z'), end: at('2026-06-10T18:00:00Z') }),
    ).toEqual({
      left: 20,
      width: 20,
    });
  });

  it('an empty day shows noon to midnight', () => {
    const plan = { ...eveningPlan(), bookings: [], unassigned: [] };
    const range = timelineRange(plan);
    expect([clockOf(range.start), clockOf(range.end)]).toEqual(['12:00', '00:00']);
  });

  it('reads an end as HH:MM too, past midnight when before the start', () => {
    const start = instantOf(TODAY, '23:30');
    expect(new Date(instantOf(TODAY, '01:00', start)).toISOString()).toBe(
      '2026-06-10T23:00:00.000Z',
    );
  });
});

it('moves: the tables and combinations that seat the party first', () => {
  expect(moveChoices(eveningPlan(), 4).map((choice) => [choice.name, choice.fits])).toEqual([
    ['T2', true],
    ['T3', true],
    ['T4', true],
    ['T1', false],
    ['T2+T4', false],
  ]);
});
