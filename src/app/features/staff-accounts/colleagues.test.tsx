// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as teamRoute from '../../routes/staff/team.tsx';
import { renderStaffRoutes, routeModule, startSession } from '../../staff/test-utils.tsx';
import { BackOfficeShell } from '../../back-office/index.ts';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'owner',
} as const;
const member = (id: number, email: string, firstName: string, role: 'owner' | 'staff') => ({
  id,
  email,
  username: email.split('@')[0],
  firstName,
  lastName: 'Russo',
  role,
  createdAt: '2025-05-01T08:00:00.000Z',
});
const invitation = (id: number, email: string, status: string) => ({
  id,
  email,
  firstName: 'Giulia',
  lastName: 'Russo',
  role: 'staff',
  status,
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2026-11-27T08:00:00.000Z',
  invitedBy: { email: 'anna@example.test' },
});

let staff: ReturnType<typeof member>[];
let invitations: ReturnType<typeof invitation>[];
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  staff = [
    member(1, 'anna@example.test', 'Anna', 'owner'),
    member(2, 'marco@example.test', 'Marco', 'staff'),
  ];
  invitations = [invitation(7, 'old@example.test', 'expired')];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/staff') return Response.json({ staff });
    if (key === 'GET /api/staff/invitations') return Response.json({ invitations });
    if (key === 'POST /api/staff/invitations') {
      const body = JSON.parse(String(init!.body)) as { email: string };
      if (body.email === 'marco@example.test') {
        return Response.json(
          {
            errors: [
              {
                code: 'email-taken',
                description: 'Esiste già un account con questo indirizzo e-mail.',
              },
            ],
          },
          { status: 409 },
        );
      }
      const made = invitation(8, body.email, 'pending');
      invitations = [made, ...invitations];
      return Response.json(made, { status: 201 });
    }
    if (key === 'PATCH /api/staff/2') {
      staff = staff.map((one) => (one.id === 2 ? { ...one, role: 'owner' } : one));
      return Response.json(staff[1]);
    }
    if (key === 'DELETE /api/staff/2') {
      staff = staff.filter((one) => one.id !== 2);
      return new Response(null, { status: 204 });
    }
    if (key === 'DELETE /api/staff/invitations/8') {
      invitations = invitations.map((one) => (one.id === 8 ? { ...one, status: 'revoked' } : one));
      return new Response(null, { status: 204 });
    }
    throw new TypeError(`unexpected ${key}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/**
 * /dashboard/team through its route module (the client loader fetches the
 * lists), inside the back office's shell, whose "Colleghi" link opens it again.
 */
function renderTeam() {
  renderStaffRoutes('/dashboard/team', [
    {
      path: '/dashboard',
      Component: BackOfficeShell,
      children: [routeModule(teamRoute, { path: 'team' })],
    },
  ]);
}

function sendInvitation(email: string) {
  const form = screen.getByRole('form', { name: 'Invita un collega' });
  const field = (name: string | RegExp) => within(form).getByLabelText(name);
  fireEvent.change(field('Email'), { target: { value: email } });
  fireEvent.change(field('Nome'), { target: { value: 'Giulia' } });
  fireEvent.change(field('Cognome'), { target: { value: 'Russo' } });
  fireEvent.change(field('Ruolo'), { target: { value: 'staff' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Invia invito' }));
}

const listItem = async (list: string, text: string) =>
  (await within(await screen.findByRole('list', { name: list })).findByText(text)).closest('li')!;

describe('colleagues, for an owner', () => {
  it('lists every account with its role, with the bearer token', async () => {
    renderTeam();
    const anna = await listItem('Colleghi', 'anna@example.test');
    expect(within(anna).getByText('Titolare')).toBeTruthy();
    expect(within(anna).getByText('tu')).toBeTruthy();
    // Nobody manages their own account here.
    expect(within(anna).queryByRole('button')).toBeNull();
    const marco = await listItem('Colleghi', 'marco@example.test');
    expect(within(marco).getByText('Staff')).toBeTruthy();
    const init = fetchMock.mock.calls[0]![1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('invites a colleague, who then shows as pending; a refusal shows the server text', async () => {
    renderTeam();
    await listItem('Inviti', 'old@example.test');
    sendInvitation('giulia@example.test');
    const pending = await listItem('Inviti', 'giulia@example.test');
    expect(within(pending).getByText('In attesa')).toBeTruthy();
    expect(within(await listItem('Inviti', 'old@example.test')).getByText('Scaduto')).toBeTruthy();
    expect(toasts).toEqual([['success', 'Invito inviato a giulia@example.test.']]);
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      email: 'giulia@example.test',
      firstName: 'Giulia',
      lastName: 'Russo',
      role: 'staff',
    });
    toasts.length = 0;
    sendInvitation('marco@example.test');
    await vi.waitFor(() =>
      expect(toasts).toEqual([['warning', 'Esiste già un account con questo indirizzo e-mail.']]),
    );
  });

  it('changes a role and removes an account only after confirming', async () => {
    renderTeam();
    let marco = await listItem('Colleghi', 'marco@example.test');
    fireEvent.click(within(marco).getByRole('button', { name: 'Rendi titolare' }));
    expect(
      within(marco).getByText('Vuoi davvero cambiare il ruolo di Marco Russo in Titolare?'),
    ).toBeTruthy();
    fireEvent.click(within(marco).getByRole('button', { name: 'Annulla' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.click(within(marco).getByRole('button', { name: 'Rendi titolare' }));
    fireEvent.click(within(marco).getByRole('button', { name: 'Conferma' }));
    await vi.waitFor(() => expect(toasts).toContainEqual(['success', 'Ruolo aggiornato.']));
    marco = await listItem('Colleghi', 'marco@example.test');
    await vi.waitFor(() => expect(within(marco).getByText('Titolare')).toBeTruthy());
    fireEvent.click(within(marco).getByRole('button', { name: 'Rimuovi' }));
    fireEvent.click(within(marco).getByRole('button', { name: 'Conferma' }));
    await vi.waitFor(() => expect(screen.queryByText('marco@example.test')).toBeNull());
    expect(toasts).toContainEqual(['success', 'Account rimosso.']);
  });

  it('revokes a pending invitation', async () => {
    invitations = [invitation(8, 'giulia@example.test', 'pending')];
    renderTeam();
    const pending = await listItem('Inviti', 'giulia@example.test');
    expect(within(pending).getByText('Scade il 27 novembre 2026')).toBeTruthy();
    fireEvent.click(within(pending).getByRole('button', { name: 'Revoca' }));
    fireEvent.click(within(pending).getByRole('button', { name: 'Conferma' }));
    await vi.waitFor(async () =>
      expect(
        within(await listItem('Inviti', 'giulia@example.test')).getByText('Revocato'),
      ).toBeTruthy(),
    );
  });
});

describe('loading the lists', () => {
  it('"Caricamento colleghi..." under each title until its list is in', async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const respond = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return respond(input, init);
    });
    renderTeam();
    const colleagues = await screen.findByRole('region', { name: 'Colleghi' });
    expect(within(colleagues).getByRole('status').textContent).toBe('Caricamento colleghi...');
    const invitationsPanel = screen.getByRole('region', { name: 'Inviti' });
    expect(within(invitationsPanel).getByRole('status').textContent).toBe(
      'Caricamento colleghi...',
    );
    answer();
    await listItem('Colleghi', 'marco@example.test');
    await listItem('Inviti', 'old@example.test');
  });

  it('a failed load says so under each title; "Colleghi" in the header loads them again', async () => {
    const respond = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderTeam();
    await vi.waitFor(() =>
      expect(screen.getAllByText('Impossibile caricare l’elenco dei colleghi.')).toHaveLength(2),
    );
    // The failures are reported from effects, which may run after the texts show.
    await vi.waitFor(() =>
      expect(toasts).toEqual([
        ['error', 'Errore sconosciuto.'],
        ['error', 'Errore sconosciuto.'],
      ]),
    );
    fetchMock.mockImplementation(respond);
    const nav = screen.getByRole('navigation', { name: 'Sezioni' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Colleghi' }));
    await listItem('Colleghi', 'marco@example.test');
    await listItem('Inviti', 'old@example.test');
    expect(screen.queryByText('Impossibile caricare l’elenco dei colleghi.')).toBeNull();
  });

  it('an expired session: "Effettua il login", the session forgotten, /login remembering the page', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ message: 'Sessione scaduta' }, { status: 401 }),
    );
    renderTeam();
    expect(await screen.findByText('at /login from /dashboard/team')).toBeTruthy();
    expect(toasts).toContainEqual(['warning', 'Effettua il login']);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('colleagues, for staff', () => {
  it('shows the list only: no actions, no invitations, and why', async () => {
    startSession({ ...ANNA, email: 'marco@example.test', role: 'staff' });
    renderTeam();
    const anna = await listItem('Colleghi', 'anna@example.test');
    expect(within(anna).queryByRole('button')).toBeNull();
    expect(
      screen.getByText(/Solo il titolare invita, rimuove o cambia il ruolo dei colleghi\./),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invita un collega' })).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/staff']);
  });

  it('made owner in another tab: the invitations load', async () => {
    startSession({ ...ANNA, role: 'staff' });
    renderTeam();
    await listItem('Colleghi', 'anna@example.test');
    localStorage.setItem('user', JSON.stringify(ANNA));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    await listItem('Inviti', 'old@example.test');
  });
});
