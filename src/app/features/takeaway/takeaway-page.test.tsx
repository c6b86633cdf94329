// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loader, action } from '../../routes/public/takeaway.tsx';
import { unavailableDescription } from '../../../shared/takeaway-refusals.ts';
import { BASKET_STORAGE_KEY } from './takeaway-page.tsx';
import {
  CLIENT_ADDRESS,
  fakeTakeaway,
  renderTakeawayPages,
  routerContext,
  SLOTS,
} from './test-utils.tsx';
import { FACTS } from '../../components/test-utils.tsx';

let fake: ReturnType<typeof fakeTakeaway>;
/** GET /api/takeaway/slots, answered by the fake service like the API would. */
const fetchMock = vi.fn<typeof fetch>();
const slotCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('slots'));

beforeEach(() => {
  localStorage.clear();
  fake = fakeTakeaway();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const items = (url.searchParams.get('items') ?? '').split(',').map((entry) => {
      const [id, quantity] = entry.split('*').map(Number) as [number, number];
      return { id, quantity };
    });
    return Response.json(await fake.service.slots(url.searchParams.get('date') ?? '', items));
  });
  vi.stubGlobal('fetch', fetchMock);
});

const quantity = (name: string) => screen.getByRole('spinbutton', { name });
const setQuantity = (name: string, value: string) =>
  fireEvent.change(quantity(name), { target: { value } });
const timeSelect = () => screen.getByRole('combobox', { name: 'Pickup time' });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

const request = (url: string, init?: RequestInit) => new Request(`http://localhost${url}`, init);

function fillDetails() {
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Lena Schmidt' } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'lena@example.de' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+49 30 1234567' } });
  fireEvent.click(screen.getByLabelText('I have read and accept the privacy policy'));
}

