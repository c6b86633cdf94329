// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '../../../shared/schemas/push.ts';
import * as accountRoute from '../../routes/staff/account.tsx';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};
/** Wednesday 11 March 2026, 10:00 in Rome. */
const NOW = new Date('2026-03-11T09:00:00Z');
/** The server's VAPID public key: bytes 1, 2, 3, 4 in base64url. */
const PUBLIC_KEY = 'AQIDBA';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-phone';
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

const LAPTOP: PushDevice = {
  endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/laptop',
  browser: 'Firefox su Windows',
  topics: ['reservations', 'events'],
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: '2026-03-10T19:31:00.000Z',
};
const THIS_PHONE: PushDevice = {
  endpoint: ENDPOINT,
  browser: 'Chrome su Android',
  topics: ['reservations', 'takeaway', 'events', 'messages'],
  createdAt: '2026-03-11T08:00:00.000Z',
  lastUsedAt: null,
};

let routes: Record<string, FakeRoute>;
let devices: PushDevice[];
const { calls, bodies } = fakeServer(() => routes);

/** The browser's side, as a test drives it. */
let browser: ReturnType<typeof fakeBrowser>;

function fakeBrowser({ permission = 'default' as NotificationPermission } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      held = null;
      return true;
    }),
  };
  let held: typeof subscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => held),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      held = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async (): Promise<NotificationPermission> => 'granted'),
  };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (held ? registration : undefined)),
  };
  return {
    subscription,
    pushManager,
    notification,
    serviceWorker,
    /** This browser already holds the subscription (switched on earlier). */
    subscribed() {
      held = subscription;
    },
    install() {
      vi.stubGlobal('PushManager', class {});
      vi.stubGlobal('Notification', notification);
      Object.defineProperty(navigator, 'serviceWorker', {
        configurable: true,
        value: serviceWorker,
      });
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  devices = [LAPTOP];
  routes = {
    'GET /api/push/key': () => Response.json({ publicKey: PUBLIC_KEY }),
    'GET /api/push/subscriptions': () => Response.json(devices),
    'POST /api/push/subscriptions': (init) => {
      const body = JSON.parse(String(init?.body)) as { endpoint: string; topics: [] };
      const known = devices.find((device) => device.endpoint === body.endpoint);
      devices = [
        { ...(known ?? THIS_PHONE), topics: body.topics },
        ...devices.filter((device) => device !== known),
      ];
      return new Response(null, { status: 201 });
    },
    'DELETE /api/push/subscriptions': (init) => {
      const { endpoint } = JSON.parse(String(init?.body)) as { endpoint: string };
      devices = devices.filter((device) => device.endpoint !== endpoint);
      return new Response(null, { status: 204 });
    },
  };
  browser = fakeBrowser();
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function renderAccount() {
  renderStaffRoutes('/dashboard/account', [
    routeModule(accountRoute, { path: '/dashboard/account' }),
  ]);
}

const panel = () => screen.findByRole('region', { name: 'Notifiche su questo dispositivo' });
const switchOn = async () =>
  within(await panel()).findByRole('button', {
    name: 'Attiva le notifiche su questo dispositivo',
  });
const topic = async (name: string) =>
  (await within(await panel()).findByRole('checkbox', { name })) as HTMLInputElement;
const deviceList = async () =>
  within(await panel()).findByRole('list', { name: 'I tuoi dispositivi' });

describe('"Notifiche su questo dispositivo" in Il mio account', () => {
  it('asks for permission only after the tap, then subscribes and posts the endpoint, keys and topics', async () => {
    browser.install();
    renderAccount();
    fireEvent.click(await topic('Messaggi'));
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();

    fireEvent.click(await switchOn());

    await within(await panel()).findByText('Le notifiche sono attive su questo dispositivo.');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/dashboard/sw.js', {
      scope: '/dashboard',
    });
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([1, 2, 3, 4]);
    expect(bodies('POST /api/push/subscriptions')).toEqual([
      { endpoint: ENDPOINT, keys: KEYS, topics: ['reservations', 'takeaway', 'events'] },
    ]);
    expect(toasts).toContainEqual(['success', 'Notifiche attivate su questo dispositivo']);
    // The list is loaded again: this phone is in it, marked.
    const list = await deviceList();
    expect((await within(list).findByText('questo dispositivo')).textContent).toBe(
      'questo dispositivo',
    );
  });

  it('tells someone with ten devices to remove one first (409 too-many-devices), and stays off', async () => {
    const TOO_MANY =
      'Hai già 10 dispositivi con le notifiche attive: rimuovine uno da "I tuoi dispositivi" (Il mio account), poi riprova.';
    routes['POST /api/push/subscriptions'] = () =>
      Response.json(
        { errors: [{ code: 'too-many-devices', description: TOO_MANY }] },
        { status: 409 },
      );
    browser.install();
    renderAccount();
    fireEvent.click(await switchOn());
    await waitFor(() => expect(toasts).toContainEqual(['warning', TOO_MANY]));
    await switchOn();
    expect(
      within(await panel()).queryByText('Le notifiche sono attive su questo dispositivo.'),
    ).toBeNull();
    expect(toasts.filter(([kind]) => kind === 'success')).toEqual([]);
  });

  it('has every topic ticked at first, and keeps the last one ticked', async () => {
    browser.install();
    renderAccount();
    for (const name of ['Prenotazioni', 'Asporto', 'Eventi', 'Messaggi']) {
      expect((await topic(name)).checked).toBe(true);
    }
    for (const name of ['Prenotazioni', 'Asporto', 'Eventi']) fireEvent.click(await topic(name));
    expect((await topic('Messaggi')).disabled).toBe(true);
    expect(calls('POST /api/push/subscriptions')).toEqual([]);
  });

  it('posts again when the topics of a device already on change, and "Disattiva" unsubscribes and deletes', async () => {
    devices = [THIS_PHONE, LAPTOP];
    browser.subscribed();
    browser.install();
    renderAccount();
    await within(await panel()).findByText('Le notifiche sono attive su questo dispositivo.');

    fireEvent.click(await topic('Asporto'));
    await waitFor(() =>
      expect(bodies('POST /api/push/subscriptions')).toEqual([
        { endpoint: ENDPOINT, keys: KEYS, topics: ['reservations', 'events', 'messages'] },
      ]),
    );
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Argomenti salvati']));

    fireEvent.click(await within(await panel()).findByRole('button', { name: 'Disattiva' }));
    await switchOn();
    expect(bodies('DELETE /api/push/subscriptions')).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(toasts).toContainEqual(['success', 'Notifiche disattivate su questo dispositivo']);
  });

  it('lists the devices with their browser and last use, each removable', async () => {
    devices = [
      THIS_PHONE,
      LAPTOP,
      { ...LAPTOP, endpoint: 'https://x.notify.windows.com/w/1', browser: 'Edge su Windows' },
    ];
    browser.install();
    renderAccount();
    const list = await deviceList();
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chrome su AndroidUltimo invio: maiPrenotazioni, Asporto, Eventi, MessaggiRimuovi',
      'Firefox su WindowsUltimo invio: ieri alle 20:31Prenotazioni, EventiRimuovi',
      'Edge su WindowsUltimo invio: ieri alle 20:31Prenotazioni, EventiRimuovi',
    ]);

    fireEvent.click(within(list).getByRole('button', { name: 'Rimuovi Firefox su Windows' }));
    await waitFor(() => expect(within(list).queryByText('Firefox su Windows')).toBeNull());
    expect(bodies('DELETE /api/push/subscriptions')).toEqual([{ endpoint: LAPTOP.endpoint }]);
    expect(toasts).toContainEqual(['success', 'Dispositivo rimosso']);
    expect(calls('GET /api/push/subscriptions')).toHaveLength(2);
  });

  it('says so when there is no device yet', async () => {
    devices = [];
    browser.install();
    renderAccount();
    expect(
      await within(await panel()).findByText('Nessun dispositivo riceve ancora le tue notifiche.'),
    ).toBeTruthy();
  });

  it('says how to allow them again when the browser blocks them, and asks nothing', async () => {
    browser = fakeBrowser({ permission: 'denied' });
    browser.install();
    renderAccount();
    const alert = await within(await panel()).findByRole('alert');
    expect(alert.textContent).toContain('Notifiche bloccate');
    expect(alert.textContent).toContain('scegli «Consenti» per le notifiche e ricarica la pagina');
    expect(within(await panel()).queryByRole('button', { name: /Attiva/ })).toBeNull();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('stops when the permission is refused at the prompt: nothing subscribed, nothing posted', async () => {
    browser.notification.requestPermission.mockResolvedValue('denied');
    browser.install();
    renderAccount();
    fireEvent.click(await switchOn());
    expect(await within(await panel()).findByRole('alert')).toBeTruthy();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(calls('GET /api/push/key')).toEqual([]);
    expect(calls('POST /api/push/subscriptions')).toEqual([]);
  });

  it('says when the browser cannot receive them, and on iPhone how to add the back office to the home screen', async () => {
    renderAccount();
    expect(
      await within(await panel()).findByText(/^Questo browser non riceve notifiche\./),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Attiva/ })).toBeNull();
  });

  it('on an iPhone outside the home screen, explains adding it there from Safari', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    renderAccount();
    const text = (await within(await panel()).findByText(/Aggiungi alla schermata Home/))
      .textContent;
    expect(text).toContain('iOS 16.4 e successivi');
    expect(text).toContain('Condividi');
    expect(within(await panel()).getAllByText(/Aggiungi alla schermata Home/)).toHaveLength(1);
  });

  it('tells on every other device, in a short paragraph, how an iPhone receives them', async () => {
    browser.install();
    renderAccount();
    const hint = await within(await panel()).findByText(/^Su iPhone e iPad \(iOS 16\.4/);
    expect(hint.textContent).toContain('Aggiungi alla schermata Home');
  });
});
