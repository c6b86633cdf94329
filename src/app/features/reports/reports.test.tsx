// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../../shared/opening-hours.ts';
import type { BookingsRow, TakeawayRow } from '../../../shared/schemas/reports.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as reportsRoute from '../../routes/staff/reports.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { defaultGroup, periodOf, periodSearch, presetRange } from './periods.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const OWNER = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'owner',
} as const;
const STAFF = { ...OWNER, email: 'rosa@example.test', firstName: 'Rosa', role: 'staff' } as const;

/** The week the clocks go forward (Sunday 29 March 2026), and the one before it. */
const WEEK = { from: '2026-03-23', to: '2026-03-29' };
const BEFORE = { from: '2026-03-16', to: '2026-03-22' };
const days = (from: string) => Array.from({ length: 7 }, (_, index) => addDays(from, index));

const bookingsRow = (period: string, covers = 0): BookingsRow => ({
  period,
  bookings: covers ? 16 : 0,
  covers,
  seatedCovers: covers ? covers - 8 : 0,
  noShowCovers: covers ? 8 : 0,
  cancelledCovers: covers ? 2 : 0,
  online: covers ? 10 : 0,
  phone: covers ? 5 : 0,
  walkIn: covers ? 1 : 0,
});
const takeawayRow = (period: string, orders = 0): TakeawayRow => ({
  period,
  orders,
  items: orders * 3,
  collectedTotal: orders ? '1234.50' : '0.00',
  noShows: 0,
});
const answer = <Row,>(rows: Row[], previous: Row[], group = 'day', range = WEEK) => ({
  ...range,
  group,
  rows,
  previous: { ...BEFORE, rows: previous },
});

/** The server's six answers for the DST week: busy, or every count zero. */
function reportRoutes(zero = false): Record<string, FakeRoute> {
  const query = `from=${WEEK.from}&to=${WEEK.to}`;
  const covers = (index: number) => (zero ? 0 : index === 5 ? 12345 : 64);
  return {
    [`GET /api/reports/bookings?${query}&group=day`]: () =>
      Response.json(
        answer(
          days(WEEK.from).map((day, index) => bookingsRow(day, covers(index))),
          days(BEFORE.from).map((day) => bookingsRow(day, zero ? 0 : 40)),
        ),
      ),
    [`GET /api/reports/takeaway?${query}&group=day`]: () =>
      Response.json(
        answer(
          days(WEEK.from).map((day) => takeawayRow(day, zero ? 0 : 20)),
          days(BEFORE.from).map((day) => takeawayRow(day)),
        ),
      ),
    [`GET /api/reports/takeaway?${query}&group=slot`]: () =>
      Response.json(
        answer(
          zero
            ? []
            : [
                {
                  weekday: 5,
                  time: '19:30',
                  orders: 4,
                  oven: 9,
                  kitchen: 2,
                  ovenLimit: 10,
                  kitchenLimit: 8,
                },
                {
                  weekday: 6,
                  time: '20:00',
                  orders: 6,
                  oven: 12,
                  kitchen: 4,
                  ovenLimit: 10,
                  kitchenLimit: 8,
                },
              ],
          [],
          'slot',
        ),
      ),
    [`GET /api/reports/dishes?${query}`]: () =>
      Response.json(
        answer(
          zero
            ? []
            : Array.from({ length: 12 }, (_, index) => ({
                id: index + 1,
                name: `Pizza ${index + 1}`,
                quantity: 1200 - index * 100,
                total: '10234.50',
              })),
          [],
        ),
      ),
    [`GET /api/reports/events?${query}`]: () =>
      Response.json(
        answer(
          (['new', 'talking', 'confirmed', 'lost'] as const).map((status, index) => ({
            status,
            count: zero ? 0 : index + 1,
            guests: zero ? 0 : (index + 1) * 30,
          })),
          [],
        ),
      ),
    [`GET /api/reports/languages?${query}`]: () =>
      Response.json(
        answer(
          (['it', 'en', 'fr', 'es', 'de'] as const).map((lang) => ({
            lang,
            bookings: zero ? 0 : 1000,
            orders: zero ? 0 : 3,
            events: 0,
          })),
          [],
        ),
      ),
  };
}

