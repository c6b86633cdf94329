// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestDetail, GuestRecord } from '../../../shared/schemas/guest-records.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as guestsRoute from '../../routes/staff/guests.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};
const MARIO_KEY = 'mArIo0123456789_';
const ROSA_KEY = 'r0sA-0123456789x';

const record = (overrides: Partial<GuestRecord>): GuestRecord => ({
  key: MARIO_KEY,
  name: 'Mario Rossi',
  email: 'mario@example.test',
  phone: '+39 333 555 0101',
  visits: 4,
  noShows: 2,
  cancellations: 1,
  orders: 3,
  notes: '',
  tags: ['abituale'],
  lastVisit: '2026-05-30',
  ...overrides,
});

const MARIO: GuestDetail = {
  ...record({}),
  lang: 'it',
  history: [
    {
      kind: 'booking',
      id: 12,
      date: '2026-06-01',
      time: '20:00',
      status: 'no-show',
      detail: '4 persone',
    },
    {
      kind: 'order',
      id: 7,
      date: '2026-05-30',
      time: '19:30',
      status: 'collected',
      detail: '€ 24,00',
    },
    {
      kind: 'event',
      id: 3,
      date: '2026-04-02',
      time: null,
      status: 'talking',
      detail: '40 ospiti',
    },
  ],
  reviewAskedAt: null,
  reviewsStopped: false,
};
const ROSA = record({
  key: ROSA_KEY,
  name: 'Rosa Greco',
  email: '',
  phone: '333 555 0199',
  visits: 0,
  noShows: 0,
  orders: 0,
  tags: [],
  lastVisit: null,
});

let routes: Record<string, FakeRoute>;
let tags: string[];
const { calls, bodies } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  tags = ['abituale', 'vegetariano', 'allergie'];
  routes = {
    'GET /api/guests': () => Response.json([record({}), ROSA]),
    'GET /api/guests/tags': () => Response.json({ tags }),
    'GET /api/guests?q=ros': () => Response.json([ROSA, record({})]),
    [`GET /api/guests/${MARIO_KEY}`]: () => Response.json(MARIO),
  };
});

function renderGuests(url = '/dashboard/guests') {
  renderStaffRoutes(url, [routeModule(guestsRoute, { path: '/dashboard/guests' })]);
}
const search = () => screen.getByRole('searchbox', { name: 'Cerca un ospite' });

