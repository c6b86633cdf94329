import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { BookingPageData, Slot } from './booking.ts';

const noSubscription = () => () => {};

/**
 * False while the server renders and while the page hydrates, true once
 * React runs it: what only works with JavaScript (loading slots as the guest
 * chooses, the browser's own validation replaced by the page's words) waits for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export type SlotsState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; slots: Slot[] };

const keyOf = (party: number, date: string) => `${party}|${date}`;

/** GET /api/reservations/availability, read with plain checks (no schema library in the public bundle). */
async function fetchSlots(date: string, party: number, signal: AbortSignal): Promise<Slot[]> {
  const query = new URLSearchParams({ date, party: String(party) });
  const response = await fetch(`/api/reservations/availability?${query}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`availability answered ${response.status}`);
  const slots: unknown = ((await response.json()) as { slots?: unknown } | null)?.slots;
  if (!Array.isArray(slots)) throw new Error('availability answered without slots');
  return slots.filter(
    (slot: Partial<Slot> | null): slot is Slot =>
      typeof slot?.time === 'string' && typeof slot.available === 'boolean',
  );
}

/**
 * The slots of a party and date. The server rendered those of the choice in
 * the address (the form without JavaScript); any other choice is fetched
 * without reloading the page, once, until `reload` says they may have changed
 * (a booking refused because its slot filled up).
 */
export function useSlots(
  initial: BookingPageData,
  party: number | null,
  date: string | null,
): SlotsState & { reload: () => void } {
  const [known, setKnown] = useState<ReadonlyMap<string, Slot[] | 'failed'>>(() =>
    initial.party !== null && initial.date !== null && initial.slots !== null
      ? new Map([[keyOf(initial.party, initial.date), initial.slots]])
      : new Map(),
  );
  const key = party !== null && date !== null ? keyOf(party, date) : null;
  const entry = key === null ? undefined : known.get(key);
  const wanted = key !== null && entry === undefined;

  useEffect(() => {
    if (!wanted || party === null || date === null) return;
    const controller = new AbortController();
    const settle = (value: Slot[] | 'failed') =>
      setKnown((current) => new Map(current).set(keyOf(party, date), value));
    fetchSlots(date, party, controller.signal).then(settle, () => {
      if (!controller.signal.aborted) settle('failed');
    });
    return () => controller.abort();
  }, [wanted, party, date]);

  const reload = useCallback(() => {
    if (key === null) return;
    setKnown((current) => {
      const next = new Map(current);
      next.delete(key);
      return next;
    });
  }, [key]);

  if (key === null) return { state: 'none', reload };
  if (entry === undefined) return { state: 'loading', reload };
  if (entry === 'failed') return { state: 'failed', reload };
  return { state: 'ready', slots: entry, reload };
}
