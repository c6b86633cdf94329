// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffPage, stubFetch } from '../../staff/test-utils.tsx';
import { SetupPage } from './setup-page.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const fetchMock = stubFetch();
beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
});

const TOKEN = 'S'.repeat(43);
const INVALID =
  'Questo link non è più valido: riavvia il server per averne uno nuovo (lo trovi nel suo log).';
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillForm() {
  fill('Nome', ' Anna ');
  fill('Cognome', 'Rossi');
  fill('Email', 'anna@trattoria.example');
  fill('Password', 'barche-in-rada-al-tramonto');
  fireEvent.click(screen.getByRole('button', { name: 'Crea account' }));
}

const openPage = () => renderStaffPage('/setup', <SetupPage />, { url: `/setup?token=${TOKEN}` });

describe('/setup', () => {
  it('creates the owner, stores the session like a login, greets, goes to /dashboard', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          email: 'anna@trattoria.example',
          firstName: 'Anna',
          lastName: 'Rossi',
          role: 'owner',
          tokens: [{ token: 'owner-session' }],
        },
        { status: 201 },
      ),
    );
    openPage();
    expect(screen.getByRole('heading', { name: 'Crea il tuo account da titolare' })).toBeTruthy();
    fillForm();
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
    expect(toasts).toEqual([['success', 'Benvenuto! Il tuo account da titolare è pronto.']]);
    expect(localStorage.getItem('token')).toBe('owner-session');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ role: 'owner' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/setup');
    expect(JSON.parse(String(init?.body))).toEqual({
      token: TOKEN,
      firstName: 'Anna',
      lastName: 'Rossi',
      email: 'anna@trattoria.example',
      password: 'barche-in-rada-al-tramonto',
    });
  });

  it("shows the server's problems under their fields, in Italian, and keeps the form", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          errors: {
            email: ['Indirizzo e-mail non valido.'],
            password: [
              'Questa password è tra le più comuni: scegline una più difficile da indovinare.',
            ],
          },
        },
        { status: 400 },
      ),
    );
    openPage();
    fillForm();
    expect(await screen.findByText('Indirizzo e-mail non valido.')).toBeTruthy();
    expect(
      screen.getByText(
        'Questa password è tra le più comuni: scegline una più difficile da indovinare.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Crea account' })).toBeTruthy();
    expect(toasts).toEqual([]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a used, replaced or expired link (401): the message, and no form', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { errors: [{ code: 'invalid-setup-link', description: 'Link non valido.' }] },
        { status: 401 },
      ),
    );
    openPage();
    fillForm();
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crea account' })).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('an owner exists by now (404): says so, with the way to the login', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Not found' }, { status: 404 }));
    openPage();
    fillForm();
    expect(
      await screen.findByText('Il sito ha già un titolare: accedi con il tuo account.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vai al login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Crea account' })).toBeNull();
  });

  it('no token in the address: the same message at once', () => {
    renderStaffPage('/setup', <SetupPage />);
    expect(screen.getByText(INVALID)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
