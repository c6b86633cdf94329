// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dashboardRoute from '../../routes/staff/dashboard.tsx';
import { BackOfficeShell } from '../../back-office/index.ts';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { toasts } from '../../components/toasts-capture.tsx';
import type { BackupStatus } from './backups-api.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
/** Wednesday 11 March 2026, 10:00 in Rome. */
const NOW = new Date('2026-03-11T09:00:00Z');
/** Yesterday, 03:30 in Rome. */
const LAST_NIGHT = '2026-03-10T02:30:00.000Z';

let routes: Record<string, FakeRoute>;
let status: BackupStatus;
const { calls } = fakeServer(() => routes);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  startSession({ ...ANNA, role: 'owner' });
  toasts.length = 0;
  status = {
    enabled: true,
    lastSuccess: { at: LAST_NIGHT, bytes: 12_400_000 },
    lastFailure: null,
    stale: false,
  };
  routes = {
    'GET /api/daily-menu/1': () =>
      Response.json({
        id: 1,
        titolo: 'Menu di mare',
        descrizione: '',
        infoAggiuntive: '',
        updatedAt: '2026-03-01T10:00:00.000Z',
      }),
    'GET /api/daily-menu/1/translations': () => Response.json({ translations: [] }),
    'GET /api/backups': () => Response.json(status),
  };
});
afterEach(() => vi.useRealTimers());

function renderDashboard() {
  renderStaffRoutes('/dashboard', [
    {
      path: '/dashboard',
      Component: BackOfficeShell,
      children: [routeModule(dashboardRoute, { index: true })],
    },
  ]);
}

const panel = async () => screen.findByRole('region', { name: 'Backup' });

describe('the dashboard\'s "Backup" panel (owners)', () => {
  it("shows the last backup's time, on Rome's clock, and size", async () => {
    renderDashboard();
    const backups = await panel();
    expect(
      await within(backups).findByText('Ultimo backup: ieri alle 03:30, 12,4 MB'),
    ).toBeTruthy();
    expect(within(backups).queryByRole('alert')).toBeNull();
    expect(calls('GET /api/backups')).toHaveLength(1);
  });

  it('warns when the last run failed', async () => {
    status.lastFailure = { at: '2026-03-11T02:31:00.000Z' };
    renderDashboard();
    const alert = await within(await panel()).findByRole('alert');
    expect(alert.textContent).toContain('Ultimo backup non riuscito');
    expect(alert.textContent).toContain('Il backup di oggi alle 03:31 non è riuscito.');
  });

  it('warns when no backup is younger than two days', async () => {
    status.lastSuccess = { at: '2026-03-08T02:30:00.000Z', bytes: 980_000 };
    status.stale = true;
    renderDashboard();
    const backups = await panel();
    expect(
      await within(backups).findByText('Ultimo backup: domenica 8 marzo alle 03:30, 1,0 MB'),
    ).toBeTruthy();
    expect(within(backups).getByRole('alert').textContent).toContain('Backup troppo vecchio');
  });

  it('says how to turn them on when they are off', async () => {
    status = { enabled: false, lastSuccess: null, lastFailure: null, stale: false };
    renderDashboard();
    expect(await within(await panel()).findByText(/imposta BACKUP_DIR/)).toBeTruthy();
  });

  it('says so when their state does not load', async () => {
    routes['GET /api/backups'] = () => Response.json({ message: 'down' }, { status: 500 });
    renderDashboard();
    expect(
      await within(await panel()).findByText('Non è stato possibile leggere lo stato dei backup.'),
    ).toBeTruthy();
  });

  it('is not there for staff who are not owners, and their state is not asked for', async () => {
    startSession({ ...ANNA, role: 'staff' });
    renderDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Ciao Anna' });
    expect(screen.queryByRole('region', { name: 'Backup' })).toBeNull();
    expect(calls('GET /api/backups')).toEqual([]);
  });
});
