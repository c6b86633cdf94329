// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as dashboardRoute from '../../routes/staff/dashboard.tsx';
import {
  endSession,
  renderStaffRoutes,
  routeModule,
  startSession,
  fakeServer,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { BackOfficeShell } from '../../back-office/index.ts';
import { resultDialogContent } from './dialog-content.ts';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const MENU = {
  id: 1,
  titolo: 'Menu di mare',
  descrizione: 'Spaghetti alle vongole, Frittura di paranza',
  infoAggiuntive: 'Acqua inclusa',
  updatedAt: '2025-06-01T10:00:00.000Z',
};
const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };

let routes: Record<string, FakeRoute>;
const { fetchMock } = fakeServer(() => routes);

/** /dashboard's route module (its client loader fetches the menu), in the back office's shell. */
function renderDashboard() {
  renderStaffRoutes('/dashboard', [
    {
      path: '/dashboard',
      Component: BackOfficeShell,
      children: [routeModule(dashboardRoute, { index: true })],
    },
  ]);
}

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  routes = {
    'GET /api/daily-menu/1': () => Response.json(MENU),
    'GET /api/staff': () =>
      Response.json({
        staff: [{ ...ANNA, username: 'anna', createdAt: '2025-05-01T08:00:00.000Z' }],
      }),
    'GET /api/daily-menu/1/translations': () =>
      Response.json({
        translations: ['en', 'fr', 'es', 'de'].map((lang) => ({
          lang,
          machine: null,
          staff: null,
          staffStale: false,
        })),
      }),
    'GET /api/contact-messages': () => Response.json({ messages: [] }),
    'GET /api/overview': () =>
      Response.json({
        date: '2025-06-01',
        covers: 18,
        capacity: 40,
        takeawayToMake: 2,
        newEventRequests: 0,
        unreadMessages: 1,
      }),
  };
});

async function typeTitle(text: string) {
  const field = await screen.findByLabelText('Nome del menu');
  fireEvent.change(field, { target: { value: text } });
  return field;
}

