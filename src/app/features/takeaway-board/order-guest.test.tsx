// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestDetail, GuestRecord } from '../../../shared/schemas/guest-records.ts';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { TakeawayBoardScreen } from './takeaway-board.tsx';
import { boardOf, MENU, order, tick, TODAY } from './test-board.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

/** The guest's record on the kitchen board: the order's card, its ticket, and the phone order's lookup. */

const STAFF = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
const KEY = 'r0sA-0123456789x';
const ROSA: GuestRecord = {
  key: KEY,
  name: 'Rosa Greco',
  email: 'rosa@example.test',
  phone: '333 555 0199',
  visits: 2,
  noShows: 1,
  cancellations: 0,
  orders: 5,
  notes: 'Celiaca',
  tags: [],
  lastVisit: '2026-05-02',
};
let board: TakeawayBoard;
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession({ ...STAFF, role: 'staff' });
  toasts.length = 0;
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-06-10T16:00:00Z'),
  });
  board = boardOf({
    orders: [
      order({
        id: 1,
        name: 'Rosa Greco',
        guest: {
          key: KEY,
          visits: 2,
          noShows: 1,
          cancellations: 0,
          orders: 5,
          notes: 'Celiaca',
          tags: ['abituale'],
        },
      }),
      order({ id: 2, name: 'Giulia Bianchi', pickup: { date: TODAY, time: '20:00' }, guest: null }),
    ],
  });
  routes = {
    [`GET /api/takeaway/board?date=${TODAY}`]: () => Response.json(board),
    'GET /api/menu?lang=it': () => Response.json(MENU),
    [`GET /api/takeaway/phone-slots?date=${TODAY}&items=10*1`]: () =>
      Response.json({ date: TODAY, slots: [{ time: '19:45', available: true }] }),
    [`GET /api/takeaway/phone-slots?date=${TODAY}`]: () =>
      Response.json({ date: TODAY, slots: [{ time: '19:45', available: true }] }),
    'GET /api/guests?q=Ros': () => Response.json([ROSA]),
    [`GET /api/guests/${KEY}`]: () =>
      Response.json({
        ...ROSA,
        lang: 'fr',
        history: [],
        reviewAskedAt: null,
        reviewsStopped: false,
      } satisfies GuestDetail),
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderBoard() {
  renderStaffPage(
    '/dashboard/takeaway',
    <TakeawayBoardScreen
      data={{ date: TODAY, today: TODAY }}
      devices={{ createAudioContext: null, wakeLock: null }}
    />,
  );
  await tick();
}

describe('the guest on the kitchen board', () => {
  it('the order’s card: visits and orders, the no-show warning, tags, notes; nothing without a record', async () => {
    await renderBoard();
    const notice = screen.getByRole('group', { name: 'Ospite: Rosa Greco' });
    expect(within(notice).getByText('2 visite · 5 ordini')).toBeTruthy();
    expect(within(notice).getByText(/non si è presentato/).textContent).toBe(
      '⚠ Attenzione: 1 volta non si è presentato',
    );
    expect(notice.textContent).toContain('Note dello staff: Celiaca');
    expect(screen.queryByRole('group', { name: 'Ospite: Giulia Bianchi' })).toBeNull();
  });

  it('the ticket carries staff’s notes on the guest (an allergy), not the no-shows', async () => {
    vi.stubGlobal('print', vi.fn());
    await renderBoard();
    const actions = screen.getByRole('group', { name: "Azioni per l'ordine di Rosa Greco" });
    fireEvent.click(within(actions).getByRole('button', { name: 'Altre azioni' }));
    fireEvent.click(
      screen.getByRole('button', { name: "Stampa il biglietto dell'ordine di Rosa Greco" }),
    );
    await tick();
    const ticket = screen.getByTestId('kitchen-ticket');
    expect(ticket.textContent).toContain('Note dello staff: Celiaca');
    expect(ticket.textContent).not.toContain('presentato');
  });

  it('the phone order finds the guest as staff type, and fills name, phone, e-mail and language', async () => {
    routes['POST /api/takeaway/orders/staff'] = () =>
      Response.json(order({ id: 7, name: 'Rosa Greco', source: 'phone' }), { status: 201 });
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Ordine telefonico' }));
    await tick();
    const form = screen.getByRole('region', { name: 'Ordine telefonico' });
    fireEvent.change(within(form).getByLabelText('Margherita – 8,00 €'), {
      target: { value: '1' },
    });
    const name = within(form).getByRole('combobox', { name: 'Nome' });
    fireEvent.change(name, { target: { value: 'Ros' } });
    await tick();
    expect(calls('GET /api/guests?q=Ros')).toHaveLength(0);
    await tick(250);
    const option = within(form).getByRole('option', { name: /Rosa Greco/ });
    expect(option.textContent).toContain('⚠ 1 volta non si è presentato');
    fireEvent.keyDown(name, { key: 'ArrowDown' });
    fireEvent.keyDown(name, { key: 'Enter' });
    await tick();
    expect((name as HTMLInputElement).value).toBe('Rosa Greco');
    expect((within(form).getByLabelText('Telefono') as HTMLInputElement).value).toBe(
      '333 555 0199',
    );
    expect((within(form).getByLabelText('E-mail (facoltativa)') as HTMLInputElement).value).toBe(
      'rosa@example.test',
    );
    expect((within(form).getByLabelText('Lingua del cliente') as HTMLSelectElement).value).toBe(
      'fr',
    );
    expect(within(form).getByRole('group', { name: 'Ospite: Rosa Greco' }).textContent).toContain(
      '1 volta non si è presentato',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Registra ordine' }));
    await tick();
    expect(bodies('POST /api/takeaway/orders/staff')).toEqual([
      {
        name: 'Rosa Greco',
        phone: '333 555 0199',
        email: 'rosa@example.test',
        lang: 'fr',
        pickup: 'asap',
        items: [{ id: 10, quantity: 1 }],
      },
    ]);
  });
});
