// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningHoursAnswer } from '../../../shared/schemas/opening-hours.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  renderStaffRoutes,
  routeModule,
  startSession,
  fakeServer,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import * as hoursRoute from '../../routes/staff/hours.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};
const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };

let hours: OpeningHoursAnswer;
const FACTS = {
  name: 'Trattoria La Tonnara',
  phones: { mobile: '+39 333 555 0187', landline: null },
  email: 'info@latonnara.example',
  address: {
    street: 'Via del Porto 12',
    postalCode: '91014',
    locality: 'Castellammare del Golfo',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0262, longitude: 12.8817 },
  mapUrl: 'https://www.openstreetmap.org/?mlat=38.0262&mlon=12.8817',
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=12.87,38.02,12.89,38.03&marker=38.0262,12.8817',
  social: { instagram: 'https://www.instagram.com/latonnara/', facebook: null },
  privacyPolicyUrl: 'https://latonnara.example/privacy',
  foundedYear: 1998,
  priceRange: '€€',
};
const HOLIDAYS = '2026-12-24--2027-01-06';
const LEAVE = '2026-01-07--2026-01-20';
interface LanguageNotes {
  lang: string;
  machine: Record<string, string> | null;
  staff: Record<string, string> | null;
  staffStale: boolean;
}
let translations: LanguageNotes[];
let routes: Record<string, FakeRoute>;
const { bodies } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  // Wednesday 10 June 2026, 10:00 in Rome.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T08:00:00Z') });
  hours = {
    timezone: 'Europe/Rome',
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: day === 1 ? [] : [LUNCH, DINNER] })),
    closures: [
      { from: '2026-01-07', to: '2026-01-20', note: 'Ferie' },
      { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' },
    ],
    exceptions: [],
    today: { date: '2026-06-10', open: true, ranges: [LUNCH, DINNER] },
  };
  translations = ['en', 'fr', 'es', 'de'].map((lang) => ({
    lang,
    machine: { [LEAVE]: `[${lang}] Ferie`, [HOLIDAYS]: `[${lang}] Chiuso per le feste` },
    staff: null,
    staffStale: false,
  }));
  routes = {
    'GET /api/opening-hours/translations': () => Response.json({ translations }),
    'PUT /api/opening-hours/translations/en': (init) => {
      const notes = JSON.parse(String(init?.body)) as Record<string, string>;
      delete notes.italian;
      translations[0] = { ...translations[0]!, staff: notes };
      return Response.json({ translations });
    },
    'DELETE /api/opening-hours/translations/en': () => {
      translations[0] = { ...translations[0]!, staff: null };
      return Response.json({ translations });
    },
    'GET /api/restaurant': () => Response.json(FACTS),
    'GET /api/opening-hours': () => Response.json(hours),
    'PUT /api/opening-hours': (init) => {
      const body = JSON.parse(String(init?.body)) as Omit<OpeningHoursAnswer, 'timezone' | 'today'>;
      hours = {
        ...hours,
        ...body,
        closures: body.closures.map((c) => ({ ...c, note: c.note ?? null })),
      };
      return Response.json(hours);
    },
  };
});
afterEach(() => {
  vi.useRealTimers();
});

function renderHours() {
  renderStaffRoutes('/dashboard/hours', [routeModule(hoursRoute, { path: '/dashboard/hours' })]);
}
const day = async (name: string) => screen.findByRole('group', { name });

describe('the week', () => {
  it('shows each day with its ranges; a day without ranges is closed', async () => {
    renderHours();
    const monday = await day('Lunedì');
    expect(within(monday).getByText('Chiuso')).toBeTruthy();
    const tuesday = await day('Martedì');
    const opens = within(tuesday).getAllByLabelText('Apre alle') as HTMLInputElement[];
    expect(opens.map((input) => input.value)).toEqual(['12:00', '19:00']);
    // Only closures still to come are in the form; the past one is counted.
    expect(screen.getAllByLabelText('Chiuso dal')).toHaveLength(1);
    expect(screen.getByText('1 chiusura passata')).toBeTruthy();
  });

  it('opening on Mondays until after midnight: saved, and the preview follows before saving', async () => {
    renderHours();
    const monday = await day('Lunedì');
    fireEvent.click(within(monday).getByRole('button', { name: 'Aggiungi un orario a Lunedì' }));
    fireEvent.change(within(monday).getByLabelText('Chiude alle'), { target: { value: '01:00' } });
    expect(within(monday).getByText('Chiude dopo mezzanotte, la notte dopo.')).toBeTruthy();
    // The preview on a Monday, with the hours as typed.
    fireEvent.change(screen.getByLabelText('In una data a scelta'), {
      target: { value: '2026-06-15' },
    });
    expect(screen.getByText('Aperto: 19:00–01:00.')).toBeTruthy();
    expect(screen.getByText('Modifiche non salvate.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Salva orari' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Orari salvati: il sito li mostra già.']),
    );
    const [body] = bodies('PUT /api/opening-hours') as {
      weekly: { day: number; ranges: unknown[] }[];
    }[];
    expect(body!.weekly[0]).toEqual({ day: 1, ranges: [{ open: '19:00', close: '01:00' }] });
    // Past closures are kept; an empty note is none.
    expect((body as unknown as { closures: unknown[] }).closures).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate.')).toBeNull());
  });

  it('overlapping ranges are refused before anything is sent, with the reason', async () => {
    renderHours();
    const tuesday = await day('Martedì');
    fireEvent.change(within(tuesday).getAllByLabelText('Chiude alle')[0]!, {
      target: { value: '20:00' },
    });
    expect(screen.getByText('Correggi gli orari per vedere l’anteprima.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva orari' }));
    const problems = await screen.findByRole('alert');
    expect(problems.textContent).toContain(
      'Martedì: gli orari 12:00–20:00 e 19:00–23:30 si sovrappongono.',
    );
    expect(bodies('PUT /api/opening-hours')).toEqual([]);
  });
});

