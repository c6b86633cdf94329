import type { MenuSectionAnswer } from '../../../shared/schemas/menu.ts';
import type { OrderedItem } from '../../../shared/schemas/takeaway.ts';
import { fetchMenu, useLoad } from '../../staff-kit/index.ts';
import { fetchSlots } from './takeaway-board-api.ts';
import { useUser } from '../../staff/index.ts';

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** The sections with the dishes that can be taken away and are not sold out, for the phone form. */
export function useOrderMenu(): Loaded<MenuSectionAnswer[]> {
  const menu = useLoad('menu', fetchMenu);
  if (menu.state === 'failed') return { state: 'failed' };
  if (menu.state !== 'ready') return { state: 'loading' };
  return {
    state: 'ready',
    data: menu.data.sections
      .map((section) => ({
        ...section,
        items: section.items.filter((item) => item.takeaway && item.available),
      }))
      .filter((section) => section.items.length > 0),
  };
}

/**
 * The pickup times of `date` for these dishes, each saying whether the
 * order still fits (the server counts the slot's load): asked again when
 * the dishes or the day change; none before a dish is chosen.
 */
export function useOrderSlots(date: string, items: readonly OrderedItem[]) {
  const { currentToken } = useUser();
  const list = items.map(({ id, quantity }) => `${id}*${quantity}`).join(',');
  const slots = useLoad(list ? `${date} ${list}` : null, (signal) => {
    const token = currentToken();
    // Logged out meanwhile: no times (the next action goes to the login).
    if (!token) return new Promise<never>(() => {});
    return fetchSlots(token, date, items, signal);
  });
  return slots.state === 'ready' ? slots.data.slots : [];
}
