// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayPlan } from '../../../shared/schemas/floor.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as eveningRoute from '../../routes/staff/evening.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { eveningPlan, TODAY } from './test-plan.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const PLAN_URL = `GET /api/reservations/plan?date=${TODAY}`;
let plan: DayPlan;
let version: number;
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);
const headersOf = (init: RequestInit | undefined) => init?.headers as Record<string, string>;
const refusal = (code: string, description: string) =>
  Response.json({ errors: [{ code, description }] }, { status: 409 });
/** The plan changed on the server (another instance): a new ETag. */
const change = (update: (plan: DayPlan) => void) => {
  update(plan);
  version++;
};
/** A booking as PATCH and POST answer it (the staff list's shape). */
const answered = (id: number, more: Record<string, unknown> = {}) =>
  Response.json({
    id,
    name: 'x',
    email: '',
    phone: '333 555 0101',
    party: 2,
    date: TODAY,
    time: '20:30',
    status: 'seated',
    notes: '',
    lang: 'it',
    createdAt: '2026-06-10T18:30:00.000Z',
    source: 'walk-in',
    staffMessage: null,
    overCapacity: false,
    tableIds: [4],
    area: null,
    arrivedAt: null,
    seatedAt: '2026-06-10T18:30:00.000Z',
    finishedAt: null,
    conflict: false,
    guestConfirmedAt: null,
    noReview: false,
    ...more,
  });

