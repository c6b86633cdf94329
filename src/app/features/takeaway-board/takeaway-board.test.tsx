// @vitest-environment jsdom
import { slotFullDescription } from '../../../shared/takeaway-refusals.ts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { TakeawayBoardScreen, type BoardDevices } from './takeaway-board.tsx';
import { boardOf, fakeAudio, fakeWakeLock, order, tick, TODAY } from './test-board.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const STAFF = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
const BOARD_URL = `GET /api/takeaway/board?date=${TODAY}`;

let board: TakeawayBoard;
let version: number;
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);
const headersOf = (init: RequestInit | undefined) => init?.headers as Record<string, string>;
const refusal = (code: string, description: string, details?: Record<string, unknown>) =>
  Response.json({ errors: [{ code, description, details }] }, { status: 409 });
/** The board changed: a new version, a new ETag. */
const change = (update: Partial<TakeawayBoard>) => {
  board = { ...board, ...update };
  version++;
};

let visibility: DocumentVisibilityState;
beforeEach(() => {
  localStorage.clear();
  startSession({ ...STAFF, role: 'staff' });
  toasts.length = 0;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-06-10T16:00:00Z'),
  });
  version = 1;
  board = boardOf({
    orders: [
      order({ id: 2, name: 'Giulia Bianchi', pickup: { date: TODAY, time: '20:00' } }),
      order({ id: 1, status: 'received', notes: 'Ben cotta', source: 'phone' }),
    ],
    unopened: [
      order({
        id: 3,
        name: 'Hans Müller',
        lang: 'de',
        status: 'received',
        opened: false,
        pickup: { date: '2026-06-11', time: '13:00' },
      }),
    ],
  });
  routes = {
    [BOARD_URL]: (init) =>
      headersOf(init)['If-None-Match'] === `"v${version}"`
        ? new Response(null, { status: 304 })
        : Response.json(board, { headers: { ETag: `"v${version}"` } }),
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderBoard(devices: BoardDevices = { createAudioContext: null, wakeLock: null }) {
  renderStaffPage(
    '/dashboard/takeaway',
    <TakeawayBoardScreen data={{ date: TODAY, today: TODAY }} devices={devices} />,
  );
  await tick();
}
const list = (name: string) => screen.getByRole('list', { name });
const names = (name: string) =>
  within(list(name))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.takeaway-order__name')?.textContent)
    .filter(Boolean);
/** The sound's toggle on the title's row, pressed while it rings. */
const soundToggle = () => screen.getByRole('button', { name: 'Suono' });
const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');
/** Unfolds a card's "Altre azioni". */
const showMore = (item: HTMLElement) =>
  fireEvent.click(within(item).getByRole('button', { name: 'Altre azioni' }));
const card = (name: string) =>
  screen
    .getAllByRole('listitem')
    .find((item) => item.querySelector('.takeaway-order__name')?.textContent === name)!;

describe('the board', () => {
  it('lists new orders on top, then the day by pickup time, with the slots’ loads', async () => {
    await renderBoard();
    expect(names('Nuovi ordini')).toEqual(['Hans Müller']);
    expect(names('Ordini del giorno')).toEqual(['Marco Neri', 'Giulia Bianchi']);
    const marco = card('Marco Neri');
    expect(within(marco).getByText('2 × Margherita')).toBeTruthy();
    expect(within(marco).getByText('1 × Acqua (0,5 l)')).toBeTruthy();
    expect(within(marco).getByText('23,50 €')).toBeTruthy();
    expect(within(marco).getByText('Ben cotta')).toBeTruthy();
    expect(within(marco).getByText('telefono')).toBeTruthy();
    expect(
      within(marco)
        .getByRole('link', { name: /Chiama Marco Neri/ })
        .getAttribute('href'),
    ).toBe('tel:+393335550101');
    // Another day's new order says its day.
    expect(within(card('Hans Müller')).getByText(/ritiro gio 11 giu/)).toBeTruthy();
    // The slots that hold something; every one of the day on request.
    const loads = () =>
      within(list('Carico di ogni fascia di ritiro'))
        .getAllByRole('listitem')
        .map((slot) => slot.textContent);
    expect(loads()).toEqual([
      '19:30 forno 12/12 · cucina 2/8 piena',
      '19:45 forno 2/12 · cucina 0/8',
    ]);
    const everySlot = screen.getByRole('button', { name: 'Mostra tutte le 3 fasce' });
    fireEvent.click(everySlot);
    expect(everySlot.getAttribute('aria-pressed')).toBe('true');
    expect(loads()).toEqual([
      '19:15 forno 0/12 · cucina 0/8',
      '19:30 forno 12/12 · cucina 2/8 piena',
      '19:45 forno 2/12 · cucina 0/8',
    ]);
  });

  it('says so when every order of the day is among the new ones, and when there is none', async () => {
    const unopened = order({ id: 4, name: 'Lena Koch', opened: false });
    board = boardOf({ orders: [unopened], unopened: [unopened] });
    await renderBoard();
    expect(names('Nuovi ordini')).toEqual(['Lena Koch']);
    expect(
      screen.getByText('Gli ordini di questo giorno sono tutti tra i nuovi, qui sopra.'),
    ).toBeTruthy();
    change({ orders: [], unopened: [] });
    await tick(1000);
    expect(screen.getByText('Nessun ordine per questo giorno.')).toBeTruthy();
  });

  it('asks every second with If-None-Match; 304 keeps the board, a change shows at once', async () => {
    await renderBoard();
    expect(headersOf(calls(BOARD_URL)[0]![1])['If-None-Match']).toBeUndefined();
    await tick(1000);
    expect(calls(BOARD_URL)).toHaveLength(2);
    expect(headersOf(calls(BOARD_URL)[1]![1])['If-None-Match']).toBe('"v1"');
    expect(names('Ordini del giorno')).toEqual(['Marco Neri', 'Giulia Bianchi']);
    change({
      orders: [
        ...board.orders,
        order({ id: 4, name: 'Rosa Greco', pickup: { date: TODAY, time: '21:00' } }),
      ],
    });
    await tick(1000);
    expect(names('Ordini del giorno')).toEqual(['Marco Neri', 'Giulia Bianchi', 'Rosa Greco']);
  });

  it('asks nothing while hidden, and at once when the page is back in sight', async () => {
    await renderBoard();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    const asked = calls(BOARD_URL).length;
    await tick(5000);
    expect(calls(BOARD_URL)).toHaveLength(asked);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(calls(BOARD_URL)).toHaveLength(asked + 1);
  });
});

describe('the bell', () => {
  it('rings once the sound is turned on while an order is unopened, and stops once opened', async () => {
    const audio = fakeAudio();
    routes['POST /api/takeaway/orders/3/opened'] = () => {
      change({ unopened: [] });
      return new Response(null, { status: 204 });
    };
    await renderBoard({ createAudioContext: audio.factory, wakeLock: null });
    expect(screen.getByText('1 ordine nuovo')).toBeTruthy();
    expect(audio.factory).not.toHaveBeenCalled();
    expect(pressed(soundToggle())).toBe('false');
    fireEvent.click(soundToggle());
    await tick();
    expect(pressed(soundToggle())).toBe('true');
    expect(audio.started).toHaveLength(3);
    await tick(4000);
    expect(audio.started).toHaveLength(6);

    fireEvent.click(within(card('Hans Müller')).getByRole('button', { name: 'Apri' }));
    await tick();
    expect(calls('POST /api/takeaway/orders/3/opened')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Nuovi ordini' })).toBeNull();
    await tick(8000);
    expect(audio.started).toHaveLength(6);
  });

  it('asks again for a sound the browser suspended, and shows the toggle off when it stays off', async () => {
    const audio = fakeAudio();
    await renderBoard({ createAudioContext: audio.factory, wakeLock: null });
    fireEvent.click(soundToggle());
    await tick();
    expect(audio.started).toHaveLength(3);
    audio.suspend(true);
    await tick(4000);
    expect(audio.started).toHaveLength(6);
    audio.suspend(false);
    await tick(4000);
    expect(audio.started).toHaveLength(6);
    expect(pressed(soundToggle())).toBe('false');
    expect(soundToggle().title).toBe(
      'Il browser suona solo dopo un tocco: toccare una volta per sentire i nuovi ordini.',
    );
  });

  it('can be muted, and rings again when unmuted', async () => {
    const audio = fakeAudio();
    await renderBoard({ createAudioContext: audio.factory, wakeLock: null });
    fireEvent.click(soundToggle());
    await tick();
    fireEvent.click(soundToggle());
    expect(pressed(soundToggle())).toBe('false');
    expect(soundToggle().title).toBe('Suono disattivato: toccare per riattivarlo.');
    await tick(8000);
    expect(audio.started).toHaveLength(3);
    fireEvent.click(soundToggle());
    await tick();
    expect(pressed(soundToggle())).toBe('true');
    expect(audio.started).toHaveLength(6);
  });

  it('keeps the screen awake while open, again after the page was hidden, and lets go after', async () => {
    const { wakeLock, sentinels } = fakeWakeLock();
    await renderBoard({ createAudioContext: null, wakeLock });
    expect(wakeLock.request).toHaveBeenCalledWith('screen');
    // The browser releases the lock when the page is hidden.
    sentinels[0]!.released = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    cleanup();
    await tick();
    expect(sentinels[1]!.released).toBe(true);
  });
});

describe('the actions', () => {
  beforeEach(() => {
    routes['PATCH /api/takeaway/orders/1'] = (init) => {
      const patch = JSON.parse(String(init?.body)) as { status: 'accepted' };
      return Response.json(order({ id: 1, status: patch.status }));
    };
  });

  it('a received order: accept in one tap, or at another of the day’s times', async () => {
    await renderBoard();
    const marco = card('Marco Neri');
    expect(
      within(marco)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accetta', 'Altre azioni']);
    showMore(marco);
    expect(
      within(marco)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accetta', 'Altre azioni', 'Rifiuta', 'Annulla', 'Stampa']);
    fireEvent.click(within(marco).getByRole('button', { name: 'Accetta' }));
    await tick();
    fireEvent.change(within(marco).getByLabelText('Orario di ritiro'), {
      target: { value: '19:45' },
    });
    fireEvent.click(within(marco).getByRole('button', { name: 'Accetta alle 19:45' }));
    await tick();
    expect(bodies('PATCH /api/takeaway/orders/1')).toEqual([
      { status: 'accepted' },
      { status: 'accepted', pickupTime: '19:45' },
    ]);
    expect(toasts).toContainEqual(['success', 'Ordine di Marco Neri accettato.']);
  });

  it('an accepted order: ready, or no-show and cancel after asking', async () => {
    routes['PATCH /api/takeaway/orders/2'] = () => Response.json(order({ id: 2, status: 'ready' }));
    await renderBoard();
    const giulia = card('Giulia Bianchi');
    expect(
      within(giulia)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pronto', 'Altre azioni']);
    fireEvent.click(within(giulia).getByRole('button', { name: 'Pronto' }));
    await tick();
    showMore(giulia);
    expect(
      within(giulia)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Pronto', 'Altre azioni', 'Rifiuta', 'Non ritirato', 'Annulla', 'Stampa']);
    fireEvent.click(within(giulia).getByRole('button', { name: 'Non ritirato' }));
    fireEvent.click(within(giulia).getByRole('button', { name: 'Sì, non ritirato' }));
    await tick();
    expect(bodies('PATCH /api/takeaway/orders/2')).toEqual([
      { status: 'ready' },
      { status: 'no-show' },
    ]);
  });

  it('declines with the message typed for the guest', async () => {
    await renderBoard();
    const marco = card('Marco Neri');
    showMore(marco);
    fireEvent.click(within(marco).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.change(within(marco).getByLabelText('Messaggio al cliente (consigliato)'), {
      target: { value: 'Forno guasto, ci scusi.' },
    });
    fireEvent.click(within(marco).getByRole('button', { name: 'Sì, rifiuta' }));
    await tick();
    expect(bodies('PATCH /api/takeaway/orders/1')).toEqual([
      { status: 'declined', message: 'Forno guasto, ci scusi.' },
    ]);
  });

  it('cancels with the message typed for the guest', async () => {
    await renderBoard();
    const giulia = card('Giulia Bianchi');
    showMore(giulia);
    fireEvent.click(within(giulia).getByRole('button', { name: 'Annulla' }));
    fireEvent.change(within(giulia).getByLabelText('Messaggio al cliente (consigliato)'), {
      target: { value: 'Siamo rimasti senza mozzarella.' },
    });
    fireEvent.click(within(giulia).getByRole('button', { name: 'Sì, annulla' }));
    await tick();
    expect(bodies('PATCH /api/takeaway/orders/2')).toEqual([
      { status: 'cancelled', message: 'Siamo rimasti senza mozzarella.' },
    ]);
  });

  it('says a refusal in Italian: changed meanwhile, a full slot with the next time', async () => {
    routes['PATCH /api/takeaway/orders/1'] = (init) =>
      JSON.parse(String(init?.body)).pickupTime
        ? refusal('slot-full', slotFullDescription('19:45', '20:15'), { nextTime: '20:15' })
        : refusal('invalid-transition', 'The order is declined.');
    await renderBoard();
    const marco = card('Marco Neri');
    fireEvent.click(within(marco).getByRole('button', { name: 'Accetta' }));
    await tick();
    expect(toasts).toContainEqual([
      'warning',
      "L'ordine di Marco Neri è cambiato nel frattempo: ecco com'è ora.",
    ]);
    fireEvent.change(within(card('Marco Neri')).getByLabelText('Orario di ritiro'), {
      target: { value: '19:45' },
    });
    fireEvent.click(within(card('Marco Neri')).getByRole('button', { name: 'Accetta alle 19:45' }));
    await tick();
    expect(toasts).toContainEqual([
      'warning',
      'La fascia è piena: il primo orario libero è alle 20:15.',
    ]);
  });

  it('prints an order’s ticket, on the receipt printer or on A4', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderBoard();
    showMore(card('Marco Neri'));
    fireEvent.click(
      screen.getByRole('button', { name: "Stampa il biglietto dell'ordine di Marco Neri" }),
    );
    await tick();
    expect(print).toHaveBeenCalledTimes(1);
    const ticket = screen.getByTestId('kitchen-ticket');
    expect(ticket.parentElement).toBe(document.body);
    expect(ticket.className).toContain('kitchen-ticket--receipt');
    expect(ticket.textContent).toContain('2 × Margherita');
    window.dispatchEvent(new Event('afterprint'));
    await tick();
    fireEvent.click(screen.getByLabelText('Foglio A4'));
    fireEvent.click(
      screen.getByRole('button', { name: "Stampa il biglietto dell'ordine di Marco Neri" }),
    );
    await tick();
    expect(screen.getByTestId('kitchen-ticket').className).toContain('kitchen-ticket--a4');
  });
});