describe('closures and special days', () => {
  it('a closure for tomorrow with a note; the preview says when it reopens', async () => {
    renderHours();
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi chiusura' }));
    const froms = screen.getAllByLabelText('Chiuso dal');
    fireEvent.change(froms.at(-1)!, { target: { value: '2026-06-11' } });
    expect((screen.getAllByLabelText('al').at(-1) as HTMLInputElement).value).toBe('2026-06-11');
    fireEvent.change(screen.getAllByLabelText('Nota per i visitatori').at(-1)!, {
      target: { value: 'Inventario' },
    });
    fireEvent.change(screen.getByLabelText('In una data a scelta'), {
      target: { value: '2026-06-11' },
    });
    expect(
      screen.getByText(
        // The sentence visitors read on that day (format.ts).
        'Chiuso oggi: Inventario. Riapriamo venerdì 12 giugno alle 12:00.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva orari' }));
    await waitFor(() => expect(bodies('PUT /api/opening-hours')).toHaveLength(1));
    expect(bodies('PUT /api/opening-hours')[0]).toMatchObject({
      closures: [
        { from: '2026-01-07', to: '2026-01-20', note: 'Ferie' },
        { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' },
        { from: '2026-06-11', to: '2026-06-11', note: 'Inventario' },
      ],
      exceptions: [],
    });
  });

  it('a special opening on a Monday in August', async () => {
    renderHours();
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi apertura speciale' }));
    fireEvent.change(screen.getByLabelText('Giorno'), { target: { value: '2026-08-10' } });
    fireEvent.change(screen.getByLabelText('In una data a scelta'), {
      target: { value: '2026-08-10' },
    });
    expect(screen.getByText('Aperto: 19:00–23:00. Apertura speciale.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva orari' }));
    await waitFor(() => expect(bodies('PUT /api/opening-hours')).toHaveLength(1));
    expect(bodies('PUT /api/opening-hours')[0]).toMatchObject({
      exceptions: [{ date: '2026-08-10', ranges: [{ open: '19:00', close: '23:00' }] }],
    });
  });

  it('a refusal from the server is listed', async () => {
    routes['PUT /api/opening-hours'] = () =>
      Response.json(
        {
          errors: {
            'closures.1': [
              'Le chiusure dal 24/12/2026 al 06/01/2027 e dal 01/01/2027 al 02/01/2027 si sovrappongono: uniscile in una sola.',
            ],
          },
        },
        { status: 400 },
      );
    renderHours();
    fireEvent.click(await screen.findByRole('button', { name: 'Salva orari' }));
    expect((await screen.findByRole('alert')).textContent).toContain('uniscile in una sola.');
  });
});

