// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { TakeawayBoardScreen } from './takeaway-board.tsx';
import { boardOf, MENU, order, tick, TODAY } from './test-board.ts';

// The board's first screen on a phone is its orders (issue 42): the sound is
// one toggle on the title's row, and the day, the pause and the phone order
// are buttons whose panels open (focus inside, Escape closes) one at a time.

let board: TakeawayBoard;
let routes: Record<string, FakeRoute>;
fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession({ email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo', role: 'staff' });
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: new Date('2026-06-10T16:00:00Z'),
  });
  board = boardOf({ orders: [order({ id: 1, status: 'received' })] });
  routes = {
    [`GET /api/takeaway/board?date=${TODAY}`]: () => Response.json(board),
    'GET /api/menu?lang=it': () => Response.json(MENU),
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
const tool = (name: string) => screen.getByRole('button', { name });
/** The panel a tool's button opens (aria-controls). */
const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute('aria-controls')!)!;
/** Fields a tap or Tab reaches, folded panels left out. */
const shownFields = () =>
  [...document.querySelectorAll<HTMLElement>('input, select, textarea')].filter(
    (field) => !field.closest('[hidden]'),
  );

describe('the board’s first screen', () => {
  it('puts the sound toggle on the title’s row, and no form before the first order', async () => {
    await renderBoard();
    const title = screen.getByRole('heading', { level: 1, name: 'Asporto' });
    const sound = within(title.parentElement!).getByRole('button', { name: 'Suono' });
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    // Without sound in this browser: off, and it says why (not a paragraph on the board).
    expect(sound.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(sound.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Questo browser non può suonare.',
    );

    for (const name of ['Cambia giorno', 'Pausa ordini', 'Ordine telefonico']) {
      expect(tool(name).getAttribute('aria-expanded')).toBe('false');
      expect(panelOf(tool(name)).hidden).toBe(true);
    }
    expect(screen.queryByLabelText('Durata della pausa')).toBeNull();
    expect(screen.queryByLabelText('Giorno')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Ordine telefonico' })).toBeNull();
    // The first field on the page is the first order's pickup time.
    const first = screen.getByRole('list', { name: 'Ordini del giorno' }).firstElementChild!;
    expect(first.contains(shownFields()[0]!)).toBe(true);
  });
});

describe('the folded tools', () => {
  it('open from their button with the focus inside; Escape closes and gives the focus back', async () => {
    await renderBoard();
    const pause = tool('Pausa ordini');
    fireEvent.click(pause);
    await tick();
    expect(pause.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(panelOf(pause));
    expect(within(panelOf(pause)).getByLabelText('Durata della pausa')).toBeTruthy();

    fireEvent.keyDown(within(panelOf(pause)).getByLabelText('Durata della pausa'), {
      key: 'Escape',
    });
    await tick();
    expect(pause.getAttribute('aria-expanded')).toBe('false');
    expect(panelOf(pause).hidden).toBe(true);
    expect(document.activeElement).toBe(pause);

    const day = tool('Cambia giorno');
    fireEvent.click(day);
    await tick();
    const nav = within(panelOf(day)).getByRole('navigation', { name: 'Giorno mostrato' });
    expect(within(nav).getByRole('link', { name: 'Giorno prima' })).toBeTruthy();
    expect((within(nav).getByLabelText('Giorno') as HTMLInputElement).value).toBe(TODAY);
    expect(document.activeElement).toBe(panelOf(day));
  });

  it('one at a time; a phone order half typed stays while folded, "Chiudi" ends it', async () => {
    await renderBoard();
    fireEvent.click(tool('Pausa ordini'));
    await tick();
    const phone = tool('Ordine telefonico');
    fireEvent.click(phone);
    await tick();
    expect(tool('Pausa ordini').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Durata della pausa')).toBeNull();
    const form = within(panelOf(phone)).getByRole('region', { name: 'Ordine telefonico' });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Senza basilico' } });

    fireEvent.keyDown(within(form).getByLabelText('Note'), { key: 'Escape' });
    expect(phone.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(phone);

    fireEvent.click(phone);
    await tick();
    expect((within(panelOf(phone)).getByLabelText('Note') as HTMLTextAreaElement).value).toBe(
      'Senza basilico',
    );
    fireEvent.click(within(panelOf(phone)).getByRole('button', { name: 'Chiudi' }));
    await tick();
    expect(phone.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(phone);
    fireEvent.click(phone);
    await tick();
    expect((within(panelOf(phone)).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
  });

  it('the pause’s button says when online orders are paused', async () => {
    board = boardOf({
      settings: { ...boardOf().settings, pausedUntil: '2026-06-10T16:30:00Z' },
    });
    await renderBoard();
    expect(screen.queryByRole('button', { name: 'Pausa ordini' })).toBeNull();
    fireEvent.click(tool('Ordini in pausa'));
    expect(screen.getByRole('timer').textContent).toBe(
      'Ordini online in pausa: riprendono tra 30:00.',
    );
  });
});

describe('an order’s card', () => {
  it('the next step is its one main button; the rest folds under "Altre azioni"', async () => {
    await renderBoard();
    const actions = screen.getByRole('group', { name: "Azioni per l'ordine di Marco Neri" });
    expect(within(actions).getByRole('button', { name: 'Accetta' }).className).toContain(
      'takeaway-order__next',
    );
    const more = within(actions).getByRole('button', { name: 'Altre azioni' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(within(actions).queryByRole('button', { name: 'Rifiuta' })).toBeNull();
    fireEvent.click(more);
    await tick();
    expect(within(panelOf(more)).getByRole('button', { name: 'Rifiuta' })).toBeTruthy();
    fireEvent.keyDown(within(panelOf(more)).getByRole('button', { name: 'Rifiuta' }), {
      key: 'Escape',
    });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
  });

  it('a new order’s main button is "Apri", its status step beside it', async () => {
    const hans = order({ id: 3, name: 'Hans Müller', status: 'received', opened: false });
    board = boardOf({ orders: [hans], unopened: [hans] });
    await renderBoard();
    const actions = screen.getByRole('group', { name: "Azioni per l'ordine di Hans Müller" });
    const next = [...actions.querySelectorAll('.takeaway-order__next')];
    expect(next.map((button) => button.textContent)).toEqual(['Apri']);
    expect(within(actions).getByRole('button', { name: 'Accetta' })).toBeTruthy();
  });
});
