import { addDays, type Schedule } from '../../../shared/opening-hours.ts';
import type { KitchenGroup } from '../../../shared/schemas/menu.ts';
import {
  LIMITED_GROUPS,
  type Load,
  type TakeawaySettings,
} from '../../../shared/schemas/takeaway.ts';
import { openingSlots, slotsAhead, stepsFrom, type Slot } from '../opening-slots.ts';

/**
 * When a takeaway order can be picked up, and whether it fits: pure
 * functions of the opening hours, the owner's settings, the clock and the
 * loads. A slot's load is counted in what the oven and the kitchen must make
 * (pieces per group), never in orders: an order fits a slot when every
 * group, with this order's pieces added, stays within its limit.
 */

export const NO_LOAD: Load = { oven: 0, kitchen: 0 };

/** A pickup slot of a date, and whether this order's load fits in it. */
export interface PickupSlot extends Slot {
  available: boolean;
}

/**
 * Each schedule's pickup times by date and slot length. A schedule stays one
 * object while the hours and the day stay (services/opening-hours.ts keeps
 * it per content version), and working a day's times out walks Rome's
 * clock, about a millisecond: every guest choosing a time and every order
 * would pay it. At most KEPT_DAYS_MAX days a schedule (staff may look at any).
 */
const keptTimes = new WeakMap<Schedule, Map<string, readonly Slot[]>>();
const KEPT_DAYS_MAX = 64;

/**
 * Every pickup time of `date` (Rome), whatever the clock: every
 * `slotMinutes` from each range's opening, and the closing time itself,
 * the last (the kitchen works until it closes), minus closures.
 */
export function pickupTimes(
  schedule: Schedule,
  date: string,
  slotMinutes: number,
): readonly Slot[] {
  let kept = keptTimes.get(schedule);
  if (!kept) keptTimes.set(schedule, (kept = new Map()));
  const key = `${date} ${slotMinutes}`;
  let times = kept.get(key);
  if (!times) {
    if (kept.size >= KEPT_DAYS_MAX) kept.clear();
    times = openingSlots(schedule, date, (start, end) => [
      ...stepsFrom(start, end, slotMinutes),
      end,
    ]);
    kept.set(key, times);
  }
  return times;
}

/** Whether online orders are taken at `now`: takeaway on, and no pause running. */
export function takingOrders(settings: TakeawaySettings, now: Date): boolean {
  return (
    settings.enabled &&
    (settings.pausedUntil === null || Date.parse(settings.pausedUntil) <= now.getTime())
  );
}

/** The load an order's dishes put on the oven and the kitchen: their quantities, per group. */
export function orderLoad(lines: readonly { group: KitchenGroup; quantity: number }[]): Load {
  const load = { ...NO_LOAD };
  for (const { group, quantity } of lines) {
    if (group !== 'none') load[group] += quantity;
  }
  return load;
}

/** Whether `order` fits a slot already holding `held`: every group within its limit. */
export function fitsLimits(held: Load, order: Load, limits: Load): boolean {
  return LIMITED_GROUPS.every((group) => held[group] + order[group] <= limits[group]);
}

/**
 * The pickup slots of `date` for an order at `now`: none while takeaway is
 * off or paused, none on a date before today or past the horizon, none
 * sooner than the preparation time; each `available` when the order's load
 * fits what the slot already holds (`held`, by the slot's "HH:MM").
 */
export function pickupSlots(input: PickupQuestion & { order: Load }): PickupSlot[] {
  return withLoad(timesAhead(input), input.order, input.held, input.settings.limits);
}

/** What `pickupSlots` is asked, the order's load aside. */
export interface PickupQuestion {
  schedule: Schedule;
  date: string;
  settings: TakeawaySettings;
  now: Date;
  held: ReadonlyMap<string, Load>;
  /** Today in Rome at `now`, when the caller already knows it (it costs a time-zone lookup). */
  today?: string;
}

/**
 * Each date from `today` to the horizon, open when a pickup time is left on
 * it, whatever the loads (the guest has not chosen yet). A day is open
 * whether or not a pause runs: the page says the pause apart, and the cached
 * page must not keep every day closed once it ends by itself.
 */
export function openDays(
  input: Omit<PickupQuestion, 'held' | 'date'> & { today: string },
): { date: string; open: boolean }[] {
  const settings = { ...input.settings, enabled: true, pausedUntil: null };
  const days = [];
  for (let day = 0; day <= settings.horizonDays; day += 1) {
    const date = addDays(input.today, day);
    days.push({ date, open: timesAhead({ ...input, settings, date }).length > 0 });
  }
  return days;
}

/** The pickup times still open to an order at `now` (`pickupSlots`'s, before any load). */
export function timesAhead(input: Omit<PickupQuestion, 'held'>): Slot[] {
  const { settings, now, date } = input;
  if (!takingOrders(settings, now)) return [];
  return slotsAhead(
    pickupTimes(input.schedule, date, settings.slotMinutes),
    date,
    { leadMinutes: settings.prepMinutes, horizonDays: settings.horizonDays },
    now,
    input.today,
  );
}

/** Each of `times` with whether `order` fits what the slot already holds. */
export function withLoad(
  times: readonly Slot[],
  order: Load,
  held: ReadonlyMap<string, Load>,
  limits: Load,
): PickupSlot[] {
  return times.map((slot) => ({
    ...slot,
    available: fitsLimits(held.get(slot.time) ?? NO_LOAD, order, limits),
  }));
}

/** "As soon as possible": the first slot the order fits, however many full ones come before. */
export function asap(slots: readonly PickupSlot[]): PickupSlot | null {
  return slots.find((slot) => slot.available) ?? null;
}

/** The first slot after `full` that the order fits: what a full slot's refusal offers instead. */
export function nextFitting(slots: readonly PickupSlot[], full: Slot): PickupSlot | null {
  return slots.find((slot) => slot.at > full.at && slot.available) ?? null;
}
