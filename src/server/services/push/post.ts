import type { Agent, fetch as undiciFetch } from 'undici';
import webPush from 'web-push';
import { isAllowedOrigin, publicOnlyLookup, type EndpointRule } from './endpoints.ts';
import type { VapidKeys } from './subscriptions.ts';

/*
 * One push message on the wire, for the sender (sender.ts): the request
 * web-push builds (RFC 8291 encryption, RFC 8292 VAPID), sent with undici
 * through an Agent that holds it to public addresses unless the operator
 * allows its origin (docs/security.md item 47), and what the answer means.
 */

/** Push services keep an undelivered message this long (seconds) for a phone that is off. */
const TTL_SECONDS = 4 * 60 * 60;

export type Outcome = 'sent' | 'gone' | 'retry' | 'drop';

/** What a push service's answer means for the message. */
export function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  // Any other answer (a redirect, 400, 403, 413) will not change by trying again.
  return 'drop';
}

/** How the sender reaches push services (openConnections). */
export interface Connections {
  fetch: typeof undiciFetch;
  /** Connects to public addresses only, whatever the name answers at connect time. */
  publicOnly: Agent;
  /** Connects to the origins the operator allows, as the system resolves them. */
  allowed: Agent;
}

/** undici (about 50 ms to load, so loaded when first needed) and the two Agents. */
export function openConnections(rule: EndpointRule): Promise<Connections> {
  return import('undici').then(({ Agent, fetch }) => ({
    fetch,
    publicOnly: new Agent({ connect: { lookup: publicOnlyLookup(rule.resolve) } }),
    allowed: new Agent(),
  }));
}

/** One encrypted, signed POST to the push service; its status. */
export async function postMessage(
  connections: Connections,
  rule: EndpointRule,
  timeoutMs: number,
  vapid: VapidKeys & { subject: string },
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: { title: string; body: string; url: string },
): Promise<number> {
  const request = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify({ title: message.title, body: message.body, url: message.url }),
    { vapidDetails: vapid, TTL: TTL_SECONDS },
  );
  const headers = Object.fromEntries(
    Object.entries(request.headers)
      // fetch counts the body itself.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  // undici's own fetch, as its Agents are made for it rather than for the fetch built into
  // Node: one path for every push service, the allowed ones (the operator's, the tests'
  // double) differing only in the Agent, which does not hold them to public addresses.
  const { fetch, publicOnly, allowed } = connections;
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body && new Uint8Array(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
    dispatcher: isAllowedOrigin(new URL(request.endpoint), rule.allowedOrigins)
      ? allowed
      : publicOnly,
  });
  await response.body?.cancel();
  return response.status;
}
