// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestData } from '../../../shared/schemas/guest-data.ts';
import type {
  OccupancyAnswer,
  Reservation,
  ReservationSettingsAnswer,
} from '../../../shared/schemas/reservations.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as reservationsRoute from '../../routes/staff/reservations.tsx';
import {
  renderStaffRoutes,
  routeModule,
  startSession,
  fakeServer,
  type FakeRoute,
} from '../../staff/test-utils.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};
const TODAY = '2026-06-10';

const booking = (overrides: Partial<Reservation>): Reservation => ({
  id: 1,
  name: 'Marco Neri',
  email: 'marco@example.test',
  phone: '+39 333 555 0101',
  party: 2,
  date: TODAY,
  time: '13:00',
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

let days: Record<string, Reservation[]>;
let occupancy: OccupancyAnswer;
let settings: ReservationSettingsAnswer;
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);
const refusal = (status: number, code: string, description: string) =>
  Response.json({ errors: [{ code, description }] }, { status });

/** PATCH /api/reservations/{id}: the status as sent, the message kept with a decline. */
function patchRoute(id: number): FakeRoute {
  return (init) => {
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const { status, message } = JSON.parse(String(init?.body)) as {
      status: Reservation['status'];
      message?: string;
    };
    let changed: Reservation | undefined;
    days[TODAY] = days[TODAY]!.map((item) =>
      item.id === id ? (changed = { ...item, status, staffMessage: message ?? null }) : item,
    );
    return Response.json(changed);
  };
}

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  // Wednesday 10 June 2026, 10:00 in Rome.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T08:00:00Z') });
  days = {
    [TODAY]: [
      booking({ id: 1 }),
      booking({
        id: 2,
        name: 'Hans Müller',
        email: 'hans@example.test',
        party: 4,
        time: '20:30',
        status: 'pending',
        lang: 'de',
      }),
      booking({
        id: 3,
        name: 'Giulia Bianchi',
        email: 'giulia@example.test',
        phone: '333 555 0103',
        party: 6,
        time: '19:30',
        status: 'pending',
        notes: 'Un seggiolone, per favore',
      }),
      booking({ id: 4, name: 'Sara Verdi', time: '20:00', status: 'cancelled' }),
      booking({
        id: 5,
        name: 'Luca Russo',
        email: '',
        party: 3,
        time: '21:00',
        source: 'staff',
        overCapacity: true,
      }),
    ],
    '2026-06-11': [booking({ id: 9, name: 'Rosa Greco', date: '2026-06-11', time: '20:00' })],
  };
  occupancy = {
    date: TODAY,
    capacity: 40,
    turnMinutes: 120,
    slots: [
      { time: '19:30', covers: 30, held: 0 },
      { time: '20:30', covers: 40, held: 0 },
      { time: '21:00', covers: 13, held: 0 },
    ],
    events: [],
  };
  settings = {
    coversPerSlot: 40,
    turnMinutes: 120,
    minNoticeMinutes: 120,
    horizonDays: 60,
    maxPartyOnline: 8,
    autoConfirmMaxParty: null,
    turnByParty: [],
    areaChoice: false,
    reviews: { enabled: false, url: '' },
    retentionMonths: 24,
    calendarFeedUrl: 'https://latonnara.example/api/reservations/calendar.ics?key=old',
  };
  const day = (date: string) => () => Response.json(days[date] ?? []);
  // 11 June opens for lunch and dinner; the other days are closed.
  const occupancyOf = (date: string) => () =>
    Response.json(
      date === TODAY
        ? occupancy
        : date === '2026-06-11'
          ? {
              ...occupancy,
              date,
              slots: [13, 20].map((hour) => ({ time: `${hour}:15`, covers: 2, held: 0 })),
            }
          : { ...occupancy, date, slots: [] },
    );
  routes = {
    'GET /api/reservations/settings': () => Response.json(settings),
    'PATCH /api/reservations/2': patchRoute(2),
    'PATCH /api/reservations/3': patchRoute(3),
  };
  for (const date of [
    TODAY,
    '2026-06-09',
    '2026-06-11',
    '2026-06-12',
    '2026-12-05',
    '2026-12-06',
  ]) {
    routes[`GET /api/reservations?date=${date}`] = day(date);
    routes[`GET /api/reservations/occupancy?date=${date}`] = occupancyOf(date);
  }
});
afterEach(() => {
  vi.useRealTimers();
});

function renderReservations(url = '/dashboard/reservations') {
  renderStaffRoutes(url, [routeModule(reservationsRoute, { path: '/dashboard/reservations' })]);
}
const list = (name: string) => screen.findByRole('list', { name });
const names = async (name: string) =>
  within(await list(name))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.booking__name')?.textContent);
async function card(name: string): Promise<HTMLElement> {
  await list('Prenotazioni del giorno');
  const item = screen
    .getAllByRole('listitem')
    .find((candidate) => candidate.querySelector('.booking__name')?.textContent === name);
  if (!item) throw new Error(`no booking of ${name}`);
  return item;
}