let routes: Record<string, FakeRoute>;
const { calls, fetchMock } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession(OWNER);
  toasts.length = 0;
  routes = reportRoutes();
  vi.useFakeTimers({ toFake: ['Date'] });
  // Saturday 28 March 2026, 11:00 in Rome.
  vi.setSystemTime(new Date('2026-03-28T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const DST_WEEK_URL = `/dashboard/reports?periodo=personalizzato&dal=${WEEK.from}&al=${WEEK.to}&per=giorno`;
function renderReports(url = DST_WEEK_URL) {
  renderStaffRoutes(url, [routeModule(reportsRoute, { path: '/dashboard/reports' })]);
}
const table = (caption: string) => screen.findByRole('table', { name: caption });
const cells = (found: HTMLElement) =>
  within(found)
    .getAllByRole('row')
    .map((row) =>
      // What a screen reader reads: a heading's whole name where the eye reads it short.
      [...row.querySelectorAll('th, td')].map(
        (cell) => (cell.querySelector('.visually-hidden') ?? cell).textContent,
      ),
    );

describe('the period picker: whole periods of Rome’s calendar', () => {
  it('a week from Monday to Sunday, the month, the month before, the year', () => {
    // Sunday 29 March 2026: the clocks go forward at 02:00, and it is still that week.
    expect(presetRange('settimana', '2026-03-29')).toEqual(WEEK);
    expect(presetRange('mese', '2026-03-29')).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('mese-scorso', '2026-03-29')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetRange('mese-scorso', '2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(presetRange('mese-scorso', '2027-01-15')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('anno', '2026-10-25')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it("today is Rome's day, whatever the hour in UTC, on both sides of each change of clocks", () => {
    const at = (iso: string, search = '?periodo=settimana') =>
      periodOf(new URLSearchParams(search), new Date(iso));
    // 23:30 UTC on Sunday 29 March is 01:30 on Monday 30 in Rome (CEST): the next week.
    expect(at('2026-03-29T21:59:00Z')).toMatchObject(WEEK);
    expect(at('2026-03-29T22:30:00Z')).toMatchObject({ from: '2026-03-30', to: '2026-04-05' });
    // The last Sunday of October (back to CET): midnight in Rome is 23:00 UTC.
    expect(at('2026-10-25T22:59:00Z')).toMatchObject({ from: '2026-10-19', to: '2026-10-25' });
    expect(at('2026-10-25T23:00:00Z')).toMatchObject({ from: '2026-10-26', to: '2026-11-01' });
    // The first of the month in Rome while UTC is still on the last day of February.
    expect(at('2026-02-28T23:30:00Z', '?periodo=mese-scorso')).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
    });
  });

  it('a custom period from the address, grouped as asked or by its length; a bad one is this month', () => {
    const now = new Date('2026-03-28T10:00:00Z');
    const period = periodOf(new URLSearchParams(DST_WEEK_URL.split('?')[1]), now);
    expect(period).toEqual({ preset: 'personalizzato', ...WEEK, group: 'day' });
    expect(periodSearch(period)).toBe(`?${DST_WEEK_URL.split('?')[1]}`);
    expect(
      periodOf(new URLSearchParams('periodo=personalizzato&dal=2026-03-29&al=2026-03-01'), now),
    ).toEqual({ preset: 'mese', from: '2026-03-01', to: '2026-03-31', group: 'day' });
    expect(periodOf(new URLSearchParams('periodo=anno'), now).group).toBe('month');
    expect(defaultGroup('2026-01-01', '2026-04-30')).toBe('week');
  });
});

describe('/dashboard/reports (owner)', () => {
  it('each report asked once for the period; its numbers as tables in Italian format', async () => {
    renderReports();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report' })).toBeTruthy();
    const covers = await table('Coperti per periodo');
    expect(cells(covers)[0]).toEqual([
      'Periodo',
      'Prenotati',
      'Seduti',
      'Non presentati',
      'Annullati',
      'Prenotati, periodo prec.',
    ]);
    expect(cells(covers)[6]).toEqual(['28 mar', '12.345', '12.337', '8', '2', '40']);
    expect(cells(covers)[7]?.[0]).toBe('29 mar');
    expect(
      cells(await table('Coperti non presentati sul totale prenotato, per periodo'))[1],
    ).toEqual(['23 mar', '12,5%', '20%']);
    expect(cells(await table('Prenotazioni per origine'))[1]).toEqual([
      'Online',
      '70',
      '62,5%',
      '70',
    ]);
    expect(cells(await table('Ordini d’asporto per periodo'))[1]).toEqual([
      '23 mar',
      '20',
      '60',
      '1234,50\u00a0€',
      '0',
      '0',
    ]);
    const dishes = cells(await table('I dieci piatti più venduti (asporto)'));
    expect(dishes).toHaveLength(11);
    expect(dishes[1]).toEqual(['Pizza 1', '1200', '10.234,50\u00a0€']);
    expect(cells(await table('Richieste di eventi per stato')).slice(1)).toEqual([
      ['Ricevute', '10', '300'],
      ['Nuove', '1', '30'],
      ['In trattativa', '2', '60'],
      ['Confermate', '3', '90'],
      ['Perse', '4', '120'],
    ]);
    const heat = cells(await table('Carico medio sul limite, per fascia e giorno della settimana'));
    // Short for the eye ("lun"), whole for a screen reader.
    expect(heat[0]).toEqual([
      'Fascia',
      'lunedì',
      'martedì',
      'mercoledì',
      'giovedì',
      'venerdì',
      'sabato',
      'domenica',
    ]);
    expect(heat[1]).toEqual(['19:30', '—', '—', '—', '—', '90%', '—', '—']);
    expect(heat[2]).toEqual(['20:00', '—', '—', '—', '—', '—', '120%', '—']);
    expect(cells(await table('Prenotazioni, ordini ed eventi per lingua dell’ospite'))[2]).toEqual([
      'Inglese',
      '1000',
      '3',
      '0',
    ]);
    // Each chart an image that says what it shows.
    expect(
      screen.getByRole('img', { name: /^Coperti prenotati: 12\.729 \(periodo precedente 280\)/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Carico per fascia di ritiro. La fascia più piena: sabato alle 20:00, 120% del limite.',
      }),
    ).toBeTruthy();
    for (const key of Object.keys(routes)) expect(calls(key), key).toHaveLength(1);
  });

  it('a CSV link per report at the report’s own address, downloaded with the session’s token', async () => {
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const query = `from=${WEEK.from}&to=${WEEK.to}`;
    routes[`GET /api/reports/bookings.csv?${query}&group=day`] = () =>
      new Response('period,bookings\n2026-03-23,16\n', { headers: { 'Content-Type': 'text/csv' } });
    renderReports();
    await table('Coperti per periodo');
    const links = Object.fromEntries(
      screen
        .getAllByRole('link', { name: /\(CSV\)$/ })
        .map((link) => [link.textContent, link.getAttribute('href')]),
    );
    expect(links).toEqual({
      'Scarica le prenotazioni (CSV)': `/api/reports/bookings.csv?${query}&group=day`,
      'Scarica l’asporto (CSV)': `/api/reports/takeaway.csv?${query}&group=day`,
      'Scarica le fasce (CSV)': `/api/reports/takeaway.csv?${query}&group=slot`,
      'Scarica i piatti (CSV)': `/api/reports/dishes.csv?${query}`,
      'Scarica gli eventi (CSV)': `/api/reports/events.csv?${query}`,
      'Scarica le lingue (CSV)': `/api/reports/languages.csv?${query}`,
    });
    fireEvent.click(screen.getByRole('link', { name: 'Scarica le prenotazioni (CSV)' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const [asked] = calls(`GET /api/reports/bookings.csv?${query}&group=day`);
    expect(new Headers(asked?.[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    const download = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(download.download).toBe(`prenotazioni-${WEEK.from}-${WEEK.to}.csv`);
    clicked.mockRestore();
  });

  it('a period of zeros still draws every chart, with its axes, and tables of zeros', async () => {
    routes = reportRoutes(true);
    renderReports();
    const covers = await table('Coperti per periodo');
    expect(cells(covers)[1]).toEqual(['23 mar', '0', '0', '0', '0', '0']);
    expect(
      cells(await table('Coperti non presentati sul totale prenotato, per periodo'))[1],
    ).toEqual(['23 mar', '0%', '0%']);
    await table('Prenotazioni, ordini ed eventi per lingua dell’ospite');
    expect(screen.getByText('Nessun piatto venduto nel periodo.')).toBeTruthy();
    expect(screen.getByText('Nessuna fascia di ritiro nel periodo.')).toBeTruthy();
    const images = screen.getAllByRole('img');
    // Covers, no-show rate, sources, takeaway orders, events, languages.
    expect(images).toHaveLength(6);
    const rate = images.find((image) => image.getAttribute('aria-label')?.startsWith('Tasso'));
    // The y axis still has its labels, and a line is drawn along zero.
    expect(rate?.textContent).toContain('0%');
    expect(rate?.querySelectorAll('path.report-chart__line').length).toBeGreaterThan(0);
  });

  it('another period: the picker goes to its address and the reports are asked again', async () => {
    renderReports();
    await table('Coperti per periodo');
    const march = 'from=2026-02-01&to=2026-02-28';
    const empty = () =>
      Response.json(answer([], [], 'day', { from: '2026-02-01', to: '2026-02-28' }));
    for (const path of [
      `bookings?${march}&group=day`,
      `takeaway?${march}&group=day`,
      `takeaway?${march}&group=slot`,
      `dishes?${march}`,
      `events?${march}`,
      `languages?${march}`,
    ]) {
      routes[`GET /api/reports/${path}`] = empty;
    }
    fireEvent.click(screen.getByRole('radio', { name: 'Il mese scorso' }));
    await waitFor(() =>
      expect(calls(`GET /api/reports/bookings?${march}&group=day`)).toHaveLength(1),
    );
    expect(await screen.findByText('1 feb 2026 – 28 feb 2026', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: 'Il mese scorso' }) as HTMLInputElement).checked,
    ).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: 'Personalizzato' }));
    fireEvent.change(screen.getByLabelText('Dal'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mostra' }));
    expect(screen.getByRole('alert').textContent).toContain('Il primo giorno viene prima');
  });

  it('a failed report says so in its own place; the others show', async () => {
    routes[`GET /api/reports/dishes?from=${WEEK.from}&to=${WEEK.to}`] = () =>
      Response.json({ errors: [] }, { status: 500 });
    renderReports();
    await table('Coperti per periodo');
    expect(await screen.findByText('Non è stato possibile caricare il report.')).toBeTruthy();
    expect(
      screen.queryByRole('table', { name: 'I dieci piatti più venduti (asporto)' }),
    ).toBeNull();
  });
});

describe('/dashboard/reports (staff who are not owners)', () => {
  it('says the reports are the owner’s, and asks the server nothing', async () => {
    startSession(STAFF);
    renderReports();
    expect((await screen.findByRole('alert')).textContent).toBe('Solo il titolare legge i report.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/reports'))).toEqual([]);
  });
});
