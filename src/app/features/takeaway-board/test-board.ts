import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { MenuAnswer } from '../../../shared/schemas/menu.ts';
import type { TakeawayBoard, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import type { AudioContextLike } from './use-ringing.ts';
import type { WakeLockLike } from './use-wake-lock.ts';

/** The kitchen board's test fixtures (imported by tests only). */

export const TODAY = '2026-06-10';

/** A dish of the Italian menu the phone order reads, available for takeaway; `more` changes any field. */
export const dish = (
  id: number,
  name: string,
  prices: { label: string; amount: string }[],
  more: Partial<MenuAnswer['sections'][number]['items'][number]> = {},
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

export const order = (overrides: Partial<TakeawayOrder>): TakeawayOrder => ({
  id: 1,
  name: 'Marco Neri',
  phone: '+39 333 555 0101',
  email: 'marco@example.test',
  lang: 'it',
  pickup: { date: TODAY, time: '19:30' },
  status: 'accepted',
  total: '23.50',
  lines: [
    { id: 10, name: 'Margherita', label: '', quantity: 2, amount: '8.00' },
    { id: 20, name: 'Acqua', label: '0,5 l', quantity: 1, amount: '7.50' },
  ],
  notes: '',
  source: 'online',
  createdAt: '2026-06-10T08:00:00.000Z',
  opened: true,
  message: '',
  ...overrides,
});

export const boardOf = (overrides: Partial<TakeawayBoard> = {}): TakeawayBoard => ({
  date: TODAY,
  orders: [],
  unopened: [],
  slots: [
    { time: '19:15', oven: 0, kitchen: 0 },
    { time: '19:30', oven: 12, kitchen: 2 },
    { time: '19:45', oven: 2, kitchen: 0 },
  ],
  settings: {
    enabled: true,
    slotMinutes: 15,
    limits: { oven: 12, kitchen: 8 },
    prepMinutes: 30,
    horizonDays: 2,
    pausedUntil: null,
  },
  ...overrides,
});

/** Lets timers due within `ms`, the answers they wait for and React's updates run. */
export async function tick(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let round = 0; round < 4; round++) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

/** A Web Audio context that records the beeps it was asked to play. */
export function fakeAudio() {
  const started: number[] = [];
  let state = 'suspended';
  /** Whether resume() may start the sound (a browser may refuse it after the page slept). */
  const allowed = { value: true };
  const node = () => {
    const self = {
      type: '',
      frequency: { value: 0 },
      gain: { value: 0 },
      connect: () => self,
      start: (at: number) => started.push(at),
      stop: () => {},
    };
    return self;
  };
  const context: AudioContextLike = {
    get state() {
      return state;
    },
    currentTime: 0,
    destination: {} as AudioNode,
    resume: async () => {
      if (allowed.value) state = 'running';
    },
    createOscillator: () => node() as unknown as OscillatorNode,
    createGain: () => node() as unknown as GainNode,
  };
  /** The browser suspends the sound, as when the tablet sleeps. */
  const suspend = (resumable: boolean) => {
    state = 'suspended';
    allowed.value = resumable;
  };
  return { factory: vi.fn(() => context), started, suspend };
}

/** A Wake Lock API that records what it was asked and released. */
export function fakeWakeLock() {
  const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
  const wakeLock: WakeLockLike = {
    request: vi.fn(async () => {
      const sentinel = {
        released: false,
        release: async () => {
          sentinel.released = true;
        },
      };
      sentinels.push(sentinel);
      return sentinel;
    }),
  };
  return { wakeLock, sentinels };
}

/** A menu of one dish, the Margherita (10), for the phone order's form. */
export const MENU: MenuAnswer = {
  lang: 'it',
  sections: [
    {
      id: 1,
      name: 'Pizze',
      placement: 'always',
      kitchen: 'oven',
      items: [dish(10, 'Margherita', [{ label: '', amount: '8.00' }])],
    },
  ],
};
