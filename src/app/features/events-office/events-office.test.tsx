// @vitest-environment jsdom
// Over 400 lines: the Eventi screen's behaviours (lists, details, reply, status and hold) in one file, sharing one fake server that keeps the requests.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventInquiry, InquiryPatch } from '../../../shared/schemas/events.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import * as eventsRoute from '../../routes/staff/events.tsx';
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

const inquiry = (overrides: Partial<EventInquiry>): EventInquiry => ({
  id: 1,
  kind: 'wedding',
  date: '2026-09-12',
  altDate: null,
  service: 'dinner',
  adults: 50,
  children: 10,
  area: 'whole',
  budgetPerPerson: null,
  allergens: [],
  dietaryNotes: '',
  notes: '',
  name: 'Marco Neri',
  email: 'marco@example.test',
  phone: '+39 333 555 0101',
  lang: 'it',
  status: 'new',
  holdCovers: null,
  holdArea: null,
  messages: [],
  createdAt: '2026-06-01T10:00:00.000Z',
  ...overrides,
});

let inquiries: EventInquiry[];
let planAreas: { id: number; name: string; onlineBookable: boolean }[];
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);
const unavailable = () =>
  Response.json(
    {
      errors: [
        { code: 'translation-unavailable', description: 'No machine translation could be made.' },
      ],
    },
    { status: 503 },
  );

/** The server's PATCH: the status and hold as sent (another status holds none). */
const patchRoute =
  (id: number): FakeRoute =>
  (init) => {
    const body = JSON.parse(String(init?.body)) as InquiryPatch;
    const found = inquiries.find((one) => one.id === id)!;
    const status = body.status ?? found.status;
    const changed: EventInquiry = {
      ...found,
      status,
      holdCovers:
        status === 'confirmed' ? (body.holdCovers ?? found.adults + found.children) : null,
      holdArea: body.holdArea === undefined ? found.holdArea : body.holdArea,
    };
    inquiries = inquiries.map((one) => (one.id === id ? changed : one));
    return Response.json(changed);
  };

