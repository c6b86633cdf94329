// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_GUESTS_MAX } from '../../../shared/schemas/events.ts';
import type { OpeningHoursAnswer } from '../../../shared/schemas/opening-hours.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
import type { EventInquiryOutcome, GuestEvents } from '../../context.ts';
import { publicRouterContext, renderPublicPages } from '../../components/test-utils.tsx';
import * as eventsRoute from '../../routes/public/events.tsx';
import { GUESTS_MAX } from './inquiry.ts';

const CLIENT_ADDRESS = '203.0.113.9';
/** What the page reads of the restaurant: its phone and its privacy policy. */
const FACTS = {
  phones: { mobile: '+39 347 123 4567', landline: null },
  privacyPolicyUrl: 'https://privacy.example/ilfaro',
} as Partial<RestaurantFacts>;

/** Tuesday 13 January 2026; closed from 2 to 8 February for the winter break. */
const HOURS: OpeningHoursAnswer = {
  timezone: 'Europe/Rome',
  weekly: [2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    ranges: [{ open: '19:00', close: '23:30' }],
  })),
  closures: [
    { from: '2025-12-20', to: '2026-01-05', note: 'Christmas' },
    { from: '2026-02-02', to: '2026-02-08', note: 'Winter break' },
  ],
  exceptions: [],
  today: { date: '2026-01-13', open: true, ranges: [{ open: '19:00', close: '23:30' }] },
};

let answer: EventInquiryOutcome;
let events: GuestEvents & { inquire: ReturnType<typeof vi.fn> };
beforeEach(() => {
  answer = { ok: true, id: 7 };
  events = { inquire: vi.fn(async () => answer) };
});

function renderEvents() {
  const context = publicRouterContext({ events, openingHours: async () => HOURS }, CLIENT_ADDRESS);
  return renderPublicPages('/events?lng=en', {
    root: { restaurant: FACTS },
    pages: [
      {
        path: 'events',
        Component: eventsRoute.default,
        loader: eventsRoute.loader,
        action: eventsRoute.action,
      },
    ],
    context,
  });
}

const pick = (label: string) => fireEvent.click(screen.getByLabelText(label));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send my request' }));

function fillWedding() {
  pick('Wedding');
  type('Date', '2026-06-15');
  type('Second choice (optional)', '2026-06-20');
  pick('Dinner');
  type('Adults', '56');
  type('Children', '4');
  pick('On the terrace');
  type('Budget per person in euros (optional)', '45.50');
  pick('Crustaceans');
  pick('Molluscs');
  type('Full name', 'Emma Clarke');
  type('E-mail', 'emma@example.co.uk');
  type('Phone', '+44 20 7946 0000');
  pick('I have read and accept the privacy policy');
}

describe('/events with JavaScript', () => {
  it('agrees with the schema on the largest party', () => {
    expect(GUESTS_MAX).toBe(EVENT_GUESTS_MAX);
  });

  it('lists the closures still to come, and tomorrow is the first day', async () => {
    renderEvents();
    const date = await screen.findByLabelText('Date');
    expect(date.getAttribute('min')).toBe('2026-01-14');
    expect(screen.getByText('2 February – 8 February: Winter break')).toBeTruthy();
    // Over before tomorrow: not told.
    expect(screen.queryByText(/Christmas/)).toBeNull();
    expect(
      screen.getByText('Our weekly day of rest is fine too: we open specially for a party.'),
    ).toBeTruthy();
  });

  it('refuses a day inside a closure as soon as it is chosen, and a good day clears it', async () => {
    renderEvents();
    const date = await screen.findByLabelText('Date');
    fireEvent.change(date, { target: { value: '2026-02-04' } });
    const message =
      'We are closed on those days (2 February – 8 February): please choose another date.';
    expect(screen.getByText(message).id).toBe('events-date-error');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe('events-dates-hint events-date-error');
    // A Monday, the weekly rest day, is fine.
    fireEvent.change(date, { target: { value: '2026-02-09' } });
    expect(screen.queryByText(message)).toBeNull();
    expect(date.getAttribute('aria-invalid')).toBeNull();
    // The second choice too; and today is too late.
    fireEvent.change(screen.getByLabelText('Second choice (optional)'), {
      target: { value: '2026-01-13' },
    });
    expect(screen.getByText('Please choose a day from tomorrow onwards.').id).toBe(
      'events-altDate-error',
    );
    expect(events.inquire).not.toHaveBeenCalled();
  });

  it('sends the request in place and shows the confirmation, focused', async () => {
    renderEvents();
    await screen.findByLabelText('Date');
    fillWedding();
    send();
    const heading = await screen.findByRole('heading', { name: 'Request received' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Thank you, Emma Clarke! Your request has reached us.')).toBeTruthy();
    expect(screen.getByText('We have sent you an e-mail that sums it up.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call +39 347 123 4567' }).getAttribute('href')).toBe(
      'tel:+393471234567',
    );
    expect(events.inquire).toHaveBeenCalledTimes(1);
    expect(events.inquire).toHaveBeenCalledWith(
      {
        kind: 'wedding',
        date: '2026-06-15',
        altDate: '2026-06-20',
        service: 'dinner',
        adults: '56',
        children: '4',
        area: 'terrace',
        budgetPerPerson: '45.50',
        allergens: ['crustaceans', 'molluscs'],
        name: 'Emma Clarke',
        email: 'emma@example.co.uk',
        phone: '+44 20 7946 0000',
        lang: 'en',
        privacy: true,
        website: '',
      },
      CLIENT_ADDRESS,
    );
  });

  it('checks before sending: nothing leaves, the first field to fix takes the focus', async () => {
    renderEvents();
    await screen.findByLabelText('Date');
    send();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Christening')));
    expect(screen.getByText('Please choose what you are celebrating.')).toBeTruthy();
    expect(screen.getByText('Please choose a date.')).toBeTruthy();
    expect(screen.getByText('Please choose lunch or dinner.')).toBeTruthy();
    expect(screen.getByText('Please enter how many adults will come (at least one).')).toBeTruthy();
    expect(
      screen.getByText('To send your request, please accept the privacy policy.'),
    ).toBeTruthy();
    expect(events.inquire).not.toHaveBeenCalled();

    fillWedding();
    type('Adults', '300');
    type('Children', '1');
    send();
    expect(screen.getByText('We can welcome at most 300 guests in all.')).toBeTruthy();
    expect(events.inquire).not.toHaveBeenCalled();
  });

  it('a refusal of the server is told, and what was typed stays', async () => {
    answer = { ok: false, code: 'rate-limited' };
    renderEvents();
    await screen.findByLabelText('Date');
    fillWedding();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many requests: please try again later, or call us.');
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Emma Clarke');
    expect(screen.getByLabelText<HTMLInputElement>('Molluscs').checked).toBe(true);

    answer = {
      ok: false,
      code: 'invalid',
      fields: { date: ['the restaurant is closed from 2026-06-15 to 2026-06-16'] },
    };
    send();
    // The closure the page did not know of (added meanwhile) is still told beside the date.
    await screen.findByText('Please choose a date.');
    expect(screen.getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
  });
});
