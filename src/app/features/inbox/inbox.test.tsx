// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as messagesRoute from '../../routes/staff/messages.tsx';
import {
  renderStaffRoutes,
  routeModule,
  startSession,
  fakeServer,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { deliveryLabel, preview, replyHref } from './format.ts';
import type { ContactMessage } from './inbox-api.ts';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };

const message = (overrides: Partial<ContactMessage>): ContactMessage => ({
  id: 1,
  firstName: 'Giulia',
  lastName: 'Bianchi',
  email: 'giulia@example.test',
  message: 'Buongiorno',
  lang: 'it',
  createdAt: '2025-06-01T10:00:00.000Z',
  read: false,
  delivery: { status: 'sent', attempts: 1, lastError: null },
  ...overrides,
});

let messages: ContactMessage[];
let routes: Record<string, FakeRoute>;
const { fetchMock } = fakeServer(() => routes);
const patches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

function patchRoute(id: number): FakeRoute {
  return (init) => {
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    const { read } = JSON.parse(String(init?.body)) as { read: boolean };
    messages = messages.map((item) => (item.id === id ? { ...item, read } : item));
    return Response.json({ id, read });
  };
}

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  messages = [
    message({
      id: 3,
      firstName: 'Hans',
      lastName: 'Müller',
      email: 'hans+tisch@example.test',
      message: 'Guten Tag,\nwir möchten einen Tisch.\n\nDanke',
      lang: 'de',
      createdAt: '2025-06-02T18:30:00.000Z',
      delivery: { status: 'pending', attempts: 2, lastError: 'connect ECONNREFUSED' },
    }),
    message({ id: 2, message: '<b>Prenotazione</b> per 4', read: false }),
    message({
      id: 1,
      firstName: 'Marco',
      lastName: 'Neri',
      read: true,
      delivery: { status: 'failed', attempts: 5, lastError: '550 mailbox unavailable' },
    }),
  ];
  routes = {
    'GET /api/contact-messages': (init) => {
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
      return Response.json({ messages });
    },
    'PATCH /api/contact-messages/1': patchRoute(1),
    'PATCH /api/contact-messages/2': patchRoute(2),
    'PATCH /api/contact-messages/3': patchRoute(3),
  };
});

/** /dashboard/messages through its route module: the client loader fetches the list. */
function renderInbox() {
  renderStaffRoutes('/dashboard/messages', [
    routeModule(messagesRoute, { path: '/dashboard/messages' }),
  ]);
}
const list = () => screen.findByRole('list', { name: 'Messaggi ricevuti' });
const items = async () => within(await list()).getAllByRole('listitem');
const toggleOf = (item: HTMLElement) => within(item).getAllByRole('button')[0]!;

