// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page.tsx';
import { renderStaffPage, stubFetch } from '../../staff/test-utils.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const fetchMock = stubFetch();
beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('/login', () => {
  it('title, fields, show/hide toggle, recovery link', () => {
    renderStaffPage('/login', <LoginPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accedi al tuo account');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Mostra password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(password.type).toBe('password');
    expect(
      screen.getByRole('link', { name: 'Hai dimenticato la tua password?' }).getAttribute('href'),
    ).toBe('/send-email');
  });

  it('success: stores token and user, toasts, goes to the remembered origin', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({
        email: 'anna@example.test',
        firstName: 'Anna',
        lastName: 'Russo',
        tokens: [{ token: 'tok' }],
      }),
    );
    renderStaffPage('/login', <LoginPage />, {
      state: { from: { pathname: '/elsewhere', search: '', hash: '' } },
    });
    fill('anna@example.test', 'una password lunga');
    expect(await screen.findByText('at /elsewhere')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      email: 'anna@example.test',
      firstName: 'Anna',
      lastName: 'Russo',
    });
    expect(toasts).toEqual([['success', 'Login avvenuto con successo!']]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'anna@example.test',
      password: 'una password lunga',
    });
  });

  it('wrong password: the server description as a warning, stays on the form', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { errors: [{ code: 'invalid-credentials', description: 'Email o password non validi.' }] },
        { status: 401 },
      ),
    );
    renderStaffPage('/login', <LoginPage />);
    fill('anna@example.test', 'sbagliata');
    await vi.waitFor(() => expect(toasts).toEqual([['warning', 'Email o password non validi.']]));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accedi al tuo account');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('no answer: "Errore sconosciuto." and "Errore durante il login. Riprova."', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderStaffPage('/login', <LoginPage />);
    fill('anna@example.test', 'x');
    await vi.waitFor(() =>
      expect(toasts).toEqual([
        ['error', 'Errore sconosciuto.'],
        ['error', 'Errore durante il login. Riprova.'],
      ]),
    );
  });

  it('already logged in: straight to /dashboard', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user',
      JSON.stringify({ email: 'a@example.test', firstName: 'A', lastName: 'B' }),
    );
    renderStaffPage('/login', <LoginPage />);
    expect(await screen.findByText('at /dashboard')).toBeTruthy();
  });
});
