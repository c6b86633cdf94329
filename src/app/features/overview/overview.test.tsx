// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Overview } from '../../../shared/schemas/overview.ts';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { OVERVIEW_EVERY_MS, TonightOverview } from './index.ts';

const STAFF = { email: 'marco@example.test', firstName: 'Marco', lastName: 'Neri' };
const OVERVIEW = 'GET /api/overview';

let answer: Overview;
let routes: Record<string, FakeRoute>;
const { calls } = fakeServer(() => routes);

let visibility: DocumentVisibilityState;
beforeEach(() => {
  localStorage.clear();
  startSession({ ...STAFF, role: 'staff' });
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  answer = {
    date: '2026-06-10',
    covers: 42,
    capacity: 60,
    takeawayToMake: 3,
    newEventRequests: 1,
    unreadMessages: 12,
  };
  routes = { [OVERVIEW]: () => Response.json(answer) };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the timers run `ms` on, then the answers arrive and React draws them. */
async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 4; round++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

async function renderOverview() {
  renderStaffPage('/dashboard', <TonightOverview />);
  await tick();
}
const tiles = () =>
  within(screen.getByRole('region', { name: 'Stasera' }))
    .getAllByRole('link')
    .map((link) => [link.textContent?.replace(/\s+/g, ' ').trim(), link.getAttribute('href')]);

describe('Stasera, on the first screen', () => {
  it('four tiles, each a sentence with its number, linking to its section', async () => {
    await renderOverview();
    expect(screen.getByRole('heading', { level: 2, name: 'Stasera' })).toBeTruthy();
    // What a screen reader reads: "/" is hidden, "su" is said.
    expect(tiles()).toEqual([
      ['42 / su 60 Coperti stasera', '/dashboard/reservations'],
      ['3 Ordini d’asporto da preparare', '/dashboard/takeaway'],
      ['1 Nuova richiesta di evento', '/dashboard/events'],
      ['12 Messaggi non letti', '/dashboard/messages'],
    ]);
    const covers = screen.getByRole('link', { name: /Coperti stasera/ });
    expect(covers.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toBe('/');
    expect(covers.querySelector('.visually-hidden')?.textContent?.trim()).toBe('su');
    // The bearer of the session, and nothing cached.
    const [[, init]] = calls(OVERVIEW) as [[unknown, RequestInit]];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('one of each reads in the singular', async () => {
    answer = { ...answer, covers: 0, capacity: 30, takeawayToMake: 1, unreadMessages: 1 };
    await renderOverview();
    expect(tiles().map(([text]) => text)).toEqual([
      '0 / su 30 Coperti stasera',
      '1 Ordine d’asporto da preparare',
      '1 Nuova richiesta di evento',
      '1 Messaggio non letto',
    ]);
  });

  it('asks again every minute while in sight, at once when the page comes back, never while hidden', async () => {
    await renderOverview();
    expect(calls(OVERVIEW)).toHaveLength(1);
    answer = { ...answer, unreadMessages: 13 };
    await tick(OVERVIEW_EVERY_MS - 1000);
    expect(calls(OVERVIEW)).toHaveLength(1);
    await tick(1000);
    expect(calls(OVERVIEW)).toHaveLength(2);
    expect(screen.getByRole('link', { name: /Messaggi non letti/ }).textContent).toContain('13');

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick(5 * OVERVIEW_EVERY_MS);
    expect(calls(OVERVIEW)).toHaveLength(2);

    answer = { ...answer, takeawayToMake: 0 };
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await tick();
    expect(calls(OVERVIEW)).toHaveLength(3);
    expect(tiles()[1]![0]).toBe('0 Ordini d’asporto da preparare');

    // A window brought back to the front asks too.
    window.dispatchEvent(new Event('focus'));
    await tick();
    expect(calls(OVERVIEW)).toHaveLength(4);
  });

  it('dashes before the first answer; the numbers stay, said to be stale, when the server is gone', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    routes[OVERVIEW] = async () => {
      await gate;
      return Response.json(answer);
    };
    await renderOverview();
    expect(screen.getByRole('status').textContent).toBe('Caricamento dei numeri di stasera...');
    expect(tiles().map(([text]) => text)).toEqual([
      '– Coperti stasera',
      '– Ordini d’asporto da preparare',
      '– Nuove richieste di evento',
      '– Messaggi non letti',
    ]);
    release();
    await tick();
    expect(tiles()[0]![0]).toBe('42 / su 60 Coperti stasera');

    routes[OVERVIEW] = () => new Response('down', { status: 502 });
    await tick(OVERVIEW_EVERY_MS);
    expect(screen.getByRole('alert').textContent).toBe(
      'Connessione persa: i numeri potrebbero non essere aggiornati. Riprovo da solo.',
    );
    expect(tiles()[0]![0]).toBe('42 / su 60 Coperti stasera');
  });
});