/** The server's reply: kept in the thread with what the guest received. */
const replyRoute =
  (id: number): FakeRoute =>
  (init) => {
    const body = JSON.parse(String(init?.body)) as { text: string; translation?: string };
    const found = inquiries.find((one) => one.id === id)!;
    const changed: EventInquiry = {
      ...found,
      status: found.status === 'new' ? 'talking' : found.status,
      messages: [
        ...found.messages,
        {
          at: '2026-06-10T08:00:00.000Z',
          from: 'staff',
          text: body.text,
          translation: found.lang === 'it' ? null : (body.translation ?? 'machine'),
        },
      ],
    };
    inquiries = inquiries.map((one) => (one.id === id ? changed : one));
    return Response.json(changed, { status: 201 });
  };

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  // Wednesday 10 June 2026, 10:00 in Rome.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-10T08:00:00Z') });
  inquiries = [
    inquiry({
      id: 4,
      kind: 'baptism',
      name: 'Hans Müller',
      email: 'hans@example.test',
      lang: 'de',
      date: '2026-10-03',
      altDate: '2026-10-10',
      service: 'lunch',
      adults: 30,
      children: 5,
      area: 'terrace',
      budgetPerPerson: '45.00',
      allergens: ['gluten', 'peanuts'],
      dietaryNotes: 'Zwei Vegetarier',
      notes: 'Mit Torte',
      // Late on Monday 8 June in Rome: two calendar days ago.
      createdAt: '2026-06-08T21:30:00.000Z',
      messages: [
        { at: '2026-06-08T21:30:00.000Z', from: 'guest', text: 'Hallo', translation: null },
      ],
    }),
    inquiry({
      id: 3,
      kind: 'communion',
      name: 'Giulia Bianchi',
      status: 'talking',
      createdAt: '2026-06-02T09:00:00.000Z',
      messages: [
        { at: '2026-06-02T09:00:00.000Z', from: 'guest', text: 'Salve', translation: null },
        { at: '2026-06-07T15:00:00.000Z', from: 'staff', text: 'Certo!', translation: null },
      ],
    }),
    inquiry({ id: 2, name: 'Rosa Greco', status: 'confirmed', holdCovers: 60 }),
    inquiry({ id: 1, name: 'Luca Russo', status: 'lost', kind: 'birthday' }),
  ];
  routes = {
    'GET /api/events/inquiries': () => Response.json(inquiries),
  };
  for (const id of [1, 2, 3, 4]) {
    routes[`PATCH /api/events/inquiries/${id}`] = patchRoute(id);
    routes[`POST /api/events/inquiries/${id}/messages`] = replyRoute(id);
  }
  routes['POST /api/events/inquiries/4/messages/preview'] = () =>
    Response.json({ translation: 'Guten Tag, gerne.' });
  // The day plan staff read the areas from: none (covers mode) unless a test draws some.
  planAreas = [];
  for (const { date } of inquiries) {
    routes[`GET /api/reservations/plan?date=${date}`] = () => Response.json({ areas: planAreas });
  }
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderEvents(url = '/dashboard/events') {
  renderStaffRoutes(url, [
    {
      ...routeModule(eventsRoute, { path: '/dashboard/events' }),
      shouldRevalidate: eventsRoute.shouldRevalidate,
    },
  ]);
}
const tabs = () =>
  within(screen.getByRole('navigation', { name: 'Richieste per stato' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const items = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const details = () => screen.getByRole('article');
const detail = (label: string) =>
  within(details()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the requests by status', () => {
  it('tabs with their counts, the new ones first, each with the days since the last reply', async () => {
    renderEvents();
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventi' })).toBeTruthy();
    expect(tabs()).toEqual(['Nuove 1', 'In trattativa 1', 'Confermate 1', 'Perse 1']);
    expect(items('Richieste: nuove')).toEqual([
      'Hans MüllerBattesimo · sabato 3 ottobre 2026 · pranzo · 35 personeNessuna risposta, arrivata 2 giorni fa',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'In trattativa 1' }));
    expect(await screen.findByRole('list', { name: 'Richieste: in trattativa' })).toBeTruthy();
    expect(items('Richieste: in trattativa')).toEqual([
      'Giulia BianchiPrima comunione · sabato 12 settembre 2026 · cena · 60 personeUltima risposta 3 giorni fa',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Perse 1' }));
    expect(await screen.findByText(/Luca Russo/)).toBeTruthy();
    // Switching tabs does not load the requests again.
    expect(calls('GET /api/events/inquiries')).toHaveLength(1);
  });

  it('newest first, and the days counted in Rome from the app’s clock', async () => {
    inquiries.push(
      inquiry({ id: 9, name: 'Sara Verdi', status: 'talking', createdAt: '2026-06-09T10:00:00Z' }),
    );
    inquiries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    // Five days later, just after midnight in Rome.
    vi.setSystemTime(new Date('2026-06-14T22:30:00Z'));
    renderEvents('/dashboard/events?stato=talking');
    expect(await screen.findByRole('list', { name: 'Richieste: in trattativa' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Richieste: in trattativa' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.staff-hint')?.textContent),
    ).toEqual(['Nessuna risposta, arrivata 6 giorni fa', 'Ultima risposta 8 giorni fa']);
  });

  it('a request’s details: everything the guest asked, with links to call and write', async () => {
    renderEvents('/dashboard/events?richiesta=4');
    expect(
      await screen.findByRole('heading', { name: 'Battesimo · sabato 3 ottobre 2026' }),
    ).toBeTruthy();
    expect(detail('Data')).toBe('sabato 3 ottobre 2026');
    expect(detail('Seconda scelta')).toBe('sabato 10 ottobre 2026');
    expect(detail('Servizio')).toBe('pranzo');
    expect(detail('Ospiti')).toBe('30 adulti e 5 bambini');
    expect(detail('Dove')).toBe('In terrazza');
    expect(detail('Budget a persona')).toBe('45,00\u00a0€');
    expect(detail('Allergeni da evitare')).toBe('Cereali contenenti glutine, Arachidi');
    expect(detail('Esigenze alimentari')).toBe('Zwei Vegetarier');
    expect(detail('Note')).toBe('Mit Torte');
    expect(detail('Lingua dell’ospite')).toBe('Tedesco');
    expect(detail('Arrivata')).toMatch(/8 giu 2026, 23:30/);
    expect(
      screen
        .getByRole('link', { name: 'Chiama Hans Müller al +39 333 555 0101' })
        .getAttribute('href'),
    ).toBe('tel:+393335550101');
    expect(screen.getByRole('link', { name: 'hans@example.test' }).getAttribute('href')).toBe(
      'mailto:hans@example.test',
    );
    expect(within(details()).getByText('Nessuna risposta, arrivata 2 giorni fa')).toBeTruthy();
    // The list is still there (beside it on a wide screen), with the way back on a phone.
    expect(screen.getByRole('link', { name: /Tutte le richieste/ }).getAttribute('href')).toBe(
      '/dashboard/events?stato=new',
    );
    expect(
      within(screen.getByRole('list', { name: 'Richieste: nuove' }))
        .getByRole('link')
        .getAttribute('aria-current'),
    ).toBe('true');
  });

  it('a confirmed request shows the covers it holds; the thread oldest first', async () => {
    inquiries[1]!.messages[1]!.translation = null;
    renderEvents('/dashboard/events?richiesta=2');
    await screen.findByRole('article');
    expect(detail('Coperti tenuti')).toBe('60 coperti');
    fireEvent.click(screen.getByRole('link', { name: 'In trattativa 1' }));
    fireEvent.click(await screen.findByRole('link', { name: /Giulia Bianchi/ }));
    const thread = await screen.findByRole('list', { name: 'Conversazione' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ospite 2 giu 2026, 11:00Salve', 'Risposta del ristorante 7 giu 2026, 17:00Certo!']);
  });
});

describe('the reply', () => {
  async function openHans() {
    renderEvents('/dashboard/events?richiesta=4');
    await screen.findByRole('article');
  }
  const italian = () => screen.getByRole('textbox', { name: 'Risposta in italiano' });
  const german = () =>
    screen.getByRole('textbox', {
      name: 'Traduzione in tedesco (modificabile)',
    }) as HTMLTextAreaElement;

  it('preview, correct, send: the guest gets the corrected translation', async () => {
    await openHans();
    fireEvent.change(italian(), { target: { value: ' Buongiorno, volentieri. ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima traduzione' }));
    await waitFor(() => expect(german().value).toBe('Guten Tag, gerne.'));
    expect(bodies('POST /api/events/inquiries/4/messages/preview')).toEqual([
      { text: 'Buongiorno, volentieri.' },
    ]);
    fireEvent.change(german(), { target: { value: 'Guten Tag, sehr gerne.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Risposta inviata a Hans Müller.']),
    );
    expect(bodies('POST /api/events/inquiries/4/messages')).toEqual([
      { text: 'Buongiorno, volentieri.', translation: 'Guten Tag, sehr gerne.' },
    ]);
    // The thread shows the Italian and, below, what the guest received; the box is empty again.
    const reply = within(screen.getByRole('list', { name: 'Conversazione' })).getAllByRole(
      'listitem',
    )[1]!;
    expect(reply.textContent).toBe(
      'Risposta del ristorante 10 giu 2026, 10:00Buongiorno, volentieri.L’ospite ha ricevuto (in tedesco):Guten Tag, sehr gerne.',
    );
    expect((italian() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: /Traduzione/ })).toBeNull();
    // A reply to a new request moves it to "In trattativa".
    expect(tabs()).toEqual(['Nuove 0', 'In trattativa 2', 'Confermate 1', 'Perse 1']);
  });

  it('nothing is sent without a preview, nor after the Italian changed since it', async () => {
    await openHans();
    fireEvent.change(italian(), { target: { value: 'Buongiorno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByText('Prima guarda l’anteprima della traduzione.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima traduzione' }));
    await waitFor(() => expect(german().value).toBe('Guten Tag, gerne.'));
    fireEvent.change(italian(), { target: { value: 'Buongiorno a tutti' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Da correggere:Hai cambiato la risposta dopo l’anteprima: chiedi di nuovo l’anteprima prima di inviare.',
    );
    expect(calls('POST /api/events/inquiries/4/messages')).toHaveLength(0);
    // A new preview of the new Italian lets it go.
    routes['POST /api/events/inquiries/4/messages/preview'] = () =>
      Response.json({ translation: 'Guten Tag allerseits' });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna l’anteprima' }));
    await waitFor(() => expect(german().value).toBe('Guten Tag allerseits'));
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() =>
      expect(bodies('POST /api/events/inquiries/4/messages')).toEqual([
        { text: 'Buongiorno a tutti', translation: 'Guten Tag allerseits' },
      ]),
    );
  });

  it('without machine translation staff type the translation themselves', async () => {
    routes['POST /api/events/inquiries/4/messages/preview'] = unavailable;
    await openHans();
    fireEvent.change(italian(), { target: { value: 'Buongiorno' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anteprima traduzione' }));
    expect(
      await screen.findByText(
        'La traduzione automatica non è disponibile in questo momento. Scrivi tu la traduzione in tedesco qui sotto, oppure riprova più tardi.',
      ),
    ).toBeTruthy();
    expect(german().value).toBe('');
    expect(toasts).toEqual([]);
    fireEvent.change(german(), { target: { value: 'Guten Tag' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() =>
      expect(bodies('POST /api/events/inquiries/4/messages')).toEqual([
        { text: 'Buongiorno', translation: 'Guten Tag' },
      ]),
    );
  });

  it('a guest who reads Italian gets the text as it is: no preview step', async () => {
    renderEvents('/dashboard/events?richiesta=3');
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Anteprima traduzione' })).toBeNull();
    fireEvent.change(italian(), { target: { value: 'Vi aspettiamo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia' }));
    await waitFor(() =>
      expect(bodies('POST /api/events/inquiries/3/messages')).toEqual([{ text: 'Vi aspettiamo' }]),
    );
  });
});

describe('the status', () => {
  async function confirmForm(id = 4) {
    renderEvents(`/dashboard/events?richiesta=${id}`);
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Conferma…' }));
    return screen.getByRole('form', { name: 'Quanti coperti tenere?' });
  }
  const covers = () => screen.getByRole('textbox', { name: 'Numero di coperti' });
  const confirmYes = () =>
    fireEvent.click(screen.getByRole('button', { name: 'Conferma e tieni i coperti' }));

  it('confirming holds the request’s guests by default, explained in one line', async () => {
    const form = await confirmForm();
    expect(
      within(form).getByText(
        'Le prenotazioni online di quel pranzo terranno conto di questi coperti.',
      ),
    ).toBeTruthy();
    expect((covers() as HTMLInputElement).value).toBe('35');
    confirmYes();
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')).toEqual([
        { status: 'confirmed', holdCovers: 35 },
      ]),
    );
    expect(await screen.findByText('35 coperti')).toBeTruthy();
    expect(toasts).toContainEqual(['success', 'Evento di Hans Müller confermato.']);
    expect(tabs()).toEqual(['Nuove 0', 'In trattativa 1', 'Confermate 2', 'Perse 1']);
  });

  it('another number of covers, or the whole restaurant; a wrong number is not sent', async () => {
    await confirmForm();
    fireEvent.change(covers(), { target: { value: 'tanti' } });
    confirmYes();
    expect(await screen.findByText('Scrivi un numero di coperti da 0 a 1000.')).toBeTruthy();
    fireEvent.change(covers(), { target: { value: '40' } });
    confirmYes();
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')).toEqual([
        { status: 'confirmed', holdCovers: 40 },
      ]),
    );
    // A confirmed request changes its hold: the whole restaurant.
    fireEvent.click(await screen.findByRole('button', { name: 'Cambia i coperti tenuti…' }));
    expect((covers() as HTMLInputElement).value).toBe('40');
    fireEvent.click(screen.getByRole('radio', { name: 'Tutto il locale' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva i coperti' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')[1]).toEqual({ holdCovers: 'all' }),
    );
    expect(await screen.findByText('Tutto il locale')).toBeTruthy();
  });

  it('where the plan has areas, the tables of N covers are held in the area chosen, or anywhere', async () => {
    planAreas = [
      { id: 7, name: 'Sala', onlineBookable: true },
      { id: 8, name: 'Terrazza', onlineBookable: false },
    ];
    const form = await confirmForm();
    const area = await within(form).findByRole('combobox', { name: 'Dove tenere i tavoli' });
    expect(
      within(area)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['In qualunque area', 'Sala', 'Terrazza']);
    fireEvent.change(area, { target: { value: '8' } });
    // The whole restaurant takes every table: no area to choose.
    fireEvent.click(within(form).getByRole('radio', { name: 'Tutto il locale' }));
    expect(within(form).queryByRole('combobox', { name: 'Dove tenere i tavoli' })).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: 'Coperti' }));
    confirmYes();
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')).toEqual([
        { status: 'confirmed', holdCovers: 35, holdArea: 8 },
      ]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cambia i coperti tenuti…' }));
    const again = await screen.findByRole('combobox', { name: 'Dove tenere i tavoli' });
    expect((again as HTMLSelectElement).value).toBe('8');
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva i coperti' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')[1]).toEqual({
        holdCovers: 35,
        holdArea: null,
      }),
    );
  });

  it('"Tutto il locale" when confirming', async () => {
    const form = await confirmForm(3);
    expect(
      within(form).getByText(
        'Le prenotazioni online di quella cena terranno conto di questi coperti.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: 'Tutto il locale' }));
    expect(screen.queryByRole('textbox', { name: 'Numero di coperti' })).toBeNull();
    confirmYes();
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/3')).toEqual([
        { status: 'confirmed', holdCovers: 'all' },
      ]),
    );
    expect(await screen.findByText('Tutto il locale', { selector: 'dd' })).toBeTruthy();
  });

  it('a confirmed event goes back to talking only after asking, since its covers come free', async () => {
    renderEvents('/dashboard/events?richiesta=2');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'In trattativa' }));
    expect(bodies('PATCH /api/events/inquiries/2')).toEqual([]);
    expect(
      screen.getByText(
        'Riportare in trattativa la richiesta di Rosa Greco? I coperti tenuti tornano liberi.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sì, in trattativa' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/2')).toEqual([{ status: 'talking' }]),
    );
  });

  it('the hold form takes the focus, and gives it back to its button', async () => {
    renderEvents('/dashboard/events?richiesta=3');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Conferma…' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Coperti' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Conferma…' })),
    );
  });

  it('lost after asking, then reopened where it was', async () => {
    renderEvents('/dashboard/events?richiesta=3');
    await screen.findByRole('article');
    const actions = screen.getByRole('group', {
      name: 'Azioni per la richiesta di Giulia Bianchi',
    });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Conferma…', 'Persa', 'Rifiuta tutte le richieste in attesa di questo cliente']);
    fireEvent.click(within(actions).getByRole('button', { name: 'Persa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sì, persa' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/3')).toEqual([{ status: 'lost' }]),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Riapri' }));
    // Staff had replied: back to "In trattativa".
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/3')[1]).toEqual({ status: 'talking' }),
    );
    expect(await screen.findByText('In trattativa', { selector: '.staff-badge' })).toBeTruthy();
    // A new request goes to "In trattativa" by hand.
    fireEvent.click(screen.getByRole('link', { name: /Nuove/ }));
    fireEvent.click(await screen.findByRole('link', { name: /Hans Müller/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'In trattativa' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/events/inquiries/4')).toEqual([{ status: 'talking' }]),
    );
  });
});
