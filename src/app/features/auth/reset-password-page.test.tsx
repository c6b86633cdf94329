// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { renderStaffPage, stubFetch } from '../../staff/test-utils.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const fetchMock = stubFetch();
beforeEach(() => {
  localStorage.clear();
  toasts.length = 0;
});

function submit(password: string, repeated: string) {
  fireEvent.change(screen.getByLabelText('Nuova password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Ripeti la password'), { target: { value: repeated } });
  fireEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
}

describe('/reset-password', () => {
  it('title, two fields without `required`, one shared toggle, back to login', () => {
    renderStaffPage('/reset-password', <ResetPasswordPage />, { url: '/reset-password?token=t0k' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cambia password');
    const fields = [
      screen.getByLabelText('Nuova password'),
      screen.getByLabelText('Ripeti la password'),
    ];
    for (const field of fields) {
      expect((field as HTMLInputElement).required).toBe(false);
      expect((field as HTMLInputElement).type).toBe('password');
    }
    const toggles = screen.getAllByRole('button', { pressed: false });
    expect(toggles).toHaveLength(1);
    fireEvent.click(toggles[0]!);
    for (const field of fields) expect((field as HTMLInputElement).type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Torna al Login' }));
    expect(screen.getByText('at /login')).toBeTruthy();
  });

  it('an empty field: warning "Compila entrambi i campi.", nothing sent', () => {
    renderStaffPage('/reset-password', <ResetPasswordPage />, { url: '/reset-password?token=t0k' });
    submit('una password lunga', '');
    expect(toasts).toEqual([['warning', 'Compila entrambi i campi.']]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('different passwords: warning "Le password non coincidono", nothing sent', () => {
    renderStaffPage('/reset-password', <ResetPasswordPage />, { url: '/reset-password?token=t0k' });
    submit('una password lunga', 'un’altra password lunga');
    expect(toasts).toEqual([['warning', 'Le password non coincidono']]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('valid: posts to recovery-password/{token}, toasts, goes to /login without logging in', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'ok' }));
    renderStaffPage('/reset-password', <ResetPasswordPage />, { url: '/reset-password?token=t0k' });
    submit('una password lunga', 'una password lunga');
    expect(screen.getByRole('button', { name: 'Invio in corso...' })).toBeTruthy();
    expect(await screen.findByText('at /login')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/recovery-password/t0k');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'una password lunga' });
    expect(toasts).toEqual([['success', 'La password è stata reimpostata con successo.']]);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a used or expired link: the server description, stays on the form', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { errors: [{ code: 'invalid-token', description: 'Link non valido o scaduto.' }] },
        { status: 400 },
      ),
    );
    renderStaffPage('/reset-password', <ResetPasswordPage />, { url: '/reset-password?token=t0k' });
    submit('una password lunga', 'una password lunga');
    await vi.waitFor(() => expect(toasts).toEqual([['warning', 'Link non valido o scaduto.']]));
    expect(screen.getByRole('button', { name: 'Cambia password' })).toBeTruthy();
  });
});