describe('dashboard', () => {
  it('"Caricamento dati utente..." until the menu is in', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    routes['GET /api/daily-menu/1'] = async () => {
      await gate;
      return Response.json(MENU);
    };
    renderDashboard();
    expect(await screen.findByText('Caricamento dati utente...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disconnetti' })).toBeTruthy();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao Anna' })).toBeTruthy();
    expect(screen.queryByText('Caricamento dati utente...')).toBeNull();
  });

  it('a menu that does not load says so and offers a retry, never an empty form', async () => {
    routes['GET /api/daily-menu/1'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossibile caricare il menu del giorno.');
    // An empty form, saved, would wipe the menu out.
    expect(screen.queryByLabelText('Nome del menu')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aggiorna' })).toBeNull();
    routes['GET /api/daily-menu/1'] = () => Response.json(MENU);
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    const field = (await screen.findByLabelText('Nome del menu')) as HTMLTextAreaElement;
    expect(field.value).toBe(MENU.titolo);
  });

  it('greets, explains, and fills the three fields from the server', async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ciao Anna' })).toBeTruthy();
    expect(
      screen.getByText('Modifica il menu del giorno inserendo i dettagli richiesti.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Nome del menu') as HTMLTextAreaElement).value).toBe(MENU.titolo);
    const description = screen.getByLabelText('Descrizione') as HTMLTextAreaElement;
    const info = screen.getByLabelText('Informazioni aggiuntive') as HTMLTextAreaElement;
    expect(description.value).toBe(MENU.descrizione);
    expect(description.rows).toBe(4);
    expect(info.rows).toBe(4);
    // One hint under each of the two list fields, each tied to its own field.
    const hints = [description, info].map((field) => {
      const hint = document.getElementById(field.getAttribute('aria-describedby')!);
      expect(hint?.textContent).toBe('Separa ogni opzione con la virgola');
      expect(hint?.previousElementSibling).toBe(field);
      return hint;
    });
    expect(hints[0]).not.toBe(hints[1]);
    expect(screen.getByRole('button', { name: 'Disconnetti' })).toBeTruthy();
  });

  it('the header names the sections by group; the owners’ sections only for owners', async () => {
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Ciao Anna' });
    const nav = screen.getByRole('navigation', { name: 'Sezioni' });
    const groups = () =>
      within(nav)
        .getAllByRole('list')
        .map((list) => [
          list.getAttribute('aria-labelledby') &&
            document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent,
          within(list)
            .getAllByRole('link')
            .map((link) => link.textContent),
        ]);
    expect(groups()).toEqual([
      ['Oggi', ['Prenotazioni', 'Sala', 'Asporto']],
      ['Cucina e menu', ['Menu del giorno', 'Menu', 'Stampa e QR']],
      ['Sito', ['Orari e dati', 'Foto', 'Testi del sito']],
      ['Ospiti ed eventi', ['Ospiti', 'Eventi', 'Messaggi']],
      ['Ristorante', ['Colleghi', 'Il mio account']],
    ]);
    expect(
      within(nav).getByRole('link', { name: 'Menu del giorno' }).getAttribute('aria-current'),
    ).toBe('page');
    localStorage.setItem('user', JSON.stringify({ ...ANNA, role: 'owner' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    await waitFor(() =>
      expect(groups()).toEqual([
        ['Oggi', ['Prenotazioni', 'Sala', 'Asporto']],
        ['Cucina e menu', ['Menu del giorno', 'Menu', 'Stampa e QR']],
        ['Sito', ['Orari e dati', 'Foto', 'Testi del sito']],
        ['Ospiti ed eventi', ['Ospiti', 'Eventi', 'Messaggi']],
        [
          'Ristorante',
          ['Colleghi', 'Pianta della sala', 'Report', 'Registro attività', 'Il mio account'],
        ],
      ]),
    );
  });

  it("under the greeting tonight's numbers (features/overview); below the editor: the translation review", async () => {
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Ciao Anna' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Stasera', 'Menu del giorno', 'Traduzioni del menu del giorno']);
    expect(
      (await screen.findByRole('link', { name: /Messaggio non letto/ })).getAttribute('href'),
    ).toBe('/dashboard/messages');
    expect(
      await screen.findByRole('button', {
        name: 'Tedesco Nessuna traduzione: i visitatori vedono l’italiano',
      }),
    ).toBeTruthy();
  });

  it('saving the menu makes the translation review ask the server again', async () => {
    routes['PUT /api/daily-menu/1'] = (init) =>
      Response.json({ ...MENU, ...JSON.parse(String(init?.body)) });
    renderDashboard();
    await typeTitle('Menu nuovo');
    await screen.findByRole('button', { name: /^Tedesco/ });
    const before = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/translations'));
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    expect(await screen.findByText('Traduzione del menu in corso...')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/translations')).length,
        ).toBeGreaterThan(before.length),
      { timeout: 5000 },
    );
  });

  it('success dialog with the status text; "Chiudi" refills the fields from the answer', async () => {
    const stored = { ...MENU, titolo: 'Menu salvato' };
    routes['PUT /api/daily-menu/1'] = (init) => {
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
      expect(JSON.parse(String(init?.body))).toEqual({
        titolo: 'Menu nuovo',
        descrizione: MENU.descrizione,
        infoAggiuntive: MENU.infoAggiuntive,
      });
      return Response.json(stored, { status: 200, statusText: 'OK' });
    };
    renderDashboard();
    const field = await typeTitle('Menu nuovo');
    expect(localStorage.getItem('title')).toBe('Menu nuovo');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Aggiornamento eseguito con successo.',
    );
    expect(dialog.textContent).toContain(
      'Il contenuto è stato aggiornato correttamente. Success: OK.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((field as HTMLTextAreaElement).value).toBe('Menu salvato');
    expect(localStorage.getItem('title')).toBeNull();
  });

  it('401: failure dialog with the unauthorised detail; "Chiudi" goes to /login, the draft stays', async () => {
    routes['PUT /api/daily-menu/1'] = () =>
      Response.json({ message: 'Sessione scaduta' }, { status: 401 });
    renderDashboard();
    await typeTitle('Testo scritto prima della scadenza');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Qualcosa è andato storto.');
    expect(dialog.textContent).toContain(
      'Il contenuto non è stato aggiornato. Errore: non sei autorizzato a compiere questa azione. 401 unauthorized',
    );
    expect(dialog.textContent).toContain('Contatta lo sviluppatore per ulteriori chiarimenti.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    expect(await screen.findByText('at /login from /dashboard')).toBeTruthy();
    expect(toasts).toContainEqual(['warning', 'Effettua il login']);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('title')).toBe('Testo scritto prima della scadenza');
  });

  it('any other failure: "Errore sconosciuto"', async () => {
    routes['PUT /api/daily-menu/1'] = () => Response.json({ message: 'boom' }, { status: 500 });
    renderDashboard();
    await typeTitle('X');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Il contenuto non è stato aggiornato. Errore: Errore sconosciuto. Contatta lo sviluppatore per ulteriori chiarimenti.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Ciao Anna' })).toBeTruthy();
  });

  it('without a stored token the save is skipped silently', async () => {
    renderDashboard();
    await typeTitle('Y');
    localStorage.removeItem('token');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiorna' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('unsaved drafts are shown instead of the server text', async () => {
    localStorage.setItem('descrizione', 'Bozza: pasta con le sarde');
    renderDashboard();
    const description = (await screen.findByLabelText('Descrizione')) as HTMLTextAreaElement;
    expect(description.value).toBe('Bozza: pasta con le sarde');
    expect((screen.getByLabelText('Nome del menu') as HTMLTextAreaElement).value).toBe(MENU.titolo);
  });

  it('logged out: to /login, remembering /dashboard', async () => {
    endSession();
    renderDashboard();
    expect(await screen.findByText('at /login from /dashboard')).toBeTruthy();
  });

  it('logout: spinner, DELETE with the bearer, storage cleared, "Logout effettuato."', async () => {
    routes['DELETE /api/auth/logout'] = (init) => {
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
      return new Response(null, { status: 204 });
    };
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnetti' }));
    expect(await screen.findByText(/^at \/login/)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(toasts).toEqual([['success', 'Logout effettuato.']]);
  });

  it('logout without an answer: still logged out, plus "Errore durante il logout."', async () => {
    routes['DELETE /api/auth/logout'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnetti' }));
    expect(await screen.findByText(/^at \/login/)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(toasts).toEqual([
      ['success', 'Logout effettuato.'],
      ['error', 'Errore durante il logout.'],
    ]);
  });
});

describe('resultDialogContent', () => {
  it('falls back to "OK" when the browser gives no status text (HTTP/2)', () => {
    expect(resultDialogContent({ ok: true, statusText: '' }).body).toBe(
      'Il contenuto è stato aggiornato correttamente. Success: OK.',
    );
  });
  it('a request without an answer is "Errore sconosciuto"', () => {
    expect(
      resultDialogContent({ ok: false, failure: { kind: 'network', error: new Error('x') } }),
    ).toEqual({
      title: 'Qualcosa è andato storto.',
      body: 'Il contenuto non è stato aggiornato. Errore: Errore sconosciuto. Contatta lo sviluppatore per ulteriori chiarimenti.',
    });
  });
});
