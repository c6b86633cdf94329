// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SendEmailPage } from './send-email-page.tsx';
import { renderStaffPage, stubFetch } from '../../staff/test-utils.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const fetchMock = stubFetch();
beforeEach(() => {
  toasts.length = 0;
});

describe('/send-email', () => {
  it('asks for the e-mail with the reset page as link base, toasts, goes to /login', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderStaffPage('/send-email', <SendEmailPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recupera la tua password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Email' }));
    expect(
      (screen.getByRole('button', { name: 'Invio in corso...' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    answer(Response.json({ message: 'ok' }));
    expect(await screen.findByText('at /login')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/send-email');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'anna@example.test',
      url: `${window.location.origin}/reset-password`,
    });
    expect(toasts).toEqual([
      ['success', 'Email inviata, controlla il tuo indirizzo per resettare la password.'],
    ]);
  });

  it('no answer: stays, with "Errore sconosciuto." and "Errore durante il login. Riprova."', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderStaffPage('/send-email', <SendEmailPage />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invia Email' }));
    await vi.waitFor(() =>
      expect(toasts).toEqual([
        ['error', 'Errore sconosciuto.'],
        ['error', 'Errore durante il login. Riprova.'],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Invia Email' })).toBeTruthy();
  });

  it('"Torna al Login" goes back to /login', () => {
    renderStaffPage('/send-email', <SendEmailPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Torna al Login' }));
    expect(screen.getByText('at /login')).toBeTruthy();
  });
});
