// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeTakeaway, renderTakeawayPages } from './test-utils.tsx';
import { FACTS } from '../../components/test-utils.tsx';

// What orders on a phone: the row of links to the sections, the − and +
// buttons beside each quantity, and the basket bar leading to the pickup step.

let fake: ReturnType<typeof fakeTakeaway>;

beforeEach(() => {
  localStorage.clear();
  fake = fakeTakeaway();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ date: '', slots: [] })),
  );
});

const quantity = (name: string) => screen.getByRole('spinbutton', { name });
const bar = () => screen.queryByRole('link', { name: /dish/ });
/** An element's text, the no-break space Intl writes before the euro sign read as a space. */
const textOf = (element: Element) => element.textContent!.replace(/\s+/g, ' ');

describe('/takeaway on a phone', () => {
  it('links each section from a row named as its heading', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    const row = await screen.findByRole('navigation', { name: 'Menu sections' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Pizzas', 'Drinks']);
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1))!;
      // The section it leads to is the group of that name, headed by it.
      expect(section).toBe(screen.getByRole('group', { name: link.textContent! }));
      expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe(link.textContent);
    }
  });

  it('adds and removes with + and −, named with the dish and its size', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    const add = await screen.findByRole('button', { name: 'Add Margherita' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(quantity('Margherita, quantity')).toHaveProperty('value', '2');
    const basket = screen.getByRole('region', { name: 'Your order' });
    expect(within(basket).getByText('2 × Margherita')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Margherita' }));
    expect(within(basket).getByText('1 × Margherita')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Margherita' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Margherita' }));
    expect(quantity('Margherita, quantity')).toHaveProperty('value', '');
    expect(within(basket).getByText('Your order is empty: choose at least one dish.')).toBeTruthy();

    // Each size its own; a typed quantity goes on from where it is; a sold-out dish has none.
    fireEvent.change(quantity('Water, 1 l, quantity'), { target: { value: '49' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Water, 1 l' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Water, 1 l' }));
    expect(quantity('Water, 1 l, quantity')).toHaveProperty('value', '50');
    expect(quantity('Water, 0.5 l, quantity')).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Add Tonno' })).toBeNull();
    // The field is the keyboard's stop; the buttons are for a thumb.
    expect(screen.getByRole('button', { name: 'Add Margherita' }).tabIndex).toBe(-1);
    expect(quantity('Margherita, quantity').tabIndex).toBe(0);
  });

  it('names the buttons in the page’s language', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS, 'it');
    expect(await screen.findByRole('button', { name: 'Aggiungi Margherita' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Togli Margherita' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi Margherita' }));
    expect(textOf(screen.getByRole('link', { name: /1 piatto/ }))).toBe(
      '1 piatto 8,50 € Scegli il ritiro',
    );
  });

  it('shows the bar once the basket holds a dish: the count, the total, a link to the pickup step', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('button', { name: 'Add Margherita' });
    expect(bar()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Margherita' }));
    expect(textOf(bar()!)).toBe('1 dish 8,50 € Choose pickup');
    fireEvent.click(screen.getByRole('button', { name: 'Add Diavola' }));
    const link = bar()!;
    expect(textOf(link)).toBe('2 dishes 18,50 € Choose pickup');
    // One link, to the card where the day is chosen (the time follows it).
    const step = document.getElementById(link.getAttribute('href')!.slice(1))!;
    expect(step).toBe(screen.getByRole('region', { name: 'Pickup day' }));
    expect(within(step).getByRole('combobox', { name: 'Day' })).toBeTruthy();
    // Emptied, the bar goes.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Margherita' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Diavola' }));
    expect(bar()).toBeNull();
  });

  it('keeps the day a field of the dishes form, sent with the quantities', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    const day = await screen.findByRole('combobox', { name: 'Day' });
    const show = screen.getByRole('button', { name: 'Show the pickup times' });
    const dishes = quantity('Margherita, quantity').closest('form')!;
    expect((day as HTMLSelectElement).form).toBe(dishes);
    expect((show as HTMLButtonElement).form).toBe(dishes);
    expect(dishes.getAttribute('method')).toBe('get');
  });
});
