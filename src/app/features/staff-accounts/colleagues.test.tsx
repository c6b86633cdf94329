// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffPage } from '../auth/test-utils.tsx';
import { Colleagues } from './colleagues.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
const member = (email: string, firstName: string) => ({
  email,
  username: email.split('@')[0],
  firstName,
  lastName: 'Russo',
  createdAt: '2025-05-01T08:00:00.000Z',
});

let staff = [member('anna@example.test', 'Anna')];
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(ANNA));
  toasts.length = 0;
  staff = [member('anna@example.test', 'Anna')];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === '/api/staff') return Response.json({ staff });
    if (String(input) === '/api/auth/register' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { email: string; firstName: string };
      if (body.email === 'anna@example.test') {
        return Response.json(
          { errors: [{ code: 'email_taken', description: 'Email già registrata.' }] },
          { status: 409 },
        );
      }
      staff = [...staff, member(body.email, body.firstName)];
      return Response.json({ ...body, tokens: [] }, { status: 201, statusText: 'Created' });
    }
    throw new TypeError('unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function register(email: string) {
  const form = screen.getByRole('form', { name: 'Registra un collega' });
  const field = (name: string | RegExp) => within(form).getByLabelText(name);
  fireEvent.change(field('Email'), { target: { value: email } });
  fireEvent.change(field('Nome utente'), { target: { value: 'giulia' } });
  fireEvent.change(field(/^Nome\b(?! utente)/), { target: { value: 'Giulia' } });
  fireEvent.change(field(/^Cognome/), { target: { value: 'Russo' } });
  fireEvent.change(field('Password'), { target: { value: 'Tonnara-Sole-2025!' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Registra' }));
}

describe('colleagues', () => {
  it('lists the staff accounts with the bearer token', async () => {
    renderStaffPage('/dashboard', <Colleagues />);
    expect(screen.getByRole('heading', { name: 'Colleghi' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Colleghi' });
    expect(within(list).getByText('anna@example.test')).toBeTruthy();
    const init = fetchMock.mock.calls[0]![1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('registering a colleague (2xx): toast and the list is refreshed', async () => {
    renderStaffPage('/dashboard', <Colleagues />);
    await screen.findByRole('list', { name: 'Colleghi' });
    register('giulia@example.test');
    expect(await screen.findByText('giulia@example.test')).toBeTruthy();
    expect(toasts).toEqual([['success', 'Registrazione avvenuta con successo!']]);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/register')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({
      email: 'giulia@example.test',
      username: 'giulia',
      password: 'Tonnara-Sole-2025!',
      firstName: 'Giulia',
      lastName: 'Russo',
    });
    // The caller stays logged in as themself.
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('a refused registration shows the server description', async () => {
    renderStaffPage('/dashboard', <Colleagues />);
    await screen.findByRole('list', { name: 'Colleghi' });
    register('anna@example.test');
    await vi.waitFor(() => expect(toasts).toEqual([['warning', 'Email già registrata.']]));
  });

  it('no answer: "Errore durante la registrazione. Riprova."', async () => {
    renderStaffPage('/dashboard', <Colleagues />);
    await screen.findByRole('list', { name: 'Colleghi' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    register('giulia@example.test');
    await vi.waitFor(() =>
      expect(toasts).toEqual([
        ['error', 'Errore sconosciuto.'],
        ['error', 'Errore durante la registrazione. Riprova.'],
      ]),
    );
  });
});