describe('/takeaway', () => {
  it('lists the takeaway dishes by section with prices, allergens and sold-out marks', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order for takeaway' }),
    ).toBeTruthy();
    const pizzas = screen.getByRole('group', { name: 'Pizzas' });
    expect(within(pizzas).getByText('8,50 €')).toBeTruthy();
    expect(within(pizzas).getByText('Gluten')).toBeTruthy();
    // Sold out: shown, marked, no quantity to set.
    expect(within(pizzas).getByText('Sold out')).toBeTruthy();
    expect(screen.queryByRole('spinbutton', { name: 'Tonno, quantity' })).toBeNull();
    // Every size has its own quantity; a dish not for takeaway is not there.
    expect(quantity('Water, 0.5 l, quantity')).toBeTruthy();
    expect(quantity('Water, 1 l, quantity')).toBeTruthy();
    expect(screen.queryByText('Draught beer')).toBeNull();
    // No time is shown without a chosen day: the bare page is cached.
    expect(screen.queryByRole('combobox', { name: 'Pickup time' })).toBeNull();
  });

  it('keeps the running total in euros, and asks for the times that fit this order', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('spinbutton', { name: 'Margherita, quantity' });
    setQuantity('Margherita, quantity', '2');
    setQuantity('Water, 1 l, quantity', '1');
    const basket = screen.getByRole('region', { name: 'Your order' });
    expect(within(basket).getByText('2 × Margherita')).toBeTruthy();
    expect(within(basket).getByText('1 × Water (1 l)')).toBeTruthy();
    expect(within(basket).getByText('19,50 €')).toBeTruthy();
    // Only "as soon as possible" until a day is chosen.
    expect(optionTexts(timeSelect())).toEqual(['As soon as possible']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), {
      target: { value: '2026-12-05' },
    });
    await screen.findByRole('option', { name: '19:00' });
    expect(slotCalls()).toEqual(['/api/takeaway/slots?date=2026-12-05&items=11*2%2C21*1']);
    expect(optionTexts(timeSelect())).toEqual([
      'As soon as possible',
      '19:00',
      '19:15 (full)',
      '19:30',
    ]);
    // A heavier order asks again, and gets the times that fit its load.
    fake.slotsFor = (items) =>
      SLOTS.map((slot) => ({
        ...slot,
        available: slot.time === '19:30' && items[0]!.quantity < 9,
      }));
    setQuantity('Margherita, quantity', '9');
    await waitFor(() => expect(slotCalls()).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'No pickup time on this day can take this order: please choose another day or order less.',
      ),
    );
  });

  it('refuses more than 100 pieces in all before sending', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('spinbutton', { name: 'Margherita, quantity' });
    setQuantity('Margherita, quantity', '50');
    setQuantity('Diavola, quantity', '50');
    setQuantity('Water, 1 l, quantity', '1');
    expect(
      screen.getByText('An order can hold at most 100 pieces in all: please order fewer.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place my order' })).toBeNull();
  });

  it('orders, then shows the order, the time, the total, "pay at pickup" and the status link', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('spinbutton', { name: 'Margherita, quantity' });
    setQuantity('Margherita, quantity', '2');
    setQuantity('Water, 1 l, quantity', '1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), {
      target: { value: '2026-12-05' },
    });
    await screen.findByRole('option', { name: '19:30' });
    fireEvent.change(timeSelect(), { target: { value: '19:30' } });
    fillDetails();
    expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY)!)).toEqual({
      '11-0': 2,
      '21-1': 1,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    const heading = await screen.findByRole('heading', { name: 'Order received' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(fake.service.order).toHaveBeenCalledWith(
      {
        name: 'Lena Schmidt',
        email: 'lena@example.de',
        phone: '+49 30 1234567',
        lang: 'en',
        pickup: { date: '2026-12-05', time: '19:30' },
        items: [
          { id: 11, quantity: 2 },
          { id: 21, quantity: 1, price: '1 l' },
        ],
        privacy: true,
        website: '',
      },
      CLIENT_ADDRESS,
    );
    expect(screen.getByText('Pickup: Saturday 5 December at 19:30')).toBeTruthy();
    expect(screen.getByText('20,00 €')).toBeTruthy();
    expect(screen.getByText('Pay at pickup.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow your order' }).getAttribute('href')).toBe(
      '/takeaway/order?token=token-of-order-7',
    );
    expect(localStorage.getItem(BASKET_STORAGE_KEY)).toBeNull();
  });

  it('checks the fields first, each error tied to its field', async () => {
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('spinbutton', { name: 'Diavola, quantity' });
    setQuantity('Diavola, quantity', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    const name = screen.getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter your name.',
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fake.service.order).not.toHaveBeenCalled();
  });

  it('tells a refusal beside the form, keeping what was typed: dishes by name, the next time', async () => {
    fake.orderAnswer = {
      ok: false,
      code: 'item-unavailable',
      description: unavailableDescription([12]),
      details: { unavailableIds: [12] },
    };
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await screen.findByRole('spinbutton', { name: 'Diavola, quantity' });
    setQuantity('Diavola, quantity', '1');
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    expect(
      await screen.findByText(
        'These dishes can no longer be ordered: Diavola. Please remove them from your order.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Lena Schmidt');

    fake.orderAnswer = {
      ok: false,
      code: 'slot-full',
      // The page reads `details`: a description that names no time changes nothing.
      description: 'This pickup time is full.',
      details: { nextTime: '19:45' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Place my order' }));
    expect(
      await screen.findByText(
        'Sorry, this pickup time has just filled up: the first later time that fits your order is 19:45.',
      ),
    ).toBeTruthy();
  });

  it('keeps the basket across a reload, less the dishes no longer orderable', async () => {
    localStorage.setItem(
      BASKET_STORAGE_KEY,
      JSON.stringify({ '11-0': 3, '13-0': 1, '22-0': 2, '99-0': 1 }),
    );
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    await waitFor(() => expect(quantity('Margherita, quantity')).toHaveProperty('value', '3'));
    const basket = screen.getByRole('region', { name: 'Your order' });
    expect(within(basket).getAllByRole('listitem')).toHaveLength(1);
    expect(within(basket).getByText('3 × Margherita')).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(BASKET_STORAGE_KEY)!)).toEqual({ '11-0': 3 }),
    );
  });

  it('says until when orders are paused, and still shows the form', async () => {
    fake.pausedUntil = '2999-12-05T18:45:00.000Z';
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    expect(
      await screen.findByText(
        'The kitchen is full: online orders are paused until 19:45. You can prepare your order meanwhile.',
      ),
    ).toBeTruthy();
    expect(quantity('Margherita, quantity')).toBeTruthy();
  });

  it('is the 404 page while takeaway is switched off', async () => {
    fake.enabled = false;
    renderTakeawayPages('/takeaway', fake.service, FACTS);
    expect(await screen.findByText('404')).toBeTruthy();
    await expect(
      loader({ request: request('/takeaway'), context: routerContext(fake.service) } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe('/takeaway without JavaScript', () => {
  it('the dishes form reloads with the basket and the day, and the server shows the times', async () => {
    const data = await loader({
      request: request('/takeaway?lng=en&q-11-0=2&q-21-1=1&q-13-0=1&q-12-0=&date=2026-12-05'),
      context: routerContext(fake.service),
    } as never);
    // The sold-out pizza is dropped; the slots are asked for this order's load.
    expect(data.basket).toEqual({ '11-0': 2, '21-1': 1 });
    expect(data.date).toBe('2026-12-05');
    expect(fake.service.slots).toHaveBeenCalledWith('2026-12-05', [
      { id: 11, quantity: 2 },
      { id: 21, quantity: 1 },
    ]);
    expect(data.slots).toEqual(SLOTS);

    renderTakeawayPages('/takeaway?q-11-0=2&date=2026-12-05', fake.service, FACTS);
    expect(await screen.findByRole('option', { name: '19:30' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a closed day shows no times, and the bare address asks for none', async () => {
    const closed = await loader({
      request: request('/takeaway?q-11-0=2&date=2026-12-07'),
      context: routerContext(fake.service),
    } as never);
    expect(closed.date).toBeNull();
    expect(closed.slots).toBeNull();
    await loader({ request: request('/takeaway'), context: routerContext(fake.service) } as never);
    expect(fake.service.slots).not.toHaveBeenCalled();
  });

  it('the order form posts the order to the service, and a refusal keeps what was typed', async () => {
    fake.orderAnswer = { ok: false, code: 'paused', description: 'The kitchen is full.' };
    const body = new URLSearchParams({
      'q-21-0': '2',
      date: '2026-12-05',
      time: 'asap',
      lang: 'de',
      name: 'Lena',
      email: 'lena@example.de',
      phone: '+49 30 1234567',
      notes: 'Ohne Eis',
      privacy: 'on',
      website: '',
    });
    const answer = (await action({
      request: request('/takeaway', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
      context: routerContext(fake.service),
    } as never)) as unknown as { data: { values: { name: string } }; init: { status: number } };
    expect(fake.service.order).toHaveBeenCalledWith(
      {
        name: 'Lena',
        email: 'lena@example.de',
        phone: '+49 30 1234567',
        lang: 'de',
        pickup: 'asap',
        items: [{ id: 21, quantity: 2, price: '0.5 l' }],
        notes: 'Ohne Eis',
        privacy: true,
        website: '',
      },
      CLIENT_ADDRESS,
    );
    expect(answer.init.status).toBe(409);
    expect(answer.data.values.name).toBe('Lena');
  });
});
