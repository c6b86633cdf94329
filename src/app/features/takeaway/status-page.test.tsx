// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAKEAWAY_ORDER_STATUSES } from '../../../shared/schemas/takeaway.ts';
import { headers } from '../../routes/public/takeaway-order.tsx';
import { STATUS_POLL_MS } from './status-page.tsx';
import { CLIENT_ADDRESS, fakeTakeaway, ORDER, renderTakeawayPages } from './test-utils.tsx';
import { FACTS } from '../../components/test-utils.tsx';

const TOKEN = 'token-of-order-7';
let fake: ReturnType<typeof fakeTakeaway>;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fake = fakeTakeaway();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => Response.json(fake.order));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.useRealTimers());

describe('/takeaway/order', () => {
  it('shows the order, its pickup time, total and status, and cancels nothing when opened', async () => {
    renderTakeawayPages(`/takeaway/order?token=${TOKEN}`, fake.service, FACTS);
    expect(await screen.findByRole('heading', { name: 'Order no. 7, Lena Schmidt' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'Status: Received: the kitchen will confirm it shortly.',
    );
    expect(screen.getByText('Pickup: Saturday 5 December at 19:30')).toBeTruthy();
    expect(screen.getByText('2 × Margherita')).toBeTruthy();
    expect(screen.getByText('20,00 €')).toBeTruthy();
    expect(screen.getByText('Pay at pickup.')).toBeTruthy();
    expect(fake.service.status).toHaveBeenCalledWith(TOKEN);
    expect(fake.service.cancel).not.toHaveBeenCalled();
  });

  it('says each of the seven statuses in words, with staff message when declined', async () => {
    const words: string[] = [];
    for (const status of TAKEAWAY_ORDER_STATUSES) {
      fake.order = { ...ORDER, status, cancellable: status === 'received', message: 'Oven broken' };
      const page = renderTakeawayPages(`/takeaway/order?token=${TOKEN}`, fake.service, FACTS);
      words.push((await screen.findByRole('status')).textContent ?? '');
      if (status === 'declined')
        expect(screen.getByText('Message from the restaurant: Oven broken')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Cancel the order' }) !== null).toBe(
        status === 'received',
      );
      page.unmount();
    }
    expect(new Set(words).size).toBe(7);
  });

  it('the button cancels the order', async () => {
    renderTakeawayPages(`/takeaway/order?token=${TOKEN}`, fake.service, FACTS);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Status: Cancelled.'));
    expect(fake.service.cancel).toHaveBeenCalledWith(TOKEN, CLIENT_ADDRESS);
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
  });

  it('too late to cancel: says so, with the phone', async () => {
    fake.cancelAnswer = 'too-late';
    renderTakeawayPages(`/takeaway/order?token=${TOKEN}`, fake.service, FACTS);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    expect(
      await screen.findByText(
        'The kitchen has already accepted your order: to change it, please call us.',
      ),
    ).toBeTruthy();
  });

  it('an invalid link: a kind message with the phone, and no button', async () => {
    fake.order = null;
    renderTakeawayPages('/takeaway/order?token=forged', fake.service, FACTS);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call +39 347 123 4567' }).getAttribute('href')).toBe(
      'tel:+393471234567',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('follows the status live while it can change, and stops when final', async () => {
    // The page's own timer is the fake clock's; the rest of the test runs on real time.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    renderTakeawayPages(`/takeaway/order?token=${TOKEN}`, fake.service, FACTS);
    await screen.findByRole('status');
    fake.order = { ...ORDER, status: 'accepted', cancellable: false };
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/takeaway/orders/status?token=${TOKEN}`,
      expect.anything(),
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Status: Accepted: the kitchen will have it ready at the pickup time.',
    );
    fake.order = { ...ORDER, status: 'collected', cancellable: false };
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS));
    expect(screen.getByRole('status').textContent).toBe('Status: Collected. Enjoy your meal!');
    const calls = fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(STATUS_POLL_MS * 3));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('sends no referrer, and is neither stored nor indexed', () => {
    const sent = headers({ parentHeaders: new Headers() } as never);
    expect(sent.get('Referrer-Policy')).toBe('no-referrer');
    expect(sent.get('Cache-Control')).toBe('no-store');
    expect(sent.get('X-Robots-Tag')).toBe('noindex');
  });
});
