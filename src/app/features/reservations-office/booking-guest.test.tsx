// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestDetail, GuestRecord } from '../../../shared/schemas/guest-records.ts';
import type { OccupancyAnswer, Reservation } from '../../../shared/schemas/reservations.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as reservationsRoute from '../../routes/staff/reservations.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

/** The guest's record where staff meet the guest: the day's cards, and the phone booking's lookup. */

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};
const TODAY = '2026-06-10';
const KEY = 'mArIo0123456789_';

const booking = (overrides: Partial<Reservation>): Reservation => ({
  id: 1,
  name: 'Marco Neri',
  email: 'marco@example.test',
  phone: '+39 333 555 0101',
  party: 2,
  date: TODAY,
  time: '20:00',
  status: 'confirmed',
  notes: '',
  lang: 'it',
  createdAt: '2026-06-01T10:00:00.000Z',
  source: 'online',
  staffMessage: null,
  overCapacity: false,
  tableIds: [],
  area: null,
  arrivedAt: null,
  seatedAt: null,
  finishedAt: null,
  conflict: false,
  guestConfirmedAt: null,
  noReview: false,
  ...overrides,
});

const MARIO: GuestRecord = {
  key: KEY,
  name: 'Mario Rossi',
  email: 'mario@example.test',
  phone: '+39 333 555 0177',
  visits: 3,
  noShows: 3,
  cancellations: 0,
  orders: 0,
  notes: 'Allergico ai crostacei',
  tags: ['abituale'],
  lastVisit: '2026-05-30',
};
const MARINA: GuestRecord = {
  ...MARIO,
  key: 'mArInA123456789_',
  name: 'Marina Blu',
  email: '',
  phone: '333 555 0188',
  noShows: 0,
  notes: '',
  tags: [],
};
const MARIO_DETAIL: GuestDetail = {
  ...MARIO,
  lang: 'de',
  history: [],
  reviewAskedAt: null,
  reviewsStopped: false,
};

const OCCUPANCY: OccupancyAnswer = {
  date: TODAY,
  capacity: 40,
  turnMinutes: 120,
  slots: [{ time: '20:30', covers: 10, held: 0 }],
  events: [],
};

let days: Reservation[];
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T08:00:00Z') });
  days = [
    booking({
      id: 1,
      guest: {
        key: KEY,
        visits: 3,
        noShows: 2,
        cancellations: 1,
        orders: 1,
        notes: 'Allergico ai crostacei',
        tags: ['abituale', 'tavolo fuori'],
      },
    }),
    booking({
      id: 2,
      name: 'Sara Verdi',
      time: '20:30',
      guest: {
        key: 'sArA0123456789__',
        visits: 0,
        noShows: 0,
        cancellations: 0,
        orders: 0,
        notes: '',
        tags: [],
      },
    }),
    booking({ id: 3, name: 'Luca Russo', time: '21:00', email: '', phone: '', guest: null }),
  ];
  routes = {
    [`GET /api/reservations?date=${TODAY}`]: () => Response.json(days),
    [`GET /api/reservations/occupancy?date=${TODAY}`]: () => Response.json(OCCUPANCY),
    'GET /api/guests?q=Mar': () => Response.json([MARIO, MARINA]),
    [`GET /api/guests/${KEY}`]: () => Response.json(MARIO_DETAIL),
  };
});

