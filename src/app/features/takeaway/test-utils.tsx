import type { RouterContextProvider } from 'react-router';
import { vi } from 'vitest';
import type { Lang } from '../../../shared/languages.ts';
import type { MenuView } from '../../../shared/schemas/menu.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
import type { GuestOrder } from '../../../shared/schemas/takeaway.ts';
import type { AppServices, GuestTakeaway, TakeawayOrderOutcome } from '../../context.ts';
import { publicRouterContext, renderPublicPages } from '../../components/test-utils.tsx';
import * as takeawayRoute from '../../routes/public/takeaway.tsx';
import * as orderRoute from '../../routes/public/takeaway-order.tsx';
import type { Slot } from '../../guest-kit/use-slots.ts';

/** Component-test helpers for the guest's takeaway pages (imported by tests only). */

export const CLIENT_ADDRESS = '198.51.100.23';

/** A takeaway dish of a menu, available; `more` changes any of its fields. */
export const menuItem = (
  id: number,
  name: string,
  prices: { label: string; amount: string }[],
  more: Partial<MenuView['sections'][number]['items'][number]> = {},
) => ({
  id,
  name,
  description: '',
  ingredients: '',
  prices,
  allergens: null,
  available: true,
  frozen: false,
  takeaway: true,
  translation: 'none' as const,
  ...more,
});

/** Pizzas (one sold out), drinks in two sizes, and a draught beer not for takeaway. */
export const MENU: MenuView = {
  lang: 'en',
  sections: [
    {
      id: 1,
      key: 'pizzas',
      name: 'Pizzas',
      placement: 'carousel',
      kitchen: 'oven',
      items: [
        menuItem(11, 'Margherita', [{ label: '', amount: '8.50' }], {
          allergens: ['gluten', 'milk'],
        }),
        menuItem(12, 'Diavola', [{ label: '', amount: '10.00' }]),
        menuItem(13, 'Tonno', [{ label: '', amount: '11.00' }], { available: false }),
      ],
    },
    {
      id: 2,
      key: 'drinks',
      name: 'Drinks',
      placement: 'always',
      kitchen: 'none',
      items: [
        menuItem(21, 'Water', [
          { label: '0.5 l', amount: '1.50' },
          { label: '1 l', amount: '2.50' },
        ]),
        menuItem(22, 'Draught beer', [{ label: '', amount: '5.00' }], { takeaway: false }),
      ],
    },
  ],
};

/** Saturday 5 to Monday 7 December 2026; Monday is the weekly rest. */
export const DAYS = [
  { date: '2026-12-05', open: true },
  { date: '2026-12-06', open: true },
  { date: '2026-12-07', open: false },
];

export const SLOTS: Slot[] = [
  { time: '19:00', available: true },
  { time: '19:15', available: false },
  { time: '19:30', available: true },
];

export const CREATED: TakeawayOrderOutcome = {
  ok: true,
  statusToken: 'token-of-order-7',
  order: {
    id: 7,
    status: 'received',
    pickup: { date: '2026-12-05', time: '19:30' },
    total: '20.00',
    lines: [
      { id: 11, name: 'Margherita', label: '', quantity: 2, amount: '8.50' },
      { id: 21, name: 'Water', label: '1 l', quantity: 1, amount: '2.50' },
    ],
  },
};

export const ORDER: GuestOrder = {
  id: 7,
  name: 'Lena Schmidt',
  lang: 'en',
  pickup: { date: '2026-12-05', time: '19:30' },
  status: 'received',
  total: '20.00',
  lines: CREATED.ok ? CREATED.order.lines : [],
  notes: '',
  message: '',
  cancellable: true,
};

/** The service as the guest's pages see it, answering from the fields below; every call recorded. */
export function fakeTakeaway() {
  const fake = {
    enabled: true,
    pausedUntil: null as string | null,
    days: DAYS,
    /** The slots answered for any order (a test sets those of a heavier order). */
    slotsFor: (_items: readonly { id: number; quantity: number }[]): Slot[] => SLOTS,
    orderAnswer: CREATED,
    order: ORDER as GuestOrder | null,
    cancelAnswer: null as GuestOrder | null | 'too-late' | 'rate-limited' | null,
    service: {} as GuestTakeaway,
  };
  fake.service = {
    calendar: vi.fn(async () => ({
      enabled: fake.enabled,
      pausedUntil: fake.pausedUntil,
      days: fake.days,
    })),
    slots: vi.fn(async (date: string, items: readonly { id: number; quantity: number }[]) => ({
      date,
      slots: fake.slotsFor(items),
    })),
    order: vi.fn(async () => fake.orderAnswer),
    status: vi.fn(async () => fake.order),
    cancel: vi.fn(async () => {
      if (fake.cancelAnswer !== null) return fake.cancelAnswer;
      if (!fake.order) return null;
      fake.order = { ...fake.order, status: 'cancelled', cancellable: false };
      return fake.order;
    }),
  };
  return fake;
}

/** The router context a page handler gives loaders and actions. */
export function routerContext(takeaway: GuestTakeaway): RouterContextProvider {
  const menu: AppServices['menu'] = async (lang) => ({ ...MENU, lang });
  return publicRouterContext({ takeaway, menu }, CLIENT_ADDRESS);
}

/**
 * /takeaway and /takeaway/order under a root route carrying the restaurant's
 * `facts` (the booking pages' test helpers have a set), with their real
 * loaders and actions over `takeaway`.
 */
export function renderTakeawayPages(
  url: string,
  takeaway: GuestTakeaway,
  facts: RestaurantFacts,
  lang: Lang = 'en',
) {
  return renderPublicPages(url, {
    root: { restaurant: facts, takeawayEnabled: true },
    pages: [
      {
        path: 'takeaway',
        Component: takeawayRoute.default,
        loader: takeawayRoute.loader,
        action: takeawayRoute.action,
        ErrorBoundary: takeawayRoute.ErrorBoundary,
      },
      {
        path: 'takeaway/order',
        Component: orderRoute.default,
        loader: orderRoute.loader,
        action: orderRoute.action,
      },
    ],
    context: routerContext(takeaway),
    lang,
  });
}