describe('Ospiti: the list and the search', () => {
  it('the guests seen most recently, with their visits and a warning for their no-shows', async () => {
    renderGuests();
    const list = await screen.findByRole('list', { name: 'Ospiti visti di recente' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ospiti');
    expect(screen.getByRole('status').textContent).toBe('2 ospiti visti di recente');
    const [mario, rosa] = within(list).getAllByRole('link');
    expect(mario!.textContent).toContain('Mario Rossi');
    expect(mario!.textContent).toContain('4 visite · 3 ordini');
    expect(mario!.textContent).toContain('⚠ 2 mancate presentazioni');
    expect(mario!.getAttribute('href')).toBe(`/dashboard/guests?ospite=${MARIO_KEY}`);
    expect(rosa!.textContent).toContain('0 visite');
    expect(rosa!.textContent).not.toContain('⚠');
  });

  it('below 3 characters a hint and nothing asked; from 3, asked once typing pauses', async () => {
    renderGuests();
    await screen.findByRole('list', { name: 'Ospiti visti di recente' });
    fireEvent.change(search(), { target: { value: 'ro' } });
    expect(screen.getByRole('status').textContent).toBe('Scrivi almeno 3 caratteri');
    fireEvent.change(search(), { target: { value: 'ros' } });
    const found = await screen.findByRole('list', { name: 'Ospiti trovati' });
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => link.firstChild?.textContent),
    ).toEqual(['Rosa Greco', 'Mario Rossi']);
    expect(screen.getByRole('status').textContent).toBe('2 ospiti trovati');
    expect(calls('GET /api/guests?q=ro')).toHaveLength(0);
    expect(calls('GET /api/guests?q=ros').length).toBeGreaterThan(0);
  });

  it('nothing found: said', async () => {
    routes['GET /api/guests?q=zzz'] = () => Response.json([]);
    renderGuests();
    await screen.findByRole('list', { name: 'Ospiti visti di recente' });
    fireEvent.change(search(), { target: { value: 'zzz' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Nessun ospite trovato.'),
    );
  });
});

describe('Ospiti: one guest', () => {
  it('the record: phone to call, counts, last visit, tags, and the history newest first', async () => {
    renderGuests(`/dashboard/guests?ospite=${MARIO_KEY}`);
    const guest = await screen.findByRole('article', { name: 'Mario Rossi' });
    expect(within(guest).getByRole('note').textContent).toBe('⚠ 2 volte non si è presentato');
    expect(
      within(guest)
        .getByRole('link', { name: 'Chiama Mario Rossi: +39 333 555 0101' })
        .getAttribute('href'),
    ).toBe('tel:+393335550101');
    const facts = Object.fromEntries(
      [...guest.querySelectorAll('dl div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(facts).toMatchObject({
      Visite: '4',
      'Non presentato': '2',
      Annullate: '1',
      'Ordini d’asporto': '3',
      'Ultima visita': 'sabato 30 maggio 2026',
      Etichette: 'abituale',
    });
    const history = within(guest).getByRole('region', { name: 'Storico' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'lunedì 1 giugno 2026 · 20:00Prenotazione · Non presentato · 4 persone',
      'sabato 30 maggio 2026 · 19:30Ordine d’asporto · Ritirato · € 24,00',
      'giovedì 2 aprile 2026Richiesta di evento · In trattativa · 40 ospiti',
    ]);
  });

  it('notes and tags saved together through PATCH; the saved record shown', async () => {
    routes[`PATCH /api/guests/${MARIO_KEY}`] = (init) => {
      const body = JSON.parse(String(init?.body)) as { notes: string; tags: string[] };
      return Response.json({ ...MARIO, ...body });
    };
    renderGuests(`/dashboard/guests?ospite=${MARIO_KEY}`);
    const guest = await screen.findByRole('article', { name: 'Mario Rossi' });
    const notes = within(guest).getByLabelText('Note dello staff');
    fireEvent.change(notes, { target: { value: 'Allergico ai crostacei' } });
    expect(within(guest).getByText('22/1000')).toBeTruthy();
    expect(within(guest).getByText('Modifiche non salvate.')).toBeTruthy();
    // Tags in the owner's order, whatever the order of the taps.
    fireEvent.click(within(guest).getByRole('checkbox', { name: 'allergie' }));
    fireEvent.click(within(guest).getByRole('checkbox', { name: 'abituale' }));
    fireEvent.click(within(guest).getByRole('checkbox', { name: 'vegetariano' }));
    fireEvent.click(within(guest).getByRole('button', { name: 'Salva' }));
    await waitFor(() =>
      expect(bodies(`PATCH /api/guests/${MARIO_KEY}`)).toEqual([
        { notes: 'Allergico ai crostacei', tags: ['vegetariano', 'allergie'] },
      ]),
    );
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Ospite Mario Rossi aggiornato.']),
    );
    await waitFor(() =>
      expect(within(guest).getByText('vegetariano, allergie', { selector: 'dd' })).toBeTruthy(),
    );
    expect(within(guest).queryByText('Modifiche non salvate.')).toBeNull();
  });

  it('notes over 1000 characters: refused before anything is sent', async () => {
    renderGuests(`/dashboard/guests?ospite=${MARIO_KEY}`);
    const guest = await screen.findByRole('article', { name: 'Mario Rossi' });
    // maxLength stops typing; a paste past it is still checked.
    fireEvent.change(within(guest).getByLabelText('Note dello staff'), {
      target: { value: 'x'.repeat(1001) },
    });
    fireEvent.click(within(guest).getByRole('button', { name: 'Salva' }));
    expect((await within(guest).findByRole('alert')).textContent).toContain(
      'Note: al massimo 1000 caratteri.',
    );
    expect(calls(`PATCH /api/guests/${MARIO_KEY}`)).toHaveLength(0);
  });

  it('an unknown guest: said', async () => {
    routes['GET /api/guests/unknown012345678'] = () =>
      Response.json({ message: 'Ospite non trovato.' }, { status: 404 });
    renderGuests('/dashboard/guests?ospite=unknown012345678');
    expect(await screen.findByText('Ospite non trovato.', { selector: 'p' })).toBeTruthy();
  });
});

describe('Ospiti: the list of tags', () => {
  it('staff do not edit it', async () => {
    renderGuests();
    await screen.findByRole('list', { name: 'Ospiti visti di recente' });
    expect(screen.queryByRole('heading', { name: 'Le etichette (titolare)' })).toBeNull();
  });

  it('the owner adds and takes away tags, then saves the list with PUT', async () => {
    startSession({ ...ANNA, role: 'owner' });
    routes['PUT /api/guests/tags'] = (init) => Response.json(JSON.parse(String(init?.body)));
    renderGuests();
    const panel = (await screen.findByRole('heading', { name: 'Le etichette (titolare)' }))
      .parentElement!;
    fireEvent.click(within(panel).getByRole('button', { name: 'Togli l’etichetta vegetariano' }));
    const input = within(panel).getByLabelText('Nuova etichetta');
    fireEvent.change(input, { target: { value: 'Tavolo 5' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'tavolo 5' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Aggiungi' }));
    expect(within(panel).getByText('L’etichetta tavolo 5 c’è già.')).toBeTruthy();
    expect(
      within(within(panel).getByRole('list', { name: 'Etichette' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['abituale', 'allergie', 'Tavolo 5']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Salva le etichette' }));
    await waitFor(() =>
      expect(bodies('PUT /api/guests/tags')).toEqual([
        { tags: ['abituale', 'allergie', 'Tavolo 5'] },
      ]),
    );
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Etichette salvate.']));
  });
});
