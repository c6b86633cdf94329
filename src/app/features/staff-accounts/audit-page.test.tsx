// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as auditRoute from '../../routes/staff/audit.tsx';
import { renderStaffRoutes, routeModule, startSession } from '../../staff/test-utils.tsx';
import { BackOfficeShell } from '../../back-office/index.ts';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const entry = (n: number) => ({
  at: '2026-07-01T10:05:00.000Z',
  actor: n % 2 ? { email: 'anna@example.test' } : null,
  action: 'daily_menu.update',
  target: 'daily_menu:1',
  summary: `Menu del giorno aggiornato (${n}).`,
});
const fetchMock = vi.fn<typeof fetch>();
const answerAudit = async (input: RequestInfo | URL) => {
  const limit = Number(new URL(String(input), 'http://x').searchParams.get('limit'));
  return Response.json(Array.from({ length: Math.min(limit, 120) }, (_, i) => entry(i + 1)));
};
const owner = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'owner',
} as const;
beforeEach(() => {
  localStorage.clear();
  startSession(owner);
  toasts.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(answerAudit);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const asked = () => fetchMock.mock.calls.map(([url]) => String(url));

/**
 * /dashboard/audit through its route module (the client loader fetches the
 * log), inside the back office's shell, whose "Registro attività" link opens it again.
 */
function renderAudit(url = '/dashboard/audit') {
  renderStaffRoutes(url, [
    {
      path: '/dashboard',
      Component: BackOfficeShell,
      children: [routeModule(auditRoute, { path: 'audit' })],
    },
  ]);
}

describe('/dashboard/audit', () => {
  it('lists who did what, in Rome time, newest first; "Mostra altri" asks for more', async () => {
    renderAudit();
    const list = await screen.findByRole('list', { name: 'Registro attività' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(50);
    // 10:05 UTC in July is 12:05 in Rome.
    expect(within(items[0]!).getByText('01/07/26, 12:05')).toBeTruthy();
    expect(within(items[0]!).getByText('anna@example.test')).toBeTruthy();
    expect(within(items[1]!).getByText('Sistema')).toBeTruthy();
    expect(within(items[0]!).getByText('Menu del giorno aggiornato (1).')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(100));
    fireEvent.click(screen.getByRole('button', { name: 'Mostra altri' }));
    // The server has 120: no more to show.
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(120));
    expect(screen.queryByRole('button', { name: 'Mostra altri' })).toBeNull();
    expect(asked()).toEqual([
      '/api/audit?limit=50',
      '/api/audit?limit=100',
      '/api/audit?limit=200',
    ]);
  });

  it.each([
    ['/dashboard/audit?limit=100', '/api/audit?limit=100'],
    ['/dashboard/audit?limit=9999', '/api/audit?limit=50'],
    ['/dashboard/audit?limit=tutti', '/api/audit?limit=50'],
  ])('%s asks for %s (the server refuses more than 500)', async (url, call) => {
    renderAudit(url);
    await screen.findByRole('list', { name: 'Registro attività' });
    expect(asked()).toEqual([call]);
  });

  it('"Caricamento registro..." until the log is in', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async (input) => {
      await gate;
      return answerAudit(input);
    });
    renderAudit();
    expect(await screen.findByText('Caricamento registro...')).toBeTruthy();
    answer();
    expect(await screen.findByRole('list', { name: 'Registro attività' })).toBeTruthy();
    expect(screen.queryByText('Caricamento registro...')).toBeNull();
  });

  it('a failed load says so; "Registro attività" in the header loads it again', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderAudit();
    expect(await screen.findByText('Impossibile caricare il registro.')).toBeTruthy();
    // The failure is reported from an effect, which may run after the text shows.
    await vi.waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
    fetchMock.mockImplementation(answerAudit);
    const nav = screen.getByRole('navigation', { name: 'Sezioni' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Registro attività' }));
    expect(await screen.findByRole('list', { name: 'Registro attività' })).toBeTruthy();
    expect(screen.queryByText('Impossibile caricare il registro.')).toBeNull();
  });

  it('an expired session: "Effettua il login", the session forgotten, /login remembering the log', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Sessione scaduta' }, { status: 401 }),
    );
    renderAudit();
    expect(await screen.findByText('at /login from /dashboard/audit')).toBeTruthy();
    expect(toasts).toEqual([
      ['error', 'Sessione scaduta'],
      ['warning', 'Effettua il login'],
    ]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a staff member is told it is for the owner, and nothing is asked', async () => {
    startSession({ ...owner, role: 'staff' });
    renderAudit();
    expect(
      await screen.findByText('Solo il titolare può consultare il registro attività.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
