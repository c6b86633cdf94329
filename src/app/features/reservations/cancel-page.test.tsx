// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { headers } from '../../routes/public/reservations-cancel.tsx';
import { CLIENT_ADDRESS, fakeReservations, renderGuestPages } from './test-utils.tsx';

const TOKEN = '41.1796500000.c2lnbmF0dXJlLW9mLXRoZS1ib29raW5nLWlkLWFuZC10aW1l';
let fake: ReturnType<typeof fakeReservations>;

beforeEach(() => {
  fake = fakeReservations();
  fake.booking = {
    id: 41,
    name: 'Lena Schmidt',
    party: 2,
    date: '2026-12-05',
    time: '20:00',
    status: 'confirmed',
    lang: 'de',
  };
});

describe('/reservations/cancel', () => {
  it('opening the link shows the booking and one button, and cancels nothing', async () => {
    renderGuestPages(`/reservations/cancel?token=${TOKEN}`, fake.service, 'de');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Reservierung stornieren',
    );
    expect(
      screen.getByText(
        'Tisch für 2 Personen auf den Namen Lena Schmidt, am Samstag, 5. Dezember um 20:00 Uhr.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Meine Reservierung stornieren',
    ]);
    expect(fake.service.cancellation).toHaveBeenCalledWith(TOKEN);
    expect(fake.service.cancel).not.toHaveBeenCalled();
  });

  it('the button cancels, and the page says so with the focus on it', async () => {
    renderGuestPages(`/reservations/cancel?token=${TOKEN}`, fake.service, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my booking' }));
    const done = await screen.findByRole('heading', { name: 'Booking cancelled' });
    expect(fake.service.cancel).toHaveBeenCalledWith(TOKEN, CLIENT_ADDRESS);
    expect(
      screen.getByText('Your booking is cancelled. Thank you for letting us know!'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it('a link that does not work: what to do instead, and no button', async () => {
    fake.booking = null;
    renderGuestPages('/reservations/cancel?token=41.0.forged', fake.service, 'en');
    expect(
      await screen.findByRole('heading', { name: 'This link is no longer valid' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call +39 347 123 4567' }).getAttribute('href')).toBe(
      'tel:+393471234567',
    );
    expect(screen.getByRole('link', { name: 'Book a table' }).getAttribute('href')).toBe(
      '/reservations',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('no token at all is a link that does not work, without asking the service', async () => {
    renderGuestPages('/reservations/cancel', fake.service, 'it');
    expect(
      await screen.findByRole('heading', { name: 'Questo link non è più valido' }),
    ).toBeTruthy();
    expect(fake.service.cancellation).not.toHaveBeenCalled();
  });

  it('a booking already cancelled, or declined by the restaurant, has nothing to press', async () => {
    fake.booking = { ...fake.booking!, status: 'cancelled' };
    const first = renderGuestPages(`/reservations/cancel?token=${TOKEN}`, fake.service, 'en');
    expect(await screen.findByRole('heading', { name: 'Booking cancelled' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    fake.booking = { ...fake.booking, status: 'declined' };
    renderGuestPages(`/reservations/cancel?token=${TOKEN}`, fake.service, 'en');
    expect(await screen.findByRole('heading', { name: 'Booking not confirmed' })).toBeTruthy();
    expect(
      screen.getByText(
        'The restaurant could not confirm this booking, so there is nothing to cancel.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('sends no referrer, and is neither stored nor indexed', () => {
    const sent = headers({ parentHeaders: new Headers() } as never);
    expect(sent.get('Referrer-Policy')).toBe('no-referrer');
    expect(sent.get('Cache-Control')).toBe('no-store');
    expect(sent.get('X-Robots-Tag')).toBe('noindex');
  });
});