function renderDay() {
  renderStaffRoutes('/dashboard/reservations', [
    routeModule(reservationsRoute, { path: '/dashboard/reservations' }),
  ]);
}
async function card(name: string) {
  const list = await screen.findByRole('list', { name: 'Prenotazioni del giorno' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((candidate) => candidate.querySelector('.booking__name')?.textContent === name);
  if (!item) throw new Error(`no booking of ${name}`);
  return item;
}
async function openForm() {
  renderDay();
  await card('Marco Neri');
  fireEvent.click(screen.getByRole('button', { name: 'Aggiungi prenotazione' }));
  return screen.getByRole('region', { name: 'Prenotazione al telefono' });
}

describe('the guest on the day’s cards', () => {
  it('visits, a clear no-show warning in words, tags and notes; a first visit said; nothing without a record', async () => {
    renderDay();
    const notice = within(await card('Marco Neri')).getByRole('group', {
      name: 'Ospite: Marco Neri',
    });
    expect(within(notice).getByText('3 visite · 1 ordine')).toBeTruthy();
    const warning = within(notice).getByText(/non si è presentato/);
    expect(warning.textContent).toBe('⚠ Attenzione: 2 volte non si è presentato');
    expect(warning.className).toContain('guest-notice__no-show');
    expect(within(notice).getByText('abituale')).toBeTruthy();
    expect(within(notice).getByText('tavolo fuori')).toBeTruthy();
    expect(notice.textContent).toContain('Note dello staff: Allergico ai crostacei');

    const sara = within(await card('Sara Verdi')).getByRole('group', {
      name: 'Ospite: Sara Verdi',
    });
    expect(sara.textContent).toBe('Prima visita');
    expect(within(await card('Luca Russo')).queryByRole('group', { name: /^Ospite/ })).toBeNull();
  });

  it('a booking retention anonymised says its data was deleted, and nothing of a guest', async () => {
    days.push(
      booking({ id: 4, name: '', email: '', phone: '', notes: '', time: '21:30', guest: null }),
    );
    renderDay();
    const anonymised = await card('Dati eliminati');
    expect(within(anonymised).queryByRole('group', { name: /^Ospite/ })).toBeNull();
    expect(within(anonymised).queryByRole('link', { name: /^Chiama|^Scrivi/ })).toBeNull();
  });
});

describe('the phone booking finds the guest as staff type', () => {
  it('3 characters of the name: the suggestions; the arrows and Enter pick one, which fills the form and shows the warning', async () => {
    routes['POST /api/reservations/staff'] = (init) =>
      Response.json(booking({ ...JSON.parse(String(init?.body)), id: 10, source: 'staff' }), {
        status: 201,
      });
    const form = await openForm();
    const name = within(form).getByRole('combobox', { name: 'Nome' });
    fireEvent.change(name, { target: { value: 'Ma' } });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(name, { target: { value: 'Mar' } });
    const list = await within(form).findByRole('listbox', { name: 'Ospiti già noti' });
    expect(name.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(form).getByText('2 ospiti trovati: frecce su e giù per sceglierne uno.'),
    ).toBeTruthy();
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Mario Rossi+39 333 555 0177 · mario@example.test⚠ 3 volte non si è presentato',
      'Marina Blu333 555 0188',
    ]);
    expect(calls('GET /api/guests?q=Ma')).toHaveLength(0);

    fireEvent.keyDown(name, { key: 'ArrowDown' });
    fireEvent.keyDown(name, { key: 'ArrowDown' });
    fireEvent.keyDown(name, { key: 'ArrowDown' });
    expect(name.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(name, { key: 'Enter' });

    expect((name as HTMLInputElement).value).toBe('Mario Rossi');
    expect((within(form).getByLabelText('Telefono') as HTMLInputElement).value).toBe(
      '+39 333 555 0177',
    );
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe(
      'mario@example.test',
    );
    expect(within(form).queryByRole('listbox')).toBeNull();
    // The language comes with the record.
    await waitFor(() =>
      expect((within(form).getByLabelText('Lingua del cliente') as HTMLSelectElement).value).toBe(
        'de',
      ),
    );
    const notice = within(form).getByRole('group', { name: 'Ospite: Mario Rossi' });
    expect(within(form).getByText('Ospite già noto: Mario Rossi')).toBeTruthy();
    expect(notice.textContent).toContain('3 volte non si è presentato');
    expect(notice.textContent).toContain('Allergico ai crostacei');

    // Enter picked the guest and did not send the form; saving sends what was filled.
    expect(calls('POST /api/reservations/staff')).toHaveLength(0);
    await within(form).findByRole('option', { name: /^20:30/ });
    fireEvent.change(within(form).getByLabelText('Ora'), { target: { value: '20:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));
    await waitFor(() =>
      expect(bodies('POST /api/reservations/staff')).toEqual([
        {
          name: 'Mario Rossi',
          phone: '+39 333 555 0177',
          email: 'mario@example.test',
          party: 2,
          date: TODAY,
          time: '20:30',
          lang: 'de',
        },
      ]),
    );
  });

  it('by phone: its digits are asked, however typed; a tap picks; "Non è questo ospite" takes the notice away', async () => {
    routes['GET /api/guests?q=3335550'] = () => Response.json([MARINA]);
    const form = await openForm();
    const phone = within(form).getByRole('combobox', { name: 'Telefono' });
    fireEvent.change(phone, { target: { value: '33' } });
    fireEvent.change(phone, { target: { value: '333 555 0' } });
    const option = await within(form).findByRole('option', { name: /Marina Blu/ });
    expect(
      within(form).getByText('1 ospite trovato: frecce su e giù per sceglierlo.'),
    ).toBeTruthy();
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    expect((within(form).getByLabelText('Nome') as HTMLInputElement).value).toBe('Marina Blu');
    expect((phone as HTMLInputElement).value).toBe('333 555 0188');
    expect(within(form).getByRole('group', { name: 'Ospite: Marina Blu' }).textContent).toBe(
      '3 visite',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Non è questo ospite' }));
    expect(within(form).queryByRole('group', { name: /^Ospite/ })).toBeNull();
    expect(calls('GET /api/guests?q=33')).toHaveLength(0);
  });

  it('the latest question wins: typing on aborts the one before; Escape closes the list', async () => {
    let first: AbortSignal | undefined;
    routes['GET /api/guests?q=Mar'] = (init) =>
      new Promise((_, reject) => {
        first = init?.signal ?? undefined;
        first?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    routes['GET /api/guests?q=Mari'] = () => Response.json([MARINA]);
    const form = await openForm();
    const name = within(form).getByRole('combobox', { name: 'Nome' });
    fireEvent.change(name, { target: { value: 'Mar' } });
    await waitFor(() => expect(calls('GET /api/guests?q=Mar')).toHaveLength(1));
    fireEvent.change(name, { target: { value: 'Mari' } });
    expect(first?.aborted).toBe(true);
    const list = await within(form).findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.firstChild?.textContent),
    ).toEqual(['Marina Blu']);
    fireEvent.keyDown(name, { key: 'Escape' });
    expect(within(form).queryByRole('listbox')).toBeNull();
    // Still open: Escape closed only the list.
    expect(screen.getByRole('region', { name: 'Prenotazione al telefono' })).toBeTruthy();
  });

  it('the lookup failing leaves the form as it is', async () => {
    routes['GET /api/guests?q=Mar'] = () => Response.json({ message: 'x' }, { status: 500 });
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Nome'), { target: { value: 'Mar' } });
    await waitFor(() => expect(calls('GET /api/guests?q=Mar')).toHaveLength(1));
    expect(within(form).queryByRole('listbox')).toBeNull();
    expect(toasts).toEqual([]);
  });
});
