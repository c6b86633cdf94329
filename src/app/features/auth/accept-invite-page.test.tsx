// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffPage, stubFetch } from '../../staff/test-utils.tsx';
import { AcceptInvitePage } from './accept-invite-page.tsx';
import { AccountPage } from './account-page.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const fetchMock = stubFetch();
beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
});

const TOKEN = 'A'.repeat(43);
const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/accept-invite', () => {
  it('sets the password, stores the session like a login, greets, goes to /dashboard', async () => {
    fetchMock.mockResolvedValue(
      Response.json({
        email: 'giulia@example.test',
        firstName: 'Giulia',
        lastName: 'Russo',
        role: 'staff',
        tokens: [{ token: 'new-session' }],
      }),
    );
    renderStaffPage('/accept-invite', <AcceptInvitePage />, {
      url: `/accept-invite?token=${TOKEN}`,
    });
    expect(screen.getByRole('heading', { name: 'Attiva il tuo account' })).toBeTruthy();
    choose('Nuova password', 'barche-in-rada-al-tramonto');
    fireEvent.click(screen.getByRole('button', { name: 'Attiva account' }));
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(toasts).toEqual([['success', 'Benvenuto! Il tuo account è attivo.']]);
    expect(localStorage.getItem('token')).toBe('new-session');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      email: 'giulia@example.test',
      role: 'staff',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/staff/invitations/${TOKEN}/accept`);
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'barche-in-rada-al-tramonto' });
  });

  it('a used or expired link: the message, and no form', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { errors: [{ code: 'invalid-invitation', description: 'Il link non è valido.' }] },
        { status: 400 },
      ),
    );
    renderStaffPage('/accept-invite', <AcceptInvitePage />, {
      url: `/accept-invite?token=${TOKEN}`,
    });
    choose('Nuova password', 'barche-in-rada-al-tramonto');
    fireEvent.click(screen.getByRole('button', { name: 'Attiva account' }));
    expect(
      await screen.findByText('Invito non valido o scaduto. Chiedi al titolare un nuovo invito.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Attiva account' })).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('no token in the address: the same message at once', () => {
    renderStaffPage('/accept-invite', <AcceptInvitePage />);
    expect(
      screen.getByText('Invito non valido o scaduto. Chiedi al titolare un nuovo invito.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/dashboard/account', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user',
      JSON.stringify({
        email: 'anna@example.test',
        firstName: 'Anna',
        lastName: 'Russo',
        role: 'owner',
      }),
    );
  });

  it('changes the password with the current one; the form clears', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'ok' }));
    renderStaffPage('/dashboard/account', <AccountPage />);
    expect(screen.getByText(/Ruolo: Titolare/)).toBeTruthy();
    choose('Password attuale', 'onde-del-mare-azzurro');
    choose('Nuova password', 'sale-e-pepe-sul-molo');
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    await vi.waitFor(() =>
      expect(toasts).toEqual([
        ['success', 'Password aggiornata. Le altre sessioni sono state chiuse.'],
      ]),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/password');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'onde-del-mare-azzurro',
      newPassword: 'sale-e-pepe-sul-molo',
    });
    expect((screen.getByLabelText('Password attuale') as HTMLInputElement).value).toBe('');
  });

  it('a wrong current password shows the server message', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { errors: { currentPassword: ['La password attuale non è corretta.'] } },
        { status: 400 },
      ),
    );
    renderStaffPage('/dashboard/account', <AccountPage />);
    choose('Password attuale', 'sbagliata-davvero');
    choose('Nuova password', 'sale-e-pepe-sul-molo');
    fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    await vi.waitFor(() =>
      expect(toasts).toEqual([['error', 'La password attuale non è corretta.']]),
    );
  });
});
