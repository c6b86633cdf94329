import { useEffect, useState } from 'react';
import type { MenuSectionAnswer } from '../../../shared/schemas/menu.ts';
import type { OrderedItem, TakeawaySlotsAnswer } from '../../../shared/schemas/takeaway.ts';
import { fetchMenu, fetchSlots } from './takeaway-board-api.ts';
import { useUser } from '../staff/index.ts';

type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** The sections with the dishes that can be taken away and are not sold out, for the phone form. */
export function useOrderMenu(): Loaded<MenuSectionAnswer[]> {
  const [menu, setMenu] = useState<Loaded<MenuSectionAnswer[]>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchMenu(controller.signal).then(
      (result) =>
        setMenu(
          result.ok
            ? {
                state: 'ready',
                data: result.data.sections
                  .map((section) => ({
                    ...section,
                    items: section.items.filter((item) => item.takeaway && item.available),
                  }))
                  .filter((section) => section.items.length > 0),
              }
            : { state: 'failed' },
        ),
      () => {}, // aborted: the form closed
    );
    return () => controller.abort();
  }, []);
  return menu;
}

/**
 * The pickup times of `date` for these dishes, each saying whether the
 * order still fits (the server counts the slot's load): asked again when
 * the dishes or the day change; none before a dish is chosen.
 */
export function useOrderSlots(date: string, items: readonly OrderedItem[]) {
  const { currentToken } = useUser();
  const key = `${date} ${items.map(({ id, quantity }) => `${id}*${quantity}`).join(',')}`;
  const [slots, setSlots] = useState<{ key: string; answer: TakeawaySlotsAnswer | null }>({
    key: '',
    answer: null,
  });
  useEffect(() => {
    const [day = '', list = ''] = key.split(' ');
    if (!list) return;
    const token = currentToken();
    if (!token) return;
    const controller = new AbortController();
    const ordered = list.split(',').map((entry) => {
      const [id, quantity] = entry.split('*').map(Number);
      return { id: id!, quantity: quantity! };
    });
    fetchSlots(token, day, ordered, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setSlots({ key, answer: result.ok ? result.data : null });
      },
      () => {},
    );
    return () => controller.abort();
  }, [key, currentToken]);
  return slots.key === key ? (slots.answer?.slots ?? []) : [];
}
