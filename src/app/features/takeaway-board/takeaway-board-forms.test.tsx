// @vitest-environment jsdom
import { slotFullDescription } from '../../../shared/takeaway-refusals.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuAnswer } from '../../../shared/schemas/menu.ts';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { TakeawayBoardScreen } from './takeaway-board.tsx';
import { boardOf, dish, order, tick, TODAY } from './test-board.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const STAFF = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
const NOW = new Date('2026-06-10T16:00:00Z');

const MENU: MenuAnswer = {
  lang: 'it',
  sections: [
    {
      id: 1,
      name: 'Pizze',
      placement: 'always',
      kitchen: 'oven',
      items: [
        dish(10, 'Margherita', [
          { label: 'normale', amount: '8.00' },
          { label: 'grande', amount: '11.00' },
        ]),
        { ...dish(11, 'Diavola', [{ label: '', amount: '9.00' }]), available: false },
      ],
    },
    {
      id: 2,
      name: 'Birre alla spina',
      placement: 'always',
      kitchen: 'none',
      items: [{ ...dish(30, 'Bionda', [{ label: '', amount: '5.00' }]), takeaway: false }],
    },
  ],
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
    now: NOW,
  });
  board = boardOf();
  routes = {
    [`GET /api/takeaway/board?date=${TODAY}`]: () => Response.json(board),
    'GET /api/menu?lang=it': () => Response.json(MENU),
    [`GET /api/takeaway/phone-slots?date=${TODAY}&items=10*2`]: () =>
      Response.json({
        date: TODAY,
        slots: [
          { time: '19:30', available: false },
          { time: '19:45', available: true },
        ],
      }),
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

describe('the phone order', () => {
  async function fillOrder() {
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Ordine telefonico' }));
    await tick();
    // Sold out and not for takeaway: not offered.
    expect(screen.queryByLabelText(/Diavola/)).toBeNull();
    expect(screen.queryByLabelText(/Bionda/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Margherita (grande) – 11,00 €'), {
      target: { value: '2' },
    });
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Rosa Greco' } });
    fireEvent.change(screen.getByLabelText('Telefono'), { target: { value: '333 555 0199' } });
    await tick();
    const time = screen.getByLabelText('Orario di ritiro');
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Prima possibile', '19:30 (piena)', '19:45']);
    return time;
  }

  it('sends the dishes in their sizes, "prima possibile" by default', async () => {
    routes['POST /api/takeaway/orders/staff'] = () =>
      Response.json(order({ id: 7, name: 'Rosa Greco', source: 'phone' }), { status: 201 });
    await fillOrder();
    fireEvent.click(screen.getByRole('button', { name: 'Registra ordine' }));
    await tick();
    expect(bodies('POST /api/takeaway/orders/staff')).toEqual([
      {
        name: 'Rosa Greco',
        phone: '333 555 0199',
        lang: 'it',
        pickup: 'asap',
        items: [{ id: 10, quantity: 2, price: 'grande' }],
      },
    ]);
    expect(toasts).toContainEqual([
      'success',
      'Ordine di Rosa Greco registrato, ritiro alle 19:30.',
    ]);
    expect(screen.queryByLabelText('Nome')).toBeNull();
  });

  it('asks before going past a full time, then sends override', async () => {
    routes['POST /api/takeaway/orders/staff'] = () =>
      Response.json(order({ id: 7, name: 'Rosa Greco' }), { status: 201 });
    const time = await fillOrder();
    fireEvent.change(time, { target: { value: '19:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra ordine' }));
    await tick();
    expect(calls('POST /api/takeaway/orders/staff')).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toContain('La fascia è piena: forzare?');
    fireEvent.click(screen.getByRole('button', { name: 'Sì, forza' }));
    await tick();
    expect(bodies('POST /api/takeaway/orders/staff')).toMatchObject([
      { pickup: { date: TODAY, time: '19:30' }, override: true },
    ]);
  });

  it('a slot filled meanwhile: the server’s refusal asks the same, naming the next time', async () => {
    routes['POST /api/takeaway/orders/staff'] = (init) =>
      JSON.parse(String(init?.body)).override
        ? Response.json(order({ id: 7, name: 'Rosa Greco' }), { status: 201 })
        : Response.json(
            {
              errors: [
                {
                  code: 'slot-full',
                  description: slotFullDescription('19:45', '20:00'),
                  details: { nextTime: '20:00' },
                },
              ],
            },
            { status: 409 },
          );
    const time = await fillOrder();
    fireEvent.change(time, { target: { value: '19:45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registra ordine' }));
    await tick();
    expect(screen.getByRole('alert').textContent).toBe(
      'La fascia è piena: forzare? (il primo orario libero è alle 20:00)Sì, forzaIndietro',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sì, forza' }));
    await tick();
    expect(bodies('POST /api/takeaway/orders/staff').map((body) => body.override)).toEqual([
      undefined,
      true,
    ]);
  });

  it('says what is missing, in Italian', async () => {
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Ordine telefonico' }));
    await tick();
    fireEvent.click(screen.getByRole('button', { name: 'Registra ordine' }));
    await tick();
    expect(screen.getByRole('alert').textContent).toContain('Scegliere almeno un piatto');
    expect(screen.getByRole('alert').textContent).toContain('Nome: obbligatorio.');
    expect(calls('POST /api/takeaway/orders/staff')).toHaveLength(0);
  });
});

describe('the pause', () => {
  it('pauses for the minutes chosen', async () => {
    routes['POST /api/takeaway/pause'] = () => Response.json(board.settings);
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Pausa ordini' }));
    fireEvent.change(screen.getByLabelText('Durata della pausa'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Metti in pausa' }));
    await tick();
    expect(bodies('POST /api/takeaway/pause')).toEqual([{ minutes: 45 }]);
  });

  it('counts down each second, ends by itself, or resumes at once', async () => {
    board = boardOf({
      settings: {
        ...boardOf().settings,
        pausedUntil: new Date(NOW.getTime() + 90_000).toISOString(),
      },
    });
    routes['DELETE /api/takeaway/pause'] = () => Response.json(board.settings);
    await renderBoard();
    // Paused, the tool's button says so; its panel has the time left.
    fireEvent.click(screen.getByRole('button', { name: 'Ordini in pausa' }));
    expect(screen.getByRole('timer').textContent).toBe(
      'Ordini online in pausa: riprendono tra 01:30.',
    );
    await tick(1000);
    expect(screen.getByRole('timer').textContent).toContain('01:29');
    fireEvent.click(screen.getByRole('button', { name: 'Riprendi ora' }));
    await tick();
    expect(calls('DELETE /api/takeaway/pause')).toHaveLength(1);
    await tick(89_000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText('Gli ordini online sono aperti.')).toBeTruthy();
  });
});

describe('the settings', () => {
  it('are not shown to staff', async () => {
    await renderBoard();
    expect(screen.queryByRole('heading', { name: 'Impostazioni dell’asporto' })).toBeNull();
  });

  it('the owner saves them, the schema’s Italian messages first', async () => {
    startSession({ ...STAFF, role: 'owner' });
    routes['PUT /api/takeaway/settings'] = (init) =>
      Response.json({ ...JSON.parse(String(init?.body)), pausedUntil: null });
    await renderBoard();
    expect(screen.getByRole('heading', { name: 'Impostazioni dell’asporto' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Forno: pezzi per fascia'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    await tick();
    expect(screen.getByRole('alert').textContent).toContain('Forno: pezzi per fascia');
    expect(calls('PUT /api/takeaway/settings')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Forno: pezzi per fascia'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Intervallo tra i ritiri (minuti)'), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Asporto online attivo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    await tick();
    expect(bodies('PUT /api/takeaway/settings')).toEqual([
      {
        enabled: false,
        slotMinutes: 10,
        limits: { oven: 6, kitchen: 8 },
        prepMinutes: 30,
        horizonDays: 2,
      },
    ]);
    expect(toasts).toContainEqual(['success', 'Impostazioni dell’asporto salvate.']);
  });
});
