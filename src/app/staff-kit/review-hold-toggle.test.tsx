// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../components/toasts-capture.tsx';
import { fakeServer, renderStaffPage, startSession, type FakeRoute } from '../staff/test-utils.tsx';
import { offersReviewHold, ReviewHoldToggle } from './review-hold-toggle.tsx';

vi.mock('../components/toasts.tsx', () => import('../components/toasts-capture.tsx'));

// "Non inviare la richiesta di recensione" on a booking (CONTRACT.md part
// four, "Guests"): its state shown, saved by PATCH {noReview}, and the
// server's 409 once the morning decided it said in Italian.
let routes: Record<string, FakeRoute>;
const { bodies } = fakeServer(() => routes);

const answer = (noReview: boolean) => ({
  id: 7,
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  party: 2,
  date: '2026-06-10',
  time: '20:00',
  status: 'finished',
  notes: '',
  lang: 'de',
  createdAt: '2026-06-01T10:00:00.000Z',
  source: 'online',
  staffMessage: null,
  overCapacity: false,
  arrivedAt: null,
  seatedAt: null,
  finishedAt: null,
  tableIds: [],
  area: null,
  conflict: false,
  guestConfirmedAt: null,
  noReview,
});

beforeEach(() => {
  startSession({ email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo', role: 'staff' });
  routes = {
    'PATCH /api/reservations/7': (init) =>
      Response.json(answer(JSON.parse(String(init?.body)).noReview)),
  };
});

const render = (noReview: boolean) =>
  renderStaffPage(
    '/dashboard/reservations',
    <ReviewHoldToggle booking={{ id: 7, name: 'Jonas Weber', noReview }} then={false} />,
  );

describe('the review hold', () => {
  it('is offered once seated or finished, and for a confirmed booking of today only', () => {
    const now = Date.parse('2026-06-10T10:00:00Z');
    expect(offersReviewHold({ status: 'finished', date: '2026-06-01' }, now)).toBe(true);
    expect(offersReviewHold({ status: 'seated', date: '2026-06-10' }, now)).toBe(true);
    expect(offersReviewHold({ status: 'confirmed', date: '2026-06-10' }, now)).toBe(true);
    expect(offersReviewHold({ status: 'confirmed', date: '2026-06-11' }, now)).toBe(false);
    for (const status of ['pending', 'no-show', 'cancelled', 'declined', 'arrived']) {
      expect(offersReviewHold({ status, date: '2026-06-10' }, now), status).toBe(false);
    }
  });

  it('shows its state and saves the hold', async () => {
    render(false);
    const toggle = screen.getByRole('switch', {
      name: 'Non inviare la richiesta di recensione',
    }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(screen.getByText('Verrà inviata la mattina dopo')).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'success',
        'Richiesta di recensione trattenuta per Jonas Weber.',
      ]),
    );
    expect(bodies('PATCH /api/reservations/7')).toEqual([{ noReview: true }]);
  });

  it('once decided: the server’s 409 said in Italian', async () => {
    routes['PATCH /api/reservations/7'] = () =>
      Response.json(
        { errors: [{ code: 'review-decided', description: 'già decisa' }] },
        { status: 409 },
      );
    render(true);
    expect(screen.getByText('Non verrà inviata')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'warning',
        'La richiesta di recensione per Jonas Weber è già stata decisa: non si può più cambiare.',
      ]),
    );
  });
});
