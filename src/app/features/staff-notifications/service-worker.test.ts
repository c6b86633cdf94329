import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';

/**
 * The back office's service worker (public/dashboard/sw.js), run against a
 * stand-in for its global scope: what it listens to, and what it does on a
 * push and on a tap.
 */

const ORIGIN = 'https://trattoria.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

async function startWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(`${ORIGIN}/dashboard/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    skipWaiting: vi.fn(async () => undefined),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      claim: vi.fn(async () => undefined),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  const source = await readFile(new URL('../../../../public/dashboard/sw.js', import.meta.url));
  new Function('self', source.toString())(scope);

  /** Dispatches an extendable event and waits for what it was told to wait for. */
  async function dispatch(type: string, fields: Record<string, unknown>) {
    const waited: Promise<unknown>[] = [];
    listeners.get(type)!({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => waited.push(promise),
    });
    await Promise.all(waited);
  }
  return { listeners, scope, dispatch };
}

const pushOf = (payload: unknown) => ({
  data: { json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) },
});

const tapOf = (url: unknown) => ({ notification: { data: { url }, close: vi.fn() } });

describe('the back office service worker', () => {
  it('listens to push and notification clicks (and its own lifecycle), never to fetch', async () => {
    const { listeners } = await startWorker();
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'install',
      'notificationclick',
      'push',
    ]);
  });

  it("shows a push's title and body, with the icon and the page to open", async () => {
    const { scope, dispatch } = await startWorker();
    await dispatch(
      'push',
      pushOf({
        title: 'Nuova prenotazione',
        body: '4 persone, sabato 20:30',
        url: '/dashboard/reservations?day=2026-03-14',
      }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Nuova prenotazione', {
      body: '4 persone, sabato 20:30',
      icon: '/dashboard/icons/icon-192.png',
      badge: '/dashboard/icons/icon-192.png',
      data: { url: '/dashboard/reservations?day=2026-03-14' },
    });
  });

  it('shows a generic notification for a message it cannot read', async () => {
    const { scope, dispatch } = await startWorker();
    await dispatch('push', pushOf('{not json'));
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Area riservata',
      expect.objectContaining({ data: { url: '/dashboard' } }),
    );
  });

  it('brings an open back-office window to the page on a tap', async () => {
    const open: FakeWindow = {
      url: `${ORIGIN}/dashboard/takeaway`,
      focus: vi.fn(async () => open),
      // A moved window resolves to its client, as WindowClient.navigate() does.
      navigate: vi.fn(async () => open),
    };
    const publicPage: FakeWindow = { url: `${ORIGIN}/menu`, focus: vi.fn(), navigate: vi.fn() };
    const { scope, dispatch } = await startWorker([publicPage, open]);
    const tap = tapOf('/dashboard/events?richiesta=7');
    await dispatch('notificationclick', tap);
    expect(tap.notification.close).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard/events?richiesta=7`);
    // To the front first, while the tap allows it: a page load can outlast that allowance.
    expect(open.focus.mock.invocationCallOrder[0]).toBeLessThan(
      open.navigate.mock.invocationCallOrder[0]!,
    );
    expect(publicPage.focus).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
    // The windows it controls only: an uncontrolled one cannot be moved.
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window' });
  });

  it('moves the open window even when the browser does not let it come to the front', async () => {
    // A tap the browser does not count as one (a test's) may not focus() or
    // openWindow(), but it may navigate() a window the worker controls.
    const open: FakeWindow = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => {
        throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
      }),
      navigate: vi.fn(async () => open),
    };
    const { scope, dispatch } = await startWorker([open]);
    await dispatch('notificationclick', tapOf('/dashboard/reservations?data=2026-03-14'));
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/dashboard/reservations?data=2026-03-14`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when none is open, or when the open one cannot be moved', async () => {
    const first = await startWorker([]);
    await first.dispatch('notificationclick', tapOf('/dashboard/messages'));
    expect(first.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/messages`);

    const uncontrolled: FakeWindow = {
      url: `${ORIGIN}/dashboard`,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => {
        throw new TypeError('not controlled');
      }),
    };
    const second = await startWorker([uncontrolled]);
    await second.dispatch('notificationclick', tapOf('/dashboard/takeaway'));
    expect(second.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/dashboard/takeaway`);
  });

  it('opens only back-office pages of this site', async () => {
    const { scope, dispatch } = await startWorker([]);
    for (const url of ['https://evil.example/dashboard', '/menu', '//evil.example/x', 42]) {
      await dispatch('notificationclick', tapOf(url));
    }
    expect(scope.clients.openWindow.mock.calls).toEqual(
      Array.from({ length: 4 }, () => [`${ORIGIN}/dashboard`]),
    );
  });
});