describe("the restaurant's facts", () => {
  it('the owner changes the mobile that book-a-table dials; coordinates typed with a comma', async () => {
    startSession({ ...ANNA, role: 'owner' });
    routes['PUT /api/restaurant'] = (init) => Response.json(JSON.parse(String(init?.body)));
    renderHours();
    const mobile = await screen.findByLabelText('Cellulare (per le prenotazioni)');
    fireEvent.change(mobile, { target: { value: '+39 333 555 0199' } });
    fireEvent.change(screen.getByLabelText('Latitudine'), { target: { value: '38,03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'success',
        'Dati del ristorante salvati: il sito li mostra già.',
      ]),
    );
    expect(bodies('PUT /api/restaurant')).toEqual([
      {
        ...FACTS,
        phones: { mobile: '+39 333 555 0199', landline: '' },
        geo: { latitude: 38.03, longitude: 12.8817 },
        social: { instagram: FACTS.social.instagram, facebook: '' },
      },
    ]);
  });

  it('the owner sets the founding year, from which the site counts the years, and the price range', async () => {
    startSession({ ...ANNA, role: 'owner' });
    routes['PUT /api/restaurant'] = (init) => Response.json(JSON.parse(String(init?.body)));
    renderHours();
    const year = (await screen.findByLabelText('Anno di fondazione')) as HTMLInputElement;
    expect(year.value).toBe('1998');
    expect(year.inputMode).toBe('numeric');
    expect((screen.getByLabelText('Fascia di prezzo') as HTMLInputElement).value).toBe('€€');
    fireEvent.change(year, { target: { value: '1996' } });
    fireEvent.change(screen.getByLabelText('Fascia di prezzo'), { target: { value: '€€€' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    await waitFor(() => expect(bodies('PUT /api/restaurant')).toHaveLength(1));
    expect(bodies('PUT /api/restaurant')[0]).toMatchObject({
      foundedYear: 1996,
      priceRange: '€€€',
    });
  });

  it('a founding year that is not a year, or a price range of other signs, is refused before sending', async () => {
    startSession({ ...ANNA, role: 'owner' });
    renderHours();
    fireEvent.change(await screen.findByLabelText('Anno di fondazione'), {
      target: { value: '98' },
    });
    fireEvent.change(screen.getByLabelText('Fascia di prezzo'), { target: { value: '$$' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Anno di fondazione: un anno intero dal 1000, come 1998.');
    expect(alert.textContent).toContain('Fascia di prezzo: una tra €, €€, €€€, €€€€.');
    expect(bodies('PUT /api/restaurant')).toEqual([]);
  });

  it('the owner sets the map the home page frames; an address that is not https is refused before sending', async () => {
    startSession({ ...ANNA, role: 'owner' });
    routes['PUT /api/restaurant'] = (init) => Response.json(JSON.parse(String(init?.body)));
    renderHours();
    const embed = (await screen.findByLabelText('Mappa nella pagina')) as HTMLInputElement;
    expect(embed.value).toBe(FACTS.mapEmbedUrl);
    expect(embed.type).toBe('url');
    fireEvent.change(embed, { target: { value: 'http://maps.example/embed?q=38,12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Mappa nella pagina: un indirizzo web che inizia con https://',
    );
    expect(bodies('PUT /api/restaurant')).toEqual([]);

    const osm = 'https://www.openstreetmap.org/export/embed.html?bbox=12.8,38,12.9,38.1';
    fireEvent.change(embed, { target: { value: osm } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    await waitFor(() => expect(bodies('PUT /api/restaurant')).toHaveLength(1));
    expect(bodies('PUT /api/restaurant')[0]).toMatchObject({ mapEmbedUrl: osm });
  });

  it('a phone without its prefix is refused before anything is sent', async () => {
    startSession({ ...ANNA, role: 'owner' });
    renderHours();
    fireEvent.change(await screen.findByLabelText('Cellulare (per le prenotazioni)'), {
      target: { value: '333 555' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva dati' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Cellulare: scrivilo con il prefisso internazionale',
    );
    expect(bodies('PUT /api/restaurant')).toEqual([]);
  });

  it('staff read the facts; only the owner changes them', async () => {
    renderHours();
    const name = (await screen.findByLabelText('Nome del ristorante')) as HTMLInputElement;
    expect(name.value).toBe('Trattoria La Tonnara');
    expect(name.readOnly).toBe(true);
    expect(screen.getByText('Solo il titolare modifica i dati del ristorante.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Salva dati' })).toBeNull();
  });
});

describe("the closure notes' translations", () => {
  it('each language lists every note with its Italian; a correction goes with the Italian it translates, and the machine text comes back', async () => {
    renderHours();
    const section = await screen.findByRole('region', {
      name: 'Traduzioni delle note di chiusura',
    });
    fireEvent.click(await within(section).findByRole('button', { name: /^Inglese/ }));
    const english = within(section).getByRole('group', {
      name: 'Correggi la traduzione in inglese',
    });
    const holidays = within(english).getByLabelText(
      'Nota della chiusura dal 24/12/2026 al 06/01/2027',
    ) as HTMLTextAreaElement;
    expect(holidays.value).toBe('[en] Chiuso per le feste');
    expect(within(english).getByText('Chiuso per le feste')).toBeTruthy();
    expect(
      within(english).getByLabelText('Nota della chiusura dal 07/01/2026 al 20/01/2026'),
    ).toBeTruthy();
    fireEvent.change(holidays, { target: { value: 'Closed for the holidays' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Salva traduzione' }));
    await waitFor(() =>
      expect(bodies('PUT /api/opening-hours/translations/en')).toEqual([
        { [HOLIDAYS]: 'Closed for the holidays', italian: { [HOLIDAYS]: 'Chiuso per le feste' } },
      ]),
    );
    expect(toasts).toContainEqual(['success', 'Traduzione salvata: il sito la mostra già.']);
    expect(await within(section).findByText('Traduzione del personale')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Usa la traduzione automatica' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Ora il sito mostra la traduzione automatica.']),
    );
    expect(translations[0]!.staff).toBeNull();
    expect(
      (
        within(section).getByLabelText(
          'Nota della chiusura dal 24/12/2026 al 06/01/2027',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('[en] Chiuso per le feste');
  });

  it('no notes, no review', async () => {
    hours = { ...hours, closures: [{ from: '2026-12-24', to: '2027-01-06', note: null }] };
    renderHours();
    await screen.findByLabelText('Chiuso dal');
    expect(screen.queryByRole('region', { name: 'Traduzioni delle note di chiusura' })).toBeNull();
  });
});
