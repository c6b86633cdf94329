import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

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

/** A time a guest can choose (a table's, a takeaway pickup's), and whether it can take what they ask. */
export interface Slot {
  time: string;
  available: boolean;
}

export type SlotsState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; slots: Slot[] };

/** An API's slots answer (`{slots: [{time, available}]}`), read with plain checks (no schema library in the public bundle). */
async function fetchSlots(url: string, signal: AbortSignal): Promise<Slot[]> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const slots: unknown = ((await response.json()) as { slots?: unknown } | null)?.slots;
  if (!Array.isArray(slots)) throw new Error(`${url} answered without slots`);
  return slots.filter(
    (slot: Partial<Slot> | null): slot is Slot =>
      typeof slot?.time === 'string' && typeof slot.available === 'boolean',
  );
}

/**
 * The slots the API answers at `url` (null: nothing chosen yet). The server
 * rendered those of the choice in the page's address (`initial`: the form
 * without JavaScript); any other choice is fetched without reloading the
 * page, once, until `reload` says they may have changed (a guest's request
 * refused because its slot filled up).
 */
export function useSlots(
  url: string | null,
  initial: { url: string; slots: Slot[] } | null,
): SlotsState & { reload: () => void } {
  const [known, setKnown] = useState<ReadonlyMap<string, Slot[] | 'failed'>>(() =>
    initial ? new Map([[initial.url, initial.slots]]) : new Map(),
  );
  const entry = url === null ? undefined : known.get(url);
  const wanted = url !== null && entry === undefined;

  useEffect(() => {
    if (!wanted || url === null) return;
    const controller = new AbortController();
    const settle = (value: Slot[] | 'failed') =>
      setKnown((current) => new Map(current).set(url, value));
    fetchSlots(url, controller.signal).then(settle, () => {
      if (!controller.signal.aborted) settle('failed');
    });
    return () => controller.abort();
  }, [wanted, url]);

  const reload = useCallback(() => {
    if (url === null) return;
    setKnown((current) => {
      const next = new Map(current);
      next.delete(url);
      return next;
    });
  }, [url]);

  if (url === null) return { state: 'none', reload };
  if (entry === undefined) return { state: 'loading', reload };
  if (entry === 'failed') return { state: 'failed', reload };
  return { state: 'ready', slots: entry, reload };
}

/**
 * The time a guest picks among a day's slots (`sent`: the pick the server
 * answered about). The select shows the pick while it is an available slot,
 * or `always` (a pick that is no slot: takeaway's "as soon as possible"),
 * else nothing: a time that filled up is picked again.
 */
export function useTimeChoice(
  slots: SlotsState & { reload: () => void },
  sent: string,
  always?: string,
) {
  const [picked, pick] = useState(sent);
  const available = slots.state === 'ready' ? slots.slots.filter((slot) => slot.available) : [];
  const value = picked === always || available.some((slot) => slot.time === picked) ? picked : '';
  return { slots, available, value, pick };
}
export type TimeChoice = ReturnType<typeof useTimeChoice>;