beforeEach(() => {
  localStorage.clear();
  startSession({ email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo', role: 'staff' });
  toasts.length = 0;
  // Wednesday 10 June 2026, 20:30 in Rome.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-06-10T18:30:00Z'),
  });
  plan = eveningPlan();
  version = 1;
  routes = {
    [PLAN_URL]: (init) =>
      headersOf(init)['If-None-Match'] === `"p${version}"`
        ? new Response(null, { status: 304 })
        : Response.json(plan, { headers: { ETag: `"p${version}"` } }),
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Lets timers due within `ms`, the answers they wait for and React's updates run. */
async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 4; round++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

async function renderEvening(url = '/dashboard/evening') {
  renderStaffRoutes(url, [routeModule(eveningRoute, { path: '/dashboard/evening' })]);
  await tick();
  await tick();
}
const mapTable = (name: string) =>
  within(screen.getByRole('group', { name: 'Pianta: Sala' })).getByRole('button', {
    name: new RegExp(`^Tavolo ${name},`),
  });
const dialog = () => screen.getByRole('dialog');

describe('the evening', () => {
  it('each table’s state now in words, the bookings without a table on top, a legend', async () => {
    await renderEvening();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sala');
    expect(mapTable('T1').getAttribute('aria-label')).toBe(
      'Tavolo T1, 2 persone: In ritardo, 18:00 Anna Bianchi, 2 persone',
    );
    expect(mapTable('T2').getAttribute('aria-label')).toMatch(/: Al tavolo, 20:00 Luca Rossi/);
    expect(mapTable('T3').getAttribute('aria-label')).toMatch(
      /^Tavolo T3, 4-6 persone: Prenotato entro un’ora, 21:00 Sara Verdi/,
    );
    expect(mapTable('T4').getAttribute('aria-label')).toBe('Tavolo T4, 2-4 persone: Libero');
    // Not by colour alone: each table carries its state's sign.
    expect(mapTable('T1').textContent).toBe('! T1');
    expect(mapTable('T4').textContent).toBe('○ T4');
    const legend = screen.getByRole('heading', { name: 'Legenda' }).parentElement!;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '○Libero',
      '◷Prenotato entro un’ora',
      '●Al tavolo',
      '!In ritardo',
      '★Tenuto per un evento',
    ]);
    const unassigned = screen.getByRole('heading', { name: 'Senza tavolo 1' });
    const area = screen.getByRole('heading', { name: 'Sala', level: 2 });
    expect(
      unassigned.compareDocumentPosition(area) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '20:45 Hans Müller · 4 persone' })).toBeTruthy();
    // The day per table: each booking a bar, named with its turn.
    const day = screen.getByRole('region', { name: 'Giornata: Sala' });
    expect(
      within(day).getByRole('button', {
        name: '21:00-23:00 Sara Verdi, 4 persone, Confermata, Non ha confermato',
      }),
    ).toBeTruthy();
  });

  it('"Hanno finito" in one tap from the booking’s sheet', async () => {
    routes['PATCH /api/reservations/2'] = () => answered(2, { status: 'finished' });
    await renderEvening();
    fireEvent.click(screen.getByRole('button', { name: /^20:00-22:00 Luca Rossi/ }));
    expect(within(dialog()).getByRole('heading', { name: 'Luca Rossi · 2 persone' })).toBeTruthy();
    expect(within(dialog()).getByText('T2')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Hanno finito' }));
    await tick();
    expect(bodies('PATCH /api/reservations/2')).toEqual([{ status: 'finished' }]);
    expect(toasts).toContainEqual(['success', 'Luca Rossi: hanno finito.']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Sposta": the table is taken, the server says by whom, "Sposta comunque" overrides', async () => {
    routes['PATCH /api/reservations/3'] = (init) =>
      JSON.parse(String(init?.body)).override
        ? answered(3, { tableIds: [4], conflict: true })
        : refusal('table-taken', 'Il tavolo T4 è di Luca Rossi dalle 20:30.');
    await renderEvening();
    fireEvent.click(screen.getByRole('button', { name: /^21:00-23:00 Sara Verdi/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sposta' }));
    fireEvent.change(within(dialog()).getByLabelText('Nuovo tavolo'), { target: { value: 't4' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sposta qui' }));
    await tick();
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toContain('Il tavolo è occupato in quell’orario');
    expect(alert.textContent).toContain('Il tavolo T4 è di Luca Rossi dalle 20:30.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Sposta comunque' }));
    await tick();
    expect(bodies('PATCH /api/reservations/3')).toEqual([
      { tableIds: [4] },
      { tableIds: [4], override: true },
    ]);
    expect(toasts).toContainEqual(['success', 'Sara Verdi spostati a T4.']);
  });

  it('a booking without a table gets one from its sheet', async () => {
    routes['PATCH /api/reservations/4'] = () => answered(4, { tableIds: [3] });
    await renderEvening();
    fireEvent.click(screen.getByRole('button', { name: '20:45 Hans Müller · 4 persone' }));
    expect(within(dialog()).getByText('nessun tavolo')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Scegli il tavolo' }));
    fireEvent.change(within(dialog()).getByLabelText('Nuovo tavolo'), { target: { value: 't3' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Sposta qui' }));
    await tick();
    expect(bodies('PATCH /api/reservations/4')).toEqual([{ tableIds: [3] }]);
  });

  it('a walk-in on a free table in two taps', async () => {
    routes['POST /api/reservations/walk-in'] = () => answered(8);
    await renderEvening();
    fireEvent.click(mapTable('T4'));
    expect(
      within(dialog()).getByRole('heading', {
        name: 'Cliente senza prenotazione al tavolo T4',
      }),
    ).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Fai sedere' }));
    await tick();
    expect(bodies('POST /api/reservations/walk-in')).toEqual([{ party: 2, tableIds: [4] }]);
    expect(toasts).toContainEqual(['success', '2 persone al tavolo T4.']);
  });

  it('a table with a party opens its booking, by keyboard too', async () => {
    await renderEvening();
    fireEvent.keyDown(mapTable('T2'), { key: 'Enter' });
    expect(within(dialog()).getByRole('heading', { name: 'Luca Rossi · 2 persone' })).toBeTruthy();
  });

  it('a drag by keyboard: space on the handle, arrows from table to table, space to leave it', async () => {
    routes['PATCH /api/reservations/3'] = () => answered(3, { tableIds: [4] });
    // jsdom lays nothing out: each table's row 100 px below the previous one,
    // and what is in none (the dragged booking's overlay) where Sara's row is.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const row = this.closest('li.evening-row');
      const top = row ? Number(row.getAttribute('data-table')!.slice(1)) * 100 : 300;
      const [width, height] = row === this ? [600, 60] : [20, 20];
      return {
        x: 0,
        y: top,
        left: 0,
        top,
        width,
        height,
        right: width,
        bottom: top + height,
        toJSON: () => ({}),
      };
    });
    // Nor does it scroll: dnd-kit brings the picked handle into view.
    Element.prototype.scrollIntoView = () => {};
    await renderEvening();
    const handle = screen.getByRole('button', { name: 'Trascina Sara Verdi su un altro tavolo' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await tick();
    expect(screen.getByText('Hai preso Sara Verdi.')).toBeTruthy();
    fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
    await tick();
    expect(screen.getByText('Sara Verdi sopra il tavolo T4.')).toBeTruthy();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await tick();
    expect(bodies('PATCH /api/reservations/3')).toEqual([{ tableIds: [4] }]);
    expect(toasts).toContainEqual(['success', 'Sara Verdi spostati a T4.']);
  });

  it('a change made elsewhere shows within a second, asked with the ETag on screen', async () => {
    await renderEvening();
    expect(mapTable('T2').getAttribute('aria-label')).toMatch(/Al tavolo/);
    await tick(1000);
    expect(headersOf(calls(PLAN_URL).at(-1)![1])['If-None-Match']).toBe('"p1"');
    change((current) => {
      current.bookings[1] = { ...current.bookings[1]!, status: 'finished' };
    });
    await tick(1000);
    expect(mapTable('T2').getAttribute('aria-label')).toBe('Tavolo T2, 2-4 persone: Libero');
  });

  it('another day: the tables drawn without a state now, no walk-in', async () => {
    routes['GET /api/reservations/plan?date=2026-06-11'] = () =>
      Response.json({ ...eveningPlan(), date: '2026-06-11', bookings: [], unassigned: [] });
    await renderEvening('/dashboard/evening?data=2026-06-11');
    const map = screen.getByRole('group', { name: 'Pianta: Sala' });
    expect(within(map).queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Legenda' })).toBeNull();
  });

  it('covers mode: no plan to draw, said in Italian', async () => {
    plan = { ...eveningPlan(), areas: [], tables: [], combinations: [], unassigned: [] };
    await renderEvening();
    expect(screen.getByText(/Non c’è ancora una pianta dei tavoli/)).toBeTruthy();
  });
});
