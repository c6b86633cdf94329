// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffPage } from '../auth/test-utils.tsx';
import { AuditPage } from './audit-page.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const entry = (n: number) => ({
  at: '2026-07-01T10:05:00.000Z',
  actor: n % 2 ? { email: 'anna@example.test' } : null,
  action: 'daily_menu.update',
  target: 'daily_menu:1',
  summary: `Menu del giorno aggiornato (${n}).`,
});
const fetchMock = vi.fn<typeof fetch>();
const owner = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo', role: 'owner' };
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(owner));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const limit = Number(new URL(String(input), 'http://x').searchParams.get('limit'));
    return Response.json(Array.from({ length: Math.min(limit, 120) }, (_, i) => entry(i + 1)));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard/audit', () => {
  it('lists who did what, in Rome time, newest first; "Mostra altri" asks for more', async () => {
    renderStaffPage('/dashboard/audit', <AuditPage />);
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
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/audit?limit=50',
      '/api/audit?limit=100',
    ]);
  });

  it('a staff member is told it is for the owner, and nothing is asked', () => {
    localStorage.setItem('user', JSON.stringify({ ...owner, role: 'staff' }));
    renderStaffPage('/dashboard/audit', <AuditPage />);
    expect(screen.getByText('Solo il titolare può consultare il registro attività.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