describe('inbox', () => {
  it('newest first, unread marked, the count of unread in the heading, delivery states', async () => {
    renderInbox();
    const rows = await items();
    expect(rows.map((row) => within(row).getByText(/ (Müller|Bianchi|Neri)$/).textContent)).toEqual(
      ['Hans Müller', 'Giulia Bianchi', 'Marco Neri'],
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messaggi 2 nuovi');
    expect(screen.getByRole('region', { name: 'Messaggi 2 nuovi' })).toBeTruthy();
    expect(toggleOf(rows[0]!).getAttribute('aria-expanded')).toBe('false');
    expect(within(rows[0]!).getByText('Nuovo')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nuovo')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Nuovo')).toBeNull();
    expect(rows[0]!.className).toContain('staff-message--unread');
    expect(rows[2]!.className).not.toContain('staff-message--unread');
    expect(within(rows[0]!).getByText('In attesa di invio (tentativi: 2)').title).toBe(
      'Ultimo errore: connect ECONNREFUSED',
    );
    expect(within(rows[1]!).getByText('Inviato')).toBeTruthy();
    expect(within(rows[2]!).getByText('Invio non riuscito').title).toBe(
      'Ultimo errore: 550 mailbox unavailable',
    );
    expect(within(rows[1]!).getByText('Inviato').title).toBe('Inoltro all’email del ristorante');
    // The date in it-IT, in the restaurant's time zone.
    expect(within(rows[0]!).getByText('2 giu 2025, 20:30')).toBeTruthy();
    expect(toggleOf(rows[0]!).textContent).toContain('Guten Tag, wir möchten einen Tisch. Danke');
  });

  it('opening an unread message shows it in full and marks it read', async () => {
    renderInbox();
    const [hans] = await items();
    fireEvent.click(toggleOf(hans!));
    expect(toggleOf(hans!).getAttribute('aria-expanded')).toBe('true');
    const body = document.getElementById(toggleOf(hans!).getAttribute('aria-controls')!)!;
    expect(body).toBeTruthy();
    const text = within(body).getByText(/^Guten Tag/);
    expect(text.textContent).toBe('Guten Tag,\nwir möchten einen Tisch.\n\nDanke');
    expect(text.getAttribute('lang')).toBe('de');
    expect(within(body).getByText('hans+tisch@example.test')).toBeTruthy();
    expect(within(body).getByText('lunedì 2 giugno 2025 alle ore 20:30')).toBeTruthy();
    expect(within(body).getByText('Tedesco')).toBeTruthy();
    expect(within(body).getByText('Ultimo errore: connect ECONNREFUSED')).toBeTruthy();
    const reply = within(body).getByRole('link', { name: 'Rispondi via email' });
    expect(reply.getAttribute('href')).toBe(
      'mailto:hans%2Btisch@example.test?subject=Re%3A%20il%20tuo%20messaggio%20a%20Trattoria%20La%20Tonnara&body=Gentile%20Hans%2C%0D%0A%0D%0A',
    );
    await waitFor(() => expect(patches()).toEqual([['/api/contact-messages/3', { read: true }]]));
    expect(within(hans!).queryByText('Nuovo')).toBeNull();
    expect(screen.getByRole('region', { name: 'Messaggi 1 nuovo' })).toBeTruthy();
    expect(within(body).getByRole('button', { name: 'Segna come da leggere' })).toBeTruthy();
    // Enter on the focused button closes it (a native button: click).
    fireEvent.click(toggleOf(hans!));
    expect(toggleOf(hans!).getAttribute('aria-expanded')).toBe('false');
  });

  it('"Segna come da leggere" and "Segna come letto"', async () => {
    renderInbox();
    const rows = await items();
    const marco = rows[2]!;
    fireEvent.click(toggleOf(marco));
    // Already read: opening it changes nothing on the server.
    expect(patches()).toEqual([]);
    fireEvent.click(within(marco).getByRole('button', { name: 'Segna come da leggere' }));
    expect(within(marco).getByText('Nuovo')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Messaggi 3 nuovi' })).toBeTruthy();
    fireEvent.click(within(marco).getByRole('button', { name: 'Segna come letto' }));
    expect(within(marco).queryByText('Nuovo')).toBeNull();
    await waitFor(() =>
      expect(patches()).toEqual([
        ['/api/contact-messages/1', { read: false }],
        ['/api/contact-messages/1', { read: true }],
      ]),
    );
  });

  it('the message is text, never HTML', async () => {
    renderInbox();
    const [, giulia] = await items();
    fireEvent.click(toggleOf(giulia!));
    const text = within(giulia!).getByText('<b>Prenotazione</b> per 4');
    expect(text.querySelector('b')).toBeNull();
    expect(document.querySelector('.staff-messages b')).toBeNull();
  });

  it('markup in a message, its name or its address is shown as text: no element injected (docs/security.md item 20)', async () => {
    const hostile =
      '<script>window.injected = 1</script><img src="x" onerror="window.injected = 2">';
    messages = [
      message({
        id: 4,
        firstName: '<img src="x" onerror="window.injected = 3">',
        lastName: '<script>window.injected = 4</script>',
        email: '"<img/onerror=x>"@example.test',
        message: hostile,
      }),
    ];
    renderInbox();
    const [item] = await items();
    // The preview, then the message opened: each as typed.
    const shown = () =>
      within(item!).getByText((_, node) => node?.textContent === hostile, {
        selector: '.staff-message__preview, .staff-message__text',
      });
    expect(shown().className).toBe('staff-message__preview');
    fireEvent.click(toggleOf(item!));
    await waitFor(() => expect(shown().className).toBe('staff-message__text'));
    expect(item!.textContent).toContain('<img src="x" onerror="window.injected = 3">');
    expect(item!.textContent).toContain('<script>window.injected = 4</script>');
    expect(item!.textContent).toContain('"<img/onerror=x>"@example.test');
    expect(item!.querySelector('script, img, [onerror]')).toBeNull();
    expect((window as { injected?: number }).injected).toBeUndefined();
  });

  it('a failed PATCH puts the mark back and goes through the generic handler', async () => {
    routes['PATCH /api/contact-messages/2'] = () =>
      Response.json({ message: 'Messaggio non trovato.' }, { status: 404 });
    renderInbox();
    const [, giulia] = await items();
    fireEvent.click(toggleOf(giulia!));
    await waitFor(() => expect(toasts).toEqual([['error', 'Messaggio non trovato.']]));
    expect(within(giulia!).getByText('Nuovo')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Messaggi 2 nuovi' })).toBeTruthy();
  });

  it('"Ricarica" asks the server again', async () => {
    renderInbox();
    await items();
    messages = [message({ id: 4, firstName: 'Sara', lastName: 'Verdi' }), ...messages];
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    expect(await screen.findByText('Sara Verdi')).toBeTruthy();
    expect((await items()).length).toBe(4);
    expect(screen.getByRole('region', { name: 'Messaggi 3 nuovi' })).toBeTruthy();
  });

  it('empty: "Nessun messaggio."', async () => {
    messages = [];
    renderInbox();
    expect(await screen.findByText('Nessun messaggio.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messaggi');
  });

  it('"Caricamento messaggi..." until the list is in, "Ricarica" disabled meanwhile', async () => {
    let answer!: () => void;
    const list = routes['GET /api/contact-messages']!;
    routes['GET /api/contact-messages'] = async (init) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return list(init);
    };
    renderInbox();
    expect((await screen.findByText('Caricamento messaggi...')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Messaggi');
    expect(screen.getByRole('button', { name: 'Ricarica' })).toHaveProperty('disabled', true);
    answer();
    expect((await items()).length).toBe(3);
    expect(screen.getByRole('button', { name: 'Ricarica' })).toHaveProperty('disabled', false);
  });

  it('while "Ricarica" waits: the list stays, the button says "Caricamento..."', async () => {
    renderInbox();
    await items();
    let answer!: () => void;
    const list = routes['GET /api/contact-messages']!;
    routes['GET /api/contact-messages'] = async (init) => {
      await new Promise<void>((resolve) => (answer = resolve));
      return list(init);
    };
    messages = [message({ id: 4, firstName: 'Sara', lastName: 'Verdi' }), ...messages];
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    const busy = await screen.findByRole('button', { name: 'Caricamento...' });
    expect(busy).toHaveProperty('disabled', true);
    expect((await items()).length).toBe(3);
    answer();
    expect(await screen.findByText('Sara Verdi')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ricarica' })).toHaveProperty('disabled', false);
  });

  it('an expired session: "Effettua il login", the session forgotten, /login remembering the inbox', async () => {
    routes['GET /api/contact-messages'] = () =>
      Response.json({ message: 'Sessione scaduta' }, { status: 401 });
    renderInbox();
    expect(await screen.findByText('at /login from /dashboard/messages')).toBeTruthy();
    expect(toasts).toEqual([
      ['error', 'Sessione scaduta'],
      ['warning', 'Effettua il login'],
    ]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('no answer: "Impossibile caricare i messaggi."; "Ricarica" tries again', async () => {
    const list = routes['GET /api/contact-messages']!;
    routes['GET /api/contact-messages'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderInbox();
    expect(await screen.findByText('Impossibile caricare i messaggi.')).toBeTruthy();
    // The failure is reported from an effect, which may run after the text shows.
    await vi.waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
    routes['GET /api/contact-messages'] = list;
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    expect((await items()).length).toBe(3);
    expect(screen.queryByText('Impossibile caricare i messaggi.')).toBeNull();
    expect(toasts).toEqual([['error', 'Errore sconosciuto.']]);
  });

  it('a failed reload keeps the list on screen', async () => {
    renderInbox();
    await items();
    routes['GET /api/contact-messages'] = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(screen.getByRole('button', { name: 'Ricarica' }));
    await waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
    expect((await items()).length).toBe(3);
    expect(screen.queryByText('Impossibile caricare i messaggi.')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Ricarica' })).toHaveProperty('disabled', false),
    );
  });
});

describe('inbox helpers', () => {
  it('delivery labels', () => {
    expect(deliveryLabel({ status: 'sent', attempts: 1, lastError: null })).toEqual({
      tone: 'sent',
      text: 'Inviato',
    });
    expect(deliveryLabel({ status: 'pending', attempts: 0, lastError: null }).text).toBe(
      'In attesa di invio (tentativi: 0)',
    );
    expect(deliveryLabel({ status: 'failed', attempts: 8, lastError: 'x' }).text).toBe(
      'Invio non riuscito',
    );
    expect(deliveryLabel(null).tone).toBe('unknown');
  });

  it('the reply link cannot be bent by the address or the name', () => {
    const href = replyHref({ email: 'a&cc=b@example.test', firstName: 'Ann?a' }, 'La Tonnara');
    expect(href.startsWith('mailto:a%26cc%3Db@example.test?subject=')).toBe(true);
    expect(href).toContain('&body=Gentile%20Ann%3Fa%2C');
    expect(replyHref({ email: 'x@example.test', firstName: ' ' }, undefined)).not.toContain(
      'body=',
    );
    // The owner's name for the restaurant is text in the subject, whatever it holds.
    expect(replyHref({ email: 'x@example.test', firstName: '' }, 'Bar & Cucina?')).toBe(
      'mailto:x@example.test?subject=Re%3A%20il%20tuo%20messaggio%20a%20Bar%20%26%20Cucina%3F',
    );
    expect(replyHref({ email: 'x@example.test', firstName: '' }, undefined)).toBe(
      'mailto:x@example.test?subject=Re%3A%20il%20tuo%20messaggio',
    );
  });

  it('preview: one line, at most 120 characters', () => {
    expect(preview('a\n\nb   c')).toBe('a b c');
    const long = preview('x'.repeat(300));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
