// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReservationSettingsAnswer } from '../../../shared/schemas/reservations.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import { answered } from '../../staff/index.ts';
import {
  fakeServer,
  renderStaffPage,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import { ReservationSettingsPanel } from './reservation-settings.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

// The owner's review requests in the reservation settings (CONTRACT.md part
// four, "Guests"): the switch, the https link with where Google's is, and the
// schema's Italian messages under the link.
let settings: ReservationSettingsAnswer;
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);

beforeEach(() => {
  startSession({
    email: 'anna@example.test',
    firstName: 'Anna',
    lastName: 'Russo',
    role: 'owner',
  });
  settings = {
    coversPerSlot: 40,
    turnMinutes: 120,
    minNoticeMinutes: 120,
    horizonDays: 60,
    maxPartyOnline: 8,
    autoConfirmMaxParty: null,
    turnByParty: [],
    areaChoice: false,
    reviews: { enabled: false, url: '' },
    retentionMonths: 24,
    calendarFeedUrl: 'https://latonnara.example/api/reservations/calendar.ics?key=old',
  };
  routes = {
    'PUT /api/reservations/settings': (init) => {
      settings = { ...settings, ...JSON.parse(String(init?.body)) };
      return Response.json(settings);
    },
  };
});

const render = () =>
  renderStaffPage(
    '/dashboard/reservations',
    <ReservationSettingsPanel
      settings={answered({ ok: true, status: 200, statusText: 'OK', data: settings })}
    />,
  );
const group = () => screen.findByRole('group', { name: 'Richieste di recensione' });
const link = () => screen.getByLabelText('Link per le recensioni (https)') as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salva impostazioni' }));

describe('review requests in the reservation settings', () => {
  it('show off by default, with where Google’s link is', async () => {
    render();
    const reviews = await group();
    const toggle = within(reviews).getByRole('switch', {
      name: 'Invia una richiesta di recensione la mattina dopo la visita',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(link().value).toBe('');
    expect(within(reviews).getByText(/«Chiedi recensioni» \(«Ask for reviews»\)/)).toBeTruthy();
    expect(within(reviews).getByText(/https:\/\/g\.page\/r\/…\/review/)).toBeTruthy();
  });

  it('on without a link, or with an http one: refused under the link, nothing sent', async () => {
    render();
    fireEvent.click(within(await group()).getByRole('switch'));
    save();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Richieste di recensione' })).getByText(
          'Link per le recensioni: serve per inviare le richieste.',
        ),
      ).toBeTruthy(),
    );
    expect(link().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(link(), { target: { value: 'http://g.page/r/abc/review' } });
    save();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Richieste di recensione' })).getByText(
          /^Link per le recensioni: un indirizzo web che inizia con https:\/\//,
        ),
      ).toBeTruthy(),
    );
    expect(calls('PUT /api/reservations/settings')).toEqual([]);
  });

  it('on with an https link: saved, and the server’s refusal of the link shown under it', async () => {
    render();
    fireEvent.click(within(await group()).getByRole('switch'));
    fireEvent.change(link(), { target: { value: ' https://g.page/r/CabcDEF123/review ' } });
    save();
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Impostazioni salvate: valgono da subito.']),
    );
    expect(bodies('PUT /api/reservations/settings')[0]).toMatchObject({
      reviews: { enabled: true, url: 'https://g.page/r/CabcDEF123/review' },
    });

    routes['PUT /api/reservations/settings'] = () =>
      Response.json(
        { errors: { 'reviews.url': ['Link per le recensioni: al massimo 2000 caratteri.'] } },
        { status: 400 },
      );
    fireEvent.change(link(), { target: { value: 'https://g.page/r/other/review' } });
    save();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Richieste di recensione' })).getByText(
          'Link per le recensioni: al massimo 2000 caratteri.',
        ),
      ).toBeTruthy(),
    );
  });
});
