import type { PushSubscriptionBody, PushTopic } from '../../../shared/schemas/push.ts';

/**
 * This browser's side of Web Push: whether it can receive, the back office's
 * service worker (public/dashboard/sw.js, registered here and nowhere else)
 * and this device's subscription.
 */

const WORKER_URL = '/dashboard/sw.js';
/** The whole back office, /dashboard itself included (the server allows it). */
const WORKER_SCOPE = '/dashboard';

/**
 * 'supported'; 'iphone' on an iPhone or iPad where the back office is not
 * added to the home screen yet (Safari gives push only to home-screen apps,
 * from iOS 16.4); 'unsupported' elsewhere.
 */
export type PushSupport = 'supported' | 'iphone' | 'unsupported';

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) {
    return 'supported';
  }
  // iPadOS names itself a Mac, one with a touch screen.
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return apple ? 'iphone' : 'unsupported';
}

/** This device's subscription, if the back office's worker holds one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Registers the worker, waits for it to be active (a subscription needs
 * one) and subscribes with the server's key, or takes the subscription it
 * already has. Throws when the browser refuses.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  return (
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOfBase64url(publicKey),
    }))
  );
}

/** What the server is sent for a subscription: its endpoint, keys and the topics chosen. */
export function subscriptionBody(
  subscription: PushSubscription,
  topics: PushTopic[],
): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    topics,
  };
}

function bytesOfBase64url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (char) =>
    char.charCodeAt(0),
  );
}