describe('the day', () => {
  it('today in Rome by default: those to confirm first, then the others by time', async () => {
    renderReservations();
    expect(await names('Da confermare')).toEqual(['Giulia Bianchi', 'Hans Müller']);
    expect(await names('Prenotazioni del giorno')).toEqual([
      'Marco Neri',
      'Sara Verdi',
      'Luca Russo',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Prenotazioni');
    expect(
      screen.getByRole('heading', { level: 2, name: /^mercoledì 10 giugno 2026/ }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Da confermare 2' })).toBeTruthy();
    // Seats held: the cancelled booking counts for nothing.
    expect(screen.getByText('4 prenotazioni · 15 coperti')).toBeTruthy();
    expect(calls(`GET /api/reservations?date=${TODAY}`)).not.toHaveLength(0);
  });

  it('each booking: time, name, party, status in Italian, phone to call, notes, source', async () => {
    renderReservations();
    const giulia = await card('Giulia Bianchi');
    expect(within(giulia).getByText('19:30')).toBeTruthy();
    expect(within(giulia).getByText('6 persone')).toBeTruthy();
    expect(within(giulia).getByText('In attesa')).toBeTruthy();
    expect(within(giulia).getByText('Un seggiolone, per favore')).toBeTruthy();
    expect(
      within(giulia)
        .getByRole('link', { name: 'Chiama Giulia Bianchi: 333 555 0103' })
        .getAttribute('href'),
    ).toBe('tel:3335550103');
    expect(within(giulia).getByRole('link', { name: 'giulia@example.test' })).toBeTruthy();
    expect(within(giulia).getByText(/^Online,/).textContent).toBe('Online, 1 giu 2026, 12:00');
    expect(within(await card('Hans Müller')).getByText('Tedesco')).toBeTruthy();

    const luca = await card('Luca Russo');
    expect(within(luca).getByText('Confermata')).toBeTruthy();
    expect(within(luca).getByText(/^Al telefono,/)).toBeTruthy();
    expect(within(luca).getByText('Oltre la capienza')).toBeTruthy();
    expect(within(luca).getByText('nessuna')).toBeTruthy();

    const sara = await card('Sara Verdi');
    expect(within(sara).getByText('Annullata')).toBeTruthy();
    expect(sara.className).toContain('booking--done');
    expect(luca.className).not.toContain('booking--done');
    // Nothing left to do with a cancelled booking.
    expect(within(sara).queryByRole('button')).toBeNull();
    expect(
      within(luca)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Non presentato', 'Annulla']);
    expect(
      within(giulia)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Conferma',
      'Rifiuta',
      'Rifiuta tutte le richieste in attesa di questo ospite',
      'Annulla',
    ]);
  });

  it('covers per slot against the capacity, the full ones said first', async () => {
    renderReservations();
    await list('Da confermare');
    expect(screen.getByText('Coperti per fascia').closest('summary')?.textContent).toBe(
      'Coperti per fascia: pieno alle 20:30',
    );
    const slots = within(screen.getByRole('list', { name: 'Coperti in ogni fascia' }))
      .getAllByRole('listitem')
      .map((slot) => slot.textContent);
    expect(slots).toEqual(['19:30 · 30/40', '20:30 · 40/40pieno', '21:00 · 13/40']);
  });

  it('the day’s confirmed events, and the covers they hold apart from the seated ones', async () => {
    occupancy = {
      ...occupancy,
      slots: [
        { time: '19:30', covers: 10, held: 30 },
        { time: '20:30', covers: 4, held: 30 },
      ],
      events: [
        {
          id: 7,
          kind: 'wedding',
          service: 'dinner',
          name: 'Rosa Greco',
          guests: 60,
          holdCovers: 30,
        },
        {
          id: 8,
          kind: 'baptism',
          service: 'lunch',
          name: 'Hans Müller',
          guests: 35,
          holdCovers: 'all',
        },
      ],
    };
    renderReservations();
    const events = await screen.findByRole('list', { name: 'Eventi del giorno' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Matrimonio · cena · 60 persone · 30 coperti tenuti Rosa Greco',
      'Battesimo · pranzo · 35 persone · tutto il locale Hans Müller',
    ]);
    expect(
      within(events)
        .getByRole('link', { name: 'Matrimonio · cena · 60 persone · 30 coperti tenuti' })
        .getAttribute('href'),
    ).toBe('/dashboard/events?richiesta=7');
    const slots = within(screen.getByRole('list', { name: 'Coperti in ogni fascia' }))
      .getAllByRole('listitem')
      .map((slot) => slot.textContent);
    expect(slots).toEqual(['19:30 · 10 + 30 tenuti/40pieno', '20:30 · 4 + 30 tenuti/40']);
    expect(screen.getByText('Coperti per fascia').closest('summary')?.textContent).toBe(
      'Coperti per fascia: pieno alle 19:30',
    );
  });

  it('the day in the address; the day after and the date picker load theirs', async () => {
    renderReservations('/dashboard/reservations?data=2026-12-05');
    expect(await screen.findByRole('heading', { name: 'sabato 5 dicembre 2026' })).toBeTruthy();
    expect(await screen.findByText('Nessuna prenotazione in questo giorno.')).toBeTruthy();
    expect(calls(`GET /api/reservations?date=${TODAY}`)).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Giorno dopo: domenica 6 dicembre' }));
    expect(await screen.findByRole('heading', { name: 'domenica 6 dicembre 2026' })).toBeTruthy();
    await waitFor(() => expect(calls('GET /api/reservations?date=2026-12-06')).not.toEqual([]));

    fireEvent.click(screen.getByRole('link', { name: 'Oggi' }));
    expect(await names('Da confermare')).toEqual(['Giulia Bianchi', 'Hans Müller']);
    expect(screen.queryByRole('link', { name: 'Oggi' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Giorno'), { target: { value: '2026-06-11' } });
    expect(await screen.findByRole('heading', { name: /^giovedì 11 giugno 2026/ })).toBeTruthy();
    expect(await names('Prenotazioni del giorno')).toEqual(['Rosa Greco']);
  });

  it('nonsense in the address is today', async () => {
    renderReservations('/dashboard/reservations?data=2026-02-30');
    expect(await names('Da confermare')).toEqual(['Giulia Bianchi', 'Hans Müller']);
  });

  it('no answer: "Impossibile caricare le prenotazioni."; "Riprova" asks again', async () => {
    const day = routes[`GET /api/reservations?date=${TODAY}`]!;
    routes[`GET /api/reservations?date=${TODAY}`] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderReservations();
    expect(await screen.findByText('Impossibile caricare le prenotazioni.')).toBeTruthy();
    // The failure is reported from an effect, which may run after the text shows.
    await waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
    routes[`GET /api/reservations?date=${TODAY}`] = day;
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await names('Da confermare')).toEqual(['Giulia Bianchi', 'Hans Müller']);
  });
});

describe('answering a booking', () => {
  it('Conferma: asked first, then sent; the booking moves among the confirmed', async () => {
    renderReservations();
    const giulia = await card('Giulia Bianchi');
    fireEvent.click(within(giulia).getByRole('button', { name: 'Conferma' }));
    expect(bodies('PATCH /api/reservations/3')).toEqual([]);
    const question = within(giulia).getByRole('group', {
      name: 'Confermare la prenotazione di Giulia Bianchi (6 persone, 19:30)? Il cliente riceve la conferma per email.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Sì, conferma' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Prenotazione di Giulia Bianchi confermata.']),
    );
    expect(bodies('PATCH /api/reservations/3')).toEqual([{ status: 'confirmed' }]);
    await waitFor(async () => expect(await names('Da confermare')).toEqual(['Hans Müller']));
    expect(await names('Prenotazioni del giorno')).toEqual([
      'Marco Neri',
      'Giulia Bianchi',
      'Sara Verdi',
      'Luca Russo',
    ]);
    expect(within(await card('Giulia Bianchi')).getByText('Confermata')).toBeTruthy();
  });

  it('"Indietro" leaves the booking as it was', async () => {
    renderReservations();
    const hans = await card('Hans Müller');
    fireEvent.click(within(hans).getByRole('button', { name: 'Annulla' }));
    fireEvent.click(within(hans).getByRole('button', { name: 'Indietro' }));
    expect(within(hans).getByRole('button', { name: 'Annulla' })).toBeTruthy();
    expect(calls('PATCH /api/reservations/2')).toEqual([]);
  });

  it('Rifiuta with a message to the guest: the message goes with it', async () => {
    renderReservations();
    const hans = await card('Hans Müller');
    fireEvent.click(within(hans).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.change(within(hans).getByLabelText('Messaggio al cliente (facoltativo)'), {
      target: { value: '  Leider sind wir ausgebucht, um 22 Uhr ist noch Platz.  ' },
    });
    fireEvent.click(within(hans).getByRole('button', { name: 'Sì, rifiuta' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Prenotazione di Hans Müller rifiutata.']),
    );
    expect(bodies('PATCH /api/reservations/2')).toEqual([
      { status: 'declined', message: 'Leider sind wir ausgebucht, um 22 Uhr ist noch Platz.' },
    ]);
    await waitFor(async () =>
      expect(within(await card('Hans Müller')).getByText('Rifiutata')).toBeTruthy(),
    );
    const declined = await card('Hans Müller');
    expect(
      within(declined).getByText('Leider sind wir ausgebucht, um 22 Uhr ist noch Platz.'),
    ).toBeTruthy();
    expect(declined.className).toContain('booking--done');
  });

  it('Rifiuta tutte le richieste in attesa di questo ospite: by e-mail, phone or address, how many first, then a toast', async () => {
    const counts: Record<string, number> = {
      'email=hans%40example.test': 3,
      'phone=%2B39%20333%20555%200101': 1,
      'addressOf=2': 5,
    };
    for (const [query, pending] of Object.entries(counts)) {
      routes[`GET /api/reservations/decline-pending?${query}`] = () => Response.json({ pending });
    }
    routes['POST /api/reservations/decline-pending'] = (init) => {
      const sent = JSON.parse(String(init?.body)) as { email?: string };
      days[TODAY] = days[TODAY]!.map((item) =>
        item.email === sent.email && item.status === 'pending'
          ? { ...item, status: 'declined' as const }
          : item,
      );
      return Response.json({ declined: 3 });
    };
    renderReservations();
    const hans = await card('Hans Müller');
    fireEvent.click(
      within(hans).getByRole('button', {
        name: 'Rifiuta tutte le richieste in attesa di questo ospite',
      }),
    );
    const asked = within(hans).getByRole('group', {
      name: 'Rifiuta tutte le richieste in attesa di questo ospite',
    });
    expect(
      within(asked).getByRole('radio', { name: 'Con l’email hans@example.test' }),
    ).toHaveProperty('checked', true);
    expect(
      await within(asked).findByText(
        'Rifiutare 3 richieste in attesa? Ogni ospite riceve una sola email con l’elenco.',
      ),
    ).toBeTruthy();
    fireEvent.click(
      within(asked).getByRole('radio', { name: 'Dalla stessa connessione internet' }),
    );
    expect(await within(asked).findByText(/^Rifiutare 5 richieste in attesa\?/)).toBeTruthy();
    fireEvent.click(within(asked).getByRole('radio', { name: 'Con il telefono +39 333 555 0101' }));
    expect(await within(asked).findByText(/^Rifiutare 1 richiesta in attesa\?/)).toBeTruthy();
    expect(within(asked).getByRole('button', { name: 'Sì, rifiuta la richiesta' })).toBeTruthy();
    fireEvent.click(within(asked).getByRole('radio', { name: 'Con l’email hans@example.test' }));
    fireEvent.change(await within(asked).findByLabelText('Messaggio al cliente (facoltativo)'), {
      target: { value: ' Troppe richieste. ' },
    });
    expect(calls('POST /api/reservations/decline-pending')).toEqual([]);
    fireEvent.click(await within(asked).findByRole('button', { name: 'Sì, rifiuta tutte e 3' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', '3 richieste rifiutate.']));
    expect(bodies('POST /api/reservations/decline-pending')).toEqual([
      { email: 'hans@example.test', message: 'Troppe richieste.' },
    ]);
    await waitFor(async () =>
      expect(within(await card('Hans Müller')).getByText('Rifiutata')).toBeTruthy(),
    );
  });

  it('Rifiuta tutte: a booking taken by phone offers no address; none pending, nothing to press', async () => {
    days[TODAY]!.push(
      booking({
        id: 6,
        name: 'Nino Costa',
        email: '',
        status: 'pending',
        source: 'staff',
        time: '21:30',
      }),
    );
    routes['GET /api/reservations/decline-pending?phone=%2B39%20333%20555%200101'] = () =>
      Response.json({ pending: 0 });
    renderReservations();
    const nino = await card('Nino Costa');
    fireEvent.click(
      within(nino).getByRole('button', {
        name: 'Rifiuta tutte le richieste in attesa di questo ospite',
      }),
    );
    expect(await within(nino).findByText('Nessuna richiesta in attesa da rifiutare.')).toBeTruthy();
    expect(
      within(nino)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual([' Con il telefono +39 333 555 0101']);
    expect(within(nino).queryByRole('button', { name: /^Sì, rifiuta/ })).toBeNull();
    fireEvent.click(within(nino).getByRole('button', { name: 'Indietro' }));
    expect(calls('POST /api/reservations/decline-pending')).toEqual([]);
  });

  it('Rifiuta without a message sends none', async () => {
    renderReservations();
    const giulia = await card('Giulia Bianchi');
    fireEvent.click(within(giulia).getByRole('button', { name: 'Rifiuta' }));
    fireEvent.click(within(giulia).getByRole('button', { name: 'Sì, rifiuta' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/reservations/3')).toEqual([{ status: 'declined' }]),
    );
  });

  it('Non presentato, on a confirmed booking', async () => {
    routes['PATCH /api/reservations/1'] = patchRoute(1);
    renderReservations();
    const marco = await card('Marco Neri');
    fireEvent.click(within(marco).getByRole('button', { name: 'Non presentato' }));
    expect(
      within(marco).getByText('Segnare Marco Neri (2 persone, 13:00) come non presentato?'),
    ).toBeTruthy();
    fireEvent.click(within(marco).getByRole('button', { name: 'Sì, non è venuto' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Marco Neri segnato come non presentato.']),
    );
    expect(bodies('PATCH /api/reservations/1')).toEqual([{ status: 'no-show' }]);
    expect(within(await card('Marco Neri')).getByText('Non presentato')).toBeTruthy();
  });

  it('the evening’s steps: a booking with tables shows their names and one tap for arrived, seated, finished', async () => {
    days[TODAY] = [
      booking({ id: 1, tableIds: [11, 12] }),
      booking({ id: 2, name: 'Hans Müller', time: '20:30', status: 'seated', tableIds: [13] }),
    ];
    routes['GET /api/reservations/plan?date=2026-06-10'] = () =>
      Response.json({
        date: TODAY,
        areas: [{ id: 1, name: 'Sala', onlineBookable: true }],
        tables: [11, 12, 13].map((id) => ({
          id,
          name: `T${id}`,
          areaId: 1,
          minSeats: 2,
          maxSeats: 4,
          onlineBookable: true,
          priority: 0,
          shape: 'square',
          x: 0,
          y: 0,
          w: 10,
          h: 10,
        })),
        combinations: [],
        bookings: [],
        unassigned: [],
        holds: [],
      });
    routes['PATCH /api/reservations/1'] = patchRoute(1);
    renderReservations();
    const marco = await card('Marco Neri');
    await waitFor(() => expect(within(marco).getByText('T11 + T12')).toBeTruthy());
    expect(within(await card('Hans Müller')).getByText('Al tavolo')).toBeTruthy();
    expect(
      within(await card('Hans Müller'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hanno finito']);
    expect(
      within(marco)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Arrivati', 'Al tavolo', 'Non presentato', 'Annulla']);
    fireEvent.click(within(marco).getByRole('button', { name: 'Al tavolo' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Marco Neri: al tavolo.']));
    expect(bodies('PATCH /api/reservations/1')).toEqual([{ status: 'seated' }]);
  });

  it('changed meanwhile (409 invalid-transition): said in Italian, and the day shown as it is now', async () => {
    routes['PATCH /api/reservations/3'] = () => {
      // The guest cancelled from the link in the mail a moment ago.
      days[TODAY] = days[TODAY]!.map((item) =>
        item.id === 3 ? { ...item, status: 'cancelled' } : item,
      );
      return refusal(409, 'invalid-transition', 'La prenotazione è già annullata.');
    };
    renderReservations();
    const giulia = await card('Giulia Bianchi');
    fireEvent.click(within(giulia).getByRole('button', { name: 'Conferma' }));
    fireEvent.click(within(giulia).getByRole('button', { name: 'Sì, conferma' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        [
          'warning',
          'La prenotazione di Giulia Bianchi è cambiata nel frattempo (un collega o il cliente stesso): ecco com’è adesso.',
        ],
      ]),
    );
    await waitFor(async () => expect(await names('Da confermare')).toEqual(['Hans Müller']));
    expect(within(await card('Giulia Bianchi')).getByText('Annullata')).toBeTruthy();
  });

  it('another failure goes through the generic handler, the booking unchanged', async () => {
    routes['PATCH /api/reservations/3'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderReservations();
    const giulia = await card('Giulia Bianchi');
    fireEvent.click(within(giulia).getByRole('button', { name: 'Conferma' }));
    fireEvent.click(within(giulia).getByRole('button', { name: 'Sì, conferma' }));
    await waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
    expect(await names('Da confermare')).toEqual(['Giulia Bianchi', 'Hans Müller']);
  });
});

describe('a booking taken by phone', () => {
  async function openForm() {
    renderReservations();
    await list('Da confermare');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi prenotazione' }));
    return screen.getByRole('region', { name: 'Prenotazione al telefono' });
  }
  const fill = (form: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label, { exact: false }), { target: { value } });
  /** Picks a time once the day's slots are in. */
  async function pickTime(form: HTMLElement, time: string) {
    await within(form).findByRole('option', { name: new RegExp(`^${time}`) });
    fill(form, 'Ora', time);
    expect((within(form).getByLabelText('Ora') as HTMLSelectElement).value).toBe(time);
  }

  it('over the capacity: the server’s warning, then "Aggiungi comunque" books it anyway', async () => {
    const created: Reservation[] = [];
    routes['POST /api/reservations/staff'] = (init) => {
      const body = JSON.parse(String(init?.body)) as Reservation & { override?: boolean };
      if (!body.override) {
        return refusal(
          409,
          'slot-full',
          'Alle 20:30 restano 0 coperti su 40: la prenotazione è per 4.',
        );
      }
      const added = booking({
        ...body,
        id: 10,
        status: 'confirmed',
        source: 'staff',
        overCapacity: true,
      });
      created.push(added);
      days[TODAY] = [...days[TODAY]!, added];
      return Response.json(added, { status: 201 });
    };
    const form = await openForm();
    expect(document.activeElement).toBe(within(form).getByLabelText('Nome'));
    fill(form, 'Nome', 'Paolo Conti');
    fill(form, 'Telefono', '+39 320 111 2233');
    fill(form, 'Persone', '4');
    await pickTime(form, '20:30');
    expect(within(form).getByText('Alle 20:30 sono già prenotati 40 coperti su 40.')).toBeTruthy();
    fill(form, 'Note', 'Compleanno');
    fill(form, 'Lingua del cliente', 'en');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));

    const warning = await within(form).findByRole('alert');
    expect(warning.textContent).toContain('Non c’è più posto a quell’ora');
    expect(warning.textContent).toContain(
      'Alle 20:30 restano 0 coperti su 40: la prenotazione è per 4.',
    );
    expect(bodies('POST /api/reservations/staff')).toEqual([
      {
        name: 'Paolo Conti',
        email: '',
        phone: '+39 320 111 2233',
        party: 4,
        date: TODAY,
        time: '20:30',
        notes: 'Compleanno',
        lang: 'en',
      },
    ]);
    fireEvent.click(within(warning).getByRole('button', { name: 'Aggiungi comunque' }));
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'success',
        'Prenotazione di Paolo Conti aggiunta: 4 persone, mercoledì 10 giugno alle 20:30.',
      ]),
    );
    expect(bodies('POST /api/reservations/staff')[1]).toEqual({
      ...bodies('POST /api/reservations/staff')[0],
      override: true,
    });
    expect(screen.queryByRole('region', { name: 'Prenotazione al telefono' })).toBeNull();
    await waitFor(async () =>
      expect(await names('Prenotazioni del giorno')).toContain('Paolo Conti'),
    );
    expect(created).toHaveLength(1);
  });

  it('changing the time after the warning takes the warning away', async () => {
    routes['POST /api/reservations/staff'] = () =>
      refusal(409, 'slot-full', 'Alle 20:30 non c’è posto.');
    const form = await openForm();
    fill(form, 'Nome', 'Paolo Conti');
    fill(form, 'Telefono', '320 111 2233');
    await pickTime(form, '20:30');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('non c’è posto');
    await pickTime(form, '21:00');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('a closed time cannot be booked anyway', async () => {
    routes['POST /api/reservations/staff'] = () =>
      refusal(409, 'not-a-slot', "A quest'ora non si prenota: il ristorante è chiuso.");
    const form = await openForm();
    fill(form, 'Nome', 'Paolo Conti');
    fill(form, 'Telefono', '320 111 2233');
    await pickTime(form, '21:00');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));
    const warning = await within(form).findByRole('alert');
    expect(warning.textContent).toContain("A quest'ora non si prenota: il ristorante è chiuso.");
    expect(within(warning).queryByRole('button')).toBeNull();
  });

  it('what is missing is listed in Italian before anything is sent', async () => {
    const form = await openForm();
    fill(form, 'Telefono', '12');
    fill(form, 'Email', 'non-una-email');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));
    const problems = within(await within(form).findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      'Nome: scrivi il nome del cliente, su una riga.',
      'Telefono: un numero da 6 a 20 cifre (spazi, + e trattini vanno bene).',
      'Email: un indirizzo valido, oppure lasciala vuota.',
      'Ora: scegli l’ora.',
    ]);
    expect(calls('POST /api/reservations/staff')).toEqual([]);
  });

  it('for another day: that day is shown once it is booked', async () => {
    routes['POST /api/reservations/staff'] = (init) => {
      const added = booking({ ...JSON.parse(String(init?.body)), id: 11, source: 'staff' });
      days[added.date] = [...(days[added.date] ?? []), added];
      return Response.json(added, { status: 201 });
    };
    const form = await openForm();
    fill(form, 'Nome', 'Paolo Conti');
    fill(form, 'Telefono', '320 111 2233');
    fill(form, 'Data', '2026-06-11');
    await pickTime(form, '13:15');
    fireEvent.click(within(form).getByRole('button', { name: 'Salva prenotazione' }));
    expect(await screen.findByRole('heading', { name: /^giovedì 11 giugno 2026/ })).toBeTruthy();
    await waitFor(async () =>
      expect(await names('Prenotazioni del giorno')).toEqual(['Paolo Conti', 'Rosa Greco']),
    );
  });

  it('the times count the covers an event holds as taken', async () => {
    occupancy = {
      ...occupancy,
      slots: [
        { time: '19:30', covers: 10, held: 30 },
        { time: '20:30', covers: 4, held: 30 },
      ],
    };
    const form = await openForm();
    await within(form).findByRole('option', { name: '19:30 · 40/40 · pieno' });
    expect(within(form).getByRole('option', { name: '20:30 · 34/40' })).toBeTruthy();
    await pickTime(form, '20:30');
    expect(
      within(form).getByText(
        'Alle 20:30 sono già presi 34 coperti su 40, di cui 30 tenuti per un evento.',
      ),
    ).toBeTruthy();
  });

  it('the times are the day’s slots with their covers; a closed day has none', async () => {
    const form = await openForm();
    await within(form).findByRole('option', { name: '19:30 · 30/40' });
    expect(
      within(within(form).getByLabelText('Ora'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Scegli l’ora', '19:30 · 30/40', '20:30 · 40/40 · pieno', '21:00 · 13/40']);
    await pickTime(form, '21:00');
    expect(within(form).getByText('Alle 21:00 sono già prenotati 13 coperti su 40.')).toBeTruthy();
    // Another day: its own times, the time chosen again.
    fill(form, 'Data', '2026-06-11');
    await within(form).findByRole('option', { name: '13:15 · 2/40' });
    expect((within(form).getByLabelText('Ora') as HTMLSelectElement).value).toBe('');
    fill(form, 'Data', '2026-06-12');
    const time = (await within(form).findByRole('combobox', { name: 'Ora' })) as HTMLSelectElement;
    await waitFor(() => expect(time.disabled).toBe(true));
    expect(
      within(form).getByText('In questa data il locale è chiuso: scegli un altro giorno.'),
    ).toBeTruthy();
    expect(
      within(time)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Chiuso in questa data']);
  });

  it('the day’s times not loaded: every quarter of an hour, and the server decides', async () => {
    routes['GET /api/reservations/occupancy?date=2026-06-11'] = () => {
      throw new TypeError('Failed to fetch');
    };
    const form = await openForm();
    fill(form, 'Data', '2026-06-11');
    expect(
      await within(form).findByText(
        'Impossibile caricare gli orari di questo giorno: eccoli tutti, ogni 15 minuti.',
      ),
    ).toBeTruthy();
    const options = within(within(form).getByLabelText('Ora')).getAllByRole('option');
    expect(options).toHaveLength(1 + 96);
    expect(options[1]!.textContent).toBe('00:00');
    expect(options.at(-1)!.textContent).toBe('23:45');
  });

  it('"Chiudi" puts the button back, with the focus', async () => {
    const form = await openForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Chiudi' }));
    const button = screen.getByRole('button', { name: 'Aggiungi prenotazione' });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });
});

describe('settings (owner) and who sees them', () => {
  beforeEach(() => startSession({ ...ANNA, role: 'owner' }));

  it('staff do not see them, and the server is not asked', async () => {
    startSession(ANNA);
    renderReservations();
    await list('Da confermare');
    expect(screen.queryByRole('heading', { name: 'Impostazioni delle prenotazioni' })).toBeNull();
    expect(
      screen.getByText(/Solo il titolare cambia le impostazioni delle prenotazioni\./),
    ).toBeTruthy();
    expect(calls('GET /api/reservations/settings')).toEqual([]);
    // Guest data requests are every colleague's.
    expect(screen.getByRole('heading', { name: 'Dati di un cliente' })).toBeTruthy();
  });

  it('the owner sees the seven settings with their defaults', async () => {
    renderReservations();
    const covers = (await screen.findByLabelText('Coperti per fascia')) as HTMLInputElement;
    expect(covers.value).toBe('40');
    expect(screen.queryByText(/Solo il titolare/)).toBeNull();
    expect(screen.getByText(/Predefinito: 40\./)).toBeTruthy();
    for (const [label, value] of [
      ['Durata di un turno (minuti)', '120'],
      ['Preavviso minimo (minuti)', '120'],
      ['Prenotabile fino a (giorni)', '60'],
      ['Persone al massimo online', '8'],
      ['Conservazione dei dati (mesi)', '24'],
    ]) {
      expect((screen.getByLabelText(label!) as HTMLInputElement).value).toBe(value);
    }
    const auto = screen.getByRole('switch', { name: 'Conferma automatica' }) as HTMLInputElement;
    expect(auto.checked).toBe(false);
    expect(screen.queryByLabelText('Conferma automatica fino a (persone)')).toBeNull();
  });

  it('checked with the server’s schema before sending: a turn of 100 minutes is refused', async () => {
    renderReservations();
    fireEvent.change(await screen.findByLabelText('Durata di un turno (minuti)'), {
      target: { value: '100' },
    });
    fireEvent.change(screen.getByLabelText('Coperti per fascia'), { target: { value: 'tanti' } });
    expect(screen.getByText('Modifiche non salvate.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    const problems = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual([
      'Coperti per fascia: un numero intero tra 1 e 1000.',
      'Durata di un turno (minuti): un multiplo di 15.',
    ]);
    expect(calls('PUT /api/reservations/settings')).toEqual([]);
  });

  it('automatic confirmation up to 4 people, and more covers: saved', async () => {
    routes['PUT /api/reservations/settings'] = (init) => {
      settings = { ...settings, ...JSON.parse(String(init?.body)) };
      return Response.json(settings);
    };
    renderReservations();
    fireEvent.change(await screen.findByLabelText('Coperti per fascia'), {
      target: { value: '48' },
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Conferma automatica' }));
    const upTo = screen.getByLabelText('Conferma automatica fino a (persone)') as HTMLInputElement;
    expect(upTo.value).toBe('4');
    fireEvent.change(upTo, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Impostazioni salvate: valgono da subito.']),
    );
    expect(bodies('PUT /api/reservations/settings')).toEqual([
      {
        coversPerSlot: 48,
        turnMinutes: 120,
        minNoticeMinutes: 120,
        horizonDays: 60,
        maxPartyOnline: 8,
        retentionMonths: 24,
        autoConfirmMaxParty: 6,
        turnByParty: [],
        areaChoice: false,
        reviews: { enabled: false, url: '' },
      },
    ]);
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate.')).toBeNull());
    expect(
      (screen.getByRole('switch', { name: 'Conferma automatica' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('turns by party size, the area choice and no pace: typed as rows, checked, then saved', async () => {
    routes['PUT /api/reservations/settings'] = (init) => {
      settings = { ...settings, ...JSON.parse(String(init?.body)) };
      return Response.json(settings);
    };
    renderReservations();
    const turns = await screen.findByRole('group', { name: 'Turno per numero di persone' });
    expect(within(turns).getByText(/Nessun turno per numero di persone/)).toBeTruthy();
    fireEvent.click(
      within(turns).getByRole('button', { name: 'Usa i turni per numero di persone' }),
    );
    // The defaults: up to 2 people 90 minutes, up to 4 120, more 150.
    expect((screen.getByLabelText('Turno 1: fino a (persone)') as HTMLInputElement).value).toBe(
      '2',
    );
    expect((screen.getByLabelText('Turno 2: minuti') as HTMLInputElement).value).toBe('120');
    expect(
      (screen.getByLabelText('Turno per i gruppi più grandi: minuti') as HTMLInputElement).value,
    ).toBe('150');
    fireEvent.click(within(turns).getByRole('button', { name: 'Aggiungi un turno' }));
    fireEvent.change(screen.getByLabelText('Turno 3: fino a (persone)'), {
      target: { value: '8' },
    });
    fireEvent.change(screen.getByLabelText('Turno 3: minuti'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Togli il turno 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'I clienti scelgono l’area' }));
    const covers = screen.getByLabelText('Coperti per fascia') as HTMLInputElement;
    expect(covers.placeholder).toBe('Nessun ritmo');
    fireEvent.change(covers, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    const problems = within(await screen.findByRole('alert'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(problems).toEqual(['Turno (minuti): un multiplo di 15.']);
    expect(calls('PUT /api/reservations/settings')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Turno 2: minuti'), { target: { value: '135' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Impostazioni salvate: valgono da subito.']),
    );
    expect(bodies('PUT /api/reservations/settings')[0]).toMatchObject({
      coversPerSlot: null,
      turnByParty: [
        { upTo: 4, minutes: 120 },
        { upTo: 8, minutes: 135 },
        { upTo: null, minutes: 150 },
      ],
      areaChoice: true,
    });
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate.')).toBeNull());
  });

  it('the server’s refusal is listed', async () => {
    routes['PUT /api/reservations/settings'] = () =>
      Response.json(
        { errors: { maxPartyOnline: ['Persone al massimo online: al massimo 200.'] } },
        { status: 400 },
      );
    renderReservations();
    fireEvent.click(await screen.findByRole('button', { name: 'Salva impostazioni' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Persone al massimo online: al massimo 200.',
    );
  });

  it('the calendar address: copied, and replaced after a warning that the old one stops', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routes['POST /api/reservations/settings/calendar-feed'] = () => {
      settings = { ...settings, calendarFeedUrl: settings.calendarFeedUrl.replace('old', 'new') };
      return Response.json(settings);
    };
    renderReservations();
    const url = (await screen.findByLabelText('Indirizzo del calendario')) as HTMLInputElement;
    expect(url.value).toBe('https://latonnara.example/api/reservations/calendar.ics?key=old');
    fireEvent.click(screen.getByRole('button', { name: 'Copia indirizzo' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Indirizzo copiato.']));
    expect(writeText).toHaveBeenCalledWith(url.value);

    fireEvent.click(screen.getByRole('button', { name: 'Genera un nuovo indirizzo' }));
    expect(calls('POST /api/reservations/settings/calendar-feed')).toEqual([]);
    const question = screen.getByRole('group', { name: /^Generare un nuovo indirizzo\?/ });
    expect(question.textContent).toContain('Quello di adesso smette subito di funzionare');
    fireEvent.click(within(question).getByRole('button', { name: 'Sì, genera' }));
    await waitFor(() =>
      expect(url.value).toBe('https://latonnara.example/api/reservations/calendar.ics?key=new'),
    );
    expect(toasts).toContainEqual([
      'success',
      'Nuovo indirizzo pronto: quello vecchio non funziona più.',
    ]);
    expect(calls('POST /api/reservations/settings/calendar-feed')).toHaveLength(1);
  });

  it('no clipboard: the address is selected for copying by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderReservations();
    const url = (await screen.findByLabelText('Indirizzo del calendario')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Copia indirizzo' }));
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'warning',
        'Copia non riuscita: tieni premuto sull’indirizzo e copialo a mano.',
      ]),
    );
    expect(url.selectionEnd).toBe(url.value.length);
  });
});

describe("one guest's data", () => {
  const GIULIA: GuestData = {
    email: 'giulia@example.test',
    exportedAt: '2026-06-10T08:00:00.000Z',
    reservations: [booking({ id: 3, name: 'Giulia Bianchi', email: 'giulia@example.test' })],
    contactMessages: [1, 2].map((id) => ({
      id,
      firstName: 'Giulia',
      lastName: 'Bianchi',
      email: 'giulia@example.test',
      message: 'Avete tavoli all’aperto?',
      lang: 'it',
      createdAt: '2026-05-01T10:00:00.000Z',
    })),
    takeawayOrders: [
      {
        id: 7,
        name: 'Giulia Bianchi',
        email: 'giulia@example.test',
        phone: '+39 333 123 4567',
        lang: 'it',
        pickup: { date: '2026-05-20', time: '19:30' },
        status: 'collected',
        notes: '',
        source: 'online',
        total: '18.00',
        createdAt: '2026-05-20T16:00:00.000Z',
        lines: [{ id: 4, name: 'Margherita', label: '', quantity: 2, amount: '9.00' }],
      },
    ],
    eventInquiries: [
      {
        id: 5,
        kind: 'baptism',
        date: '2026-09-12',
        altDate: null,
        service: 'lunch',
        adults: 30,
        children: 8,
        area: 'terrace',
        budgetPerPerson: '45.00',
        allergens: ['gluten'],
        dietaryNotes: '',
        notes: '',
        name: 'Giulia Bianchi',
        email: 'giulia@example.test',
        phone: '+39 333 123 4567',
        lang: 'it',
        status: 'new',
        createdAt: '2026-05-02T10:00:00.000Z',
        messages: [],
      },
    ],
    guests: [
      {
        name: 'Giulia Bianchi',
        email: 'giulia@example.test',
        phone: '+39 333 123 4567',
        lang: 'it',
        notes: 'Celiaca',
        tags: ['Abituale'],
        lastSeenOn: '2026-09-12',
        reviewAskedAt: null,
        reviewsStoppedAt: null,
        createdAt: '2026-05-01T10:00:00.000Z',
      },
    ],
  };
  const KEY = 'guest-data?email=giulia%40example.test';
  let blobs: Blob[];

  beforeEach(() => {
    blobs = [];
    routes[`GET /api/${KEY}`] = () => Response.json(GIULIA);
    routes[`DELETE /api/${KEY}`] = () =>
      Response.json({
        email: GIULIA.email,
        reservations: 1,
        takeawayOrders: 1,
        eventInquiries: 1,
        contactMessages: 2,
        mails: 3,
        guests: 1,
      });
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return `blob:guest-${blobs.length}`;
        },
        revokeObjectURL: () => {},
      }),
    );
  });

  async function search(email: string) {
    renderReservations();
    fireEvent.change(await screen.findByLabelText('Email o telefono del cliente'), {
      target: { value: email },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cerca' }));
  }

  it('found by e-mail: how much there is, and the JSON to download', async () => {
    await search('giulia@example.test');
    expect(
      await screen.findByText(
        'giulia@example.test: 1 prenotazione, 1 ordine da asporto, 1 richiesta di evento, 2 messaggi.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('mercoledì 10 giugno 2026, 13:00 · 2 persone · Confermata'),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Scarica i dati (JSON)' });
    expect(link.getAttribute('download')).toBe('dati-giulia@example.test-2026-06-10.json');
    expect(link.getAttribute('href')).toBe(`blob:guest-${blobs.length}`);
    const file = blobs.at(-1)!;
    expect(file.type).toBe('application/json');
    expect(JSON.parse(await file.text())).toEqual(GIULIA);
  });

  it('erased after a question that names the e-mail; the counts shown', async () => {
    await search('giulia@example.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancella i dati' }));
    expect(calls(`DELETE /api/${KEY}`)).toEqual([]);
    const question = screen.getByRole('group', {
      name: 'Cancellare per sempre tutti i dati di giulia@example.test? Prenotazioni, ordini da asporto, richieste di evento, messaggi ed email in coda spariscono e non si possono recuperare.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Sì, cancella tutto' }));
    const done =
      'Dati di giulia@example.test cancellati: 1 prenotazione, 1 ordine da asporto, 1 richiesta di evento, 2 messaggi, 3 email, e la sua scheda ospite.';
    expect(await screen.findByText(done)).toBeTruthy();
    expect(toasts).toContainEqual(['success', done]);
    expect(calls(`DELETE /api/${KEY}`)).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Scarica i dati (JSON)' })).toBeNull();
  });

  it('nothing kept: said, and nothing to download or erase', async () => {
    routes[`GET /api/${KEY}`] = () =>
      Response.json({
        ...GIULIA,
        reservations: [],
        contactMessages: [],
        takeawayOrders: [],
        eventInquiries: [],
      });
    await search('giulia@example.test');
    expect(
      await screen.findByText(
        'Nessuna prenotazione, nessun ordine da asporto, nessuna richiesta di evento e nessun messaggio per giulia@example.test.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancella i dati' })).toBeNull();
  });

  it('only takeaway orders kept: counted, and erasable', async () => {
    routes[`GET /api/${KEY}`] = () =>
      Response.json({ ...GIULIA, reservations: [], contactMessages: [], eventInquiries: [] });
    await search('giulia@example.test');
    expect(
      await screen.findByText(
        'giulia@example.test: 0 prenotazioni, 1 ordine da asporto, 0 richieste di evento, 0 messaggi.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancella i dati' })).toBeTruthy();
  });

  it('neither an e-mail nor a phone: said, nothing asked', async () => {
    for (const typed of ['giulia', 'giulia@', '12345']) {
      await search(typed);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Scrivi un indirizzo email valido o un numero di telefono (da 6 a 20 cifre).',
      );
      cleanup();
    }
    expect(calls(`GET /api/${KEY}`)).toEqual([]);
  });

  it('found and erased by phone, however it was typed (a booking taken by phone may have no e-mail)', async () => {
    const PHONE_KEY = 'guest-data?phone=%2B393331234567';
    const byPhone = {
      ...GIULIA,
      email: undefined,
      phone: '+393331234567',
      contactMessages: [],
      eventInquiries: [],
    };
    routes[`GET /api/${PHONE_KEY}`] = () => Response.json(byPhone);
    routes[`DELETE /api/${PHONE_KEY}`] = () =>
      Response.json({
        phone: '+393331234567',
        reservations: 1,
        takeawayOrders: 1,
        eventInquiries: 0,
        contactMessages: 0,
        mails: 0,
        guests: 0,
      });
    await search(' +39 333 123-4567 ');
    expect(
      await screen.findByText(
        '+393331234567: 1 prenotazione, 1 ordine da asporto, 0 richieste di evento, 0 messaggi.',
      ),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancella i dati' }));
    const question = screen.getByRole('group', {
      name: 'Cancellare per sempre tutti i dati di +393331234567? Prenotazioni, ordini da asporto, richieste di evento, messaggi ed email in coda spariscono e non si possono recuperare.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Sì, cancella tutto' }));
    const done =
      'Dati di +393331234567 cancellati: 1 prenotazione, 1 ordine da asporto, 0 richieste di evento, 0 messaggi, 0 email.';
    expect(await screen.findByText(done)).toBeTruthy();
    expect(calls(`DELETE /api/${PHONE_KEY}`)).toHaveLength(1);
    expect(calls(`GET /api/${KEY}`)).toEqual([]);
  });
});
