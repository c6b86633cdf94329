// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '../../../shared/schemas/floor.ts';
import * as eveningRoute from '../../routes/staff/evening.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { eveningPlan, TODAY } from './test-plan.ts';

/** The guest's record on the evening view: the booking's sheet shows it. */

let plan: DayPlan;
let routes: Record<string, FakeRoute>;
fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession({ email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo', role: 'staff' });
  // Wednesday 10 June 2026, 20:30 in Rome.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-06-10T18:30:00Z'),
  });
  plan = eveningPlan();
  plan.bookings = plan.bookings.map((booking) =>
    booking.name === 'Sara Verdi'
      ? {
          ...booking,
          guest: {
            key: 'sArA0123456789__',
            visits: 5,
            noShows: 2,
            cancellations: 0,
            orders: 0,
            notes: 'Senza glutine',
            tags: ['abituale'],
          },
        }
      : { ...booking, guest: null },
  );
  routes = { [`GET /api/reservations/plan?date=${TODAY}`]: () => Response.json(plan) };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function tick() {
  for (let round = 0; round < 4; round++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

describe('the guest on the evening view', () => {
  it('the booking’s sheet: visits, the no-show warning, tags and notes; none without a record', async () => {
    renderStaffRoutes('/dashboard/evening', [
      routeModule(eveningRoute, { path: '/dashboard/evening' }),
    ]);
    await tick();
    fireEvent.click(screen.getByRole('button', { name: /^21:00-23:00 Sara Verdi/ }));
    const notice = within(screen.getByRole('dialog')).getByRole('group', {
      name: 'Ospite: Sara Verdi',
    });
    expect(within(notice).getByText('5 visite')).toBeTruthy();
    expect(within(notice).getByText(/non si è presentato/).textContent).toBe(
      '⚠ Attenzione: 2 volte non si è presentato',
    );
    expect(notice.textContent).toContain('abituale');
    expect(notice.textContent).toContain('Note dello staff: Senza glutine');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Chiudi' }));
    fireEvent.click(screen.getByRole('button', { name: /^20:00-22:00 Luca Rossi/ }));
    expect(within(screen.getByRole('dialog')).queryByRole('group', { name: /^Ospite/ })).toBeNull();
  });
});
