/*
 * The back office's service worker, registered by "Il mio account" with the
 * scope /dashboard (served with Service-Worker-Allowed: /dashboard, see
 * src/server/plugins/static-assets.ts), never by a public page. It shows the
 * staff notifications the server pushes and opens their page when tapped.
 * It has no fetch handler and caches nothing: the back office's API answers
 * are no-store, and offline use is not a goal.
 *
 * Each message is JSON {title, body, url}, url being a back-office path.
 */

const ICON = '/dashboard/icons/icon-192.png';

// A new version takes over at once (it holds no cache a page could depend
// on), and the back office already open comes under it, so that a tapped
// notification can bring that window to the right page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: ICON,
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openBackOffice(backOfficeUrl(event.notification.data?.url)));
});

/** The message, or a generic one when it is not the JSON the server sends. */
function readMessage(data) {
  try {
    const message = data?.json();
    if (message && typeof message.title === 'string') {
      return { title: message.title, body: String(message.body ?? ''), url: message.url };
    }
  } catch {
    // Not JSON: the generic message below.
  }
  return { title: 'Area riservata', body: 'Novità nell’area riservata', url: '/dashboard' };
}

/** `url` when it is a back-office page of this site, else the back office's home. */
function backOfficeUrl(url) {
  const home = new URL('/dashboard', self.location.origin);
  if (typeof url !== 'string') return home.href;
  const target = new URL(url, self.location.origin);
  const inside =
    target.origin === home.origin &&
    (target.pathname === '/dashboard' || target.pathname.startsWith('/dashboard/'));
  return inside ? target.href : home.href;
}

/**
 * Brings an open back-office window to the front and to `url`, or opens one
 * there. Only a window this worker controls can be moved (one opened before
 * the worker was registered and not yet claimed is not): any other is left
 * alone, and a new window opened. Coming to the front needs a tap, which a
 * test's click is not: the window is moved all the same.
 */
async function openBackOffice(url) {
  const controlled = await self.clients.matchAll({ type: 'window' });
  const open = controlled.find((client) => {
    const { pathname } = new URL(client.url);
    return pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  });
  if (open) {
    await open.focus().catch(() => undefined);
    if (await open.navigate(url).catch(() => null)) return;
  }
  await self.clients.openWindow(url);
}
