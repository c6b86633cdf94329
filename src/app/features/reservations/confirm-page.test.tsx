// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headers } from '../../routes/public/reservations-confirm.tsx';
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

describe('/reservations/confirm', () => {
  it('opening the link shows the booking and one button, and records nothing', async () => {
    renderGuestPages(`/reservations/confirm?token=${TOKEN}`, fake.service, 'de');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty(
      'textContent',
      'Kommen Sie?',
    );
    expect(
      screen.getByText(
        'Tisch für 2 Personen auf den Namen Lena Schmidt, am Samstag, 5. Dezember um 20:00 Uhr.',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Ich bin dabei',
    ]);
    expect(fake.service.attendance).toHaveBeenCalledWith(TOKEN);
    expect(fake.service.attend).not.toHaveBeenCalled();
  });

  it('the button records the guest is coming, and the page thanks them with the focus on it', async () => {
    renderGuestPages(`/reservations/confirm?token=${TOKEN}`, fake.service, 'en');
    fireEvent.click(await screen.findByRole('button', { name: "I'll be there" }));
    const done = await screen.findByRole('heading', { name: 'Thank you, see you soon!' });
    expect(fake.service.attend).toHaveBeenCalledWith(TOKEN, CLIENT_ADDRESS);
    expect(
      screen.getByText('We have noted that you are coming. We look forward to welcoming you.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(done));
  });

  it('a guest who already confirmed is told so, with nothing to press', async () => {
    fake.guestConfirmedAt = '2026-12-04T10:00:00.000Z';
    renderGuestPages(`/reservations/confirm?token=${TOKEN}`, fake.service, 'it');
    expect(await screen.findByRole('heading', { name: 'Hai già confermato' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a link that does not work, or none: what to do instead, and no button', async () => {
    fake.booking = null;
    const first = renderGuestPages('/reservations/confirm?token=41.0.forged', fake.service, 'fr');
    expect(await screen.findByRole('heading', { name: "Ce lien n'est plus valide" })).toBeTruthy();
    expect(
      screen.getByText(
        "Ce lien n'est pas valide ou a expiré : il fonctionne jusqu'à l'heure de la réservation.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    vi.mocked(fake.service.attendance).mockClear();
    renderGuestPages('/reservations/confirm', fake.service, 'es');
    expect(await screen.findByRole('heading', { level: 2 })).toBeTruthy();
    expect(fake.service.attendance).not.toHaveBeenCalled();
  });

  it('a booking cancelled or declined has nothing to confirm', async () => {
    for (const status of ['cancelled', 'declined'] as const) {
      fake.booking = { ...fake.booking!, status };
      const page = renderGuestPages(`/reservations/confirm?token=${TOKEN}`, fake.service, 'en');
      expect(
        await screen.findByRole('heading', { name: 'This booking is not confirmed' }),
      ).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      page.unmount();
    }
  });

  it('sends no referrer, and is neither stored nor indexed', () => {
    const sent = headers({ parentHeaders: new Headers() } as never);
    expect(sent.get('Referrer-Policy')).toBe('no-referrer');
    expect(sent.get('Cache-Control')).toBe('no-store');
    expect(sent.get('X-Robots-Tag')).toBe('noindex');
  });
});
