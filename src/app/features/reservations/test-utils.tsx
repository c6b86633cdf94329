import type { RouterContextProvider } from 'react-router';
import { vi } from 'vitest';
import type { Lang } from '../../../shared/languages.ts';
import type {
  AppServices,
  BookingOutcome,
  CancellationView,
  GuestReservations,
} from '../../context.ts';
import { FACTS, publicRouterContext, renderPublicPages } from '../../components/test-utils.tsx';
import * as reservationsRoute from '../../routes/public/reservations.tsx';
import * as cancelRoute from '../../routes/public/reservations-cancel.tsx';
import * as confirmRoute from '../../routes/public/reservations-confirm.tsx';
import type { Slot } from '../../guest-kit/use-slots.ts';

/** Component-test helpers for the guest's booking pages (imported by tests only). */

export { FACTS };

export const CLIENT_ADDRESS = '203.0.113.7';

/** Saturday 5 to Tuesday 8 December 2026; Monday is the weekly rest. */
export const DAYS = [
  { date: '2026-12-05', open: true },
  { date: '2026-12-06', open: true },
  { date: '2026-12-07', open: false },
  { date: '2026-12-08', open: true },
];

export const SLOTS: Slot[] = [
  { time: '19:30', available: true },
  { time: '19:45', available: false },
  { time: '20:00', available: true },
];

/**
 * The service as the guest's pages see it, answering from the fields below;
 * every call is recorded.
 */
export function fakeReservations() {
  const fake = {
    maxPartyOnline: 8,
    days: DAYS,
    slots: SLOTS,
    /** The areas a guest may choose: none unless a test lets guests choose. */
    areas: [] as { id: number; name: string }[],
    bookAnswer: { ok: true, id: 41, status: 'pending' } as BookingOutcome,
    booking: null as CancellationView | null,
    /** When the booking's guest confirmed coming (the "I'll be there" button). */
    guestConfirmedAt: null as string | null,
    service: {} as GuestReservations,
  };
  fake.service = {
    calendar: vi.fn(async () => ({ maxPartyOnline: fake.maxPartyOnline, days: fake.days })),
    areas: vi.fn(async () => fake.areas),
    availability: vi.fn(async (date: string, party: number) =>
      party > fake.maxPartyOnline
        ? ({ ok: false, code: 'party-too-large' } as const)
        : ({ ok: true, answer: { date, party, slots: fake.slots } } as const),
    ),
    book: vi.fn(async () => fake.bookAnswer),
    cancellation: vi.fn(async () => fake.booking),
    cancel: vi.fn(async () =>
      fake.booking && ['pending', 'confirmed'].includes(fake.booking.status)
        ? (fake.booking = { ...fake.booking, status: 'cancelled' })
        : null,
    ),
    retentionMonths: vi.fn(async () => 24),
    attendance: vi.fn(async () =>
      fake.booking ? { ...fake.booking, guestConfirmedAt: fake.guestConfirmedAt } : null,
    ),
    attend: vi.fn(async () => {
      if (!fake.booking) return null;
      if (fake.booking.status === 'confirmed') fake.guestConfirmedAt ??= '2026-12-04T10:00:00.000Z';
      return { ...fake.booking, guestConfirmedAt: fake.guestConfirmedAt };
    }),
  };
  return fake;
}

/** The router context a page handler gives loaders and actions. */
export function routerContext(reservations: GuestReservations): RouterContextProvider {
  // The page's description comes with its texts (src/app/site-texts.ts).
  const siteTexts: AppServices['siteTexts'] = async (lang) => ({
    lang,
    texts: { 'meta.reservations.description': 'Prenota un tavolo sul mare.' },
    translation: {},
  });
  return publicRouterContext({ reservations, siteTexts }, CLIENT_ADDRESS);
}

/**
 * /reservations, /reservations/cancel and /reservations/confirm under a root route carrying the
 * restaurant's facts, with their real loaders and actions over `reservations`.
 */
export function renderGuestPages(url: string, reservations: GuestReservations, lang: Lang = 'en') {
  return renderPublicPages(url, {
    root: { restaurant: FACTS },
    pages: [
      {
        path: 'reservations',
        Component: reservationsRoute.default,
        loader: reservationsRoute.loader,
        action: reservationsRoute.action,
      },
      {
        path: 'reservations/cancel',
        Component: cancelRoute.default,
        loader: cancelRoute.loader,
        action: cancelRoute.action,
      },
      {
        path: 'reservations/confirm',
        Component: confirmRoute.default,
        loader: confirmRoute.loader,
        action: confirmRoute.action,
      },
    ],
    context: routerContext(reservations),
    lang,
  });
}
