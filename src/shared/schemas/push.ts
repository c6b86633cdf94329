import { z } from './zod.ts';

/**
 * Staff notifications by Web Push (docs/api.md, "Staff notifications"): the
 * payloads of /api/push/*, shared by the routes and the back office.
 */

export const PUSH_TOPICS = ['reservations', 'takeaway', 'events', 'messages'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/** How "Il mio account" names the topics. */
export const PUSH_TOPIC_LABELS: Record<PushTopic, string> = {
  reservations: 'Prenotazioni',
  takeaway: 'Asporto',
  events: 'Eventi',
  messages: 'Messaggi',
};

/**
 * The most devices one person may have subscribed (docs/security.md item
 * 47): each message is sent once per device, so an unbounded list would let
 * one account multiply every send.
 */
export const PUSH_DEVICES_MAX = 10;

/** The longest endpoint taken (push services' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2000;

/** A base64url key as browsers give them (`PushSubscription.toJSON().keys`). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** GET /api/push/key: the server's VAPID public key (base64url), made once per database. */
export const pushKeyAnswer = z.object({ publicKey: z.string() });

/**
 * POST /api/push/subscriptions (staff): this device's subscription and the
 * topics its owner chose. Posting an endpoint again replaces its keys and
 * topics (the browser renewed it, or staff changed topics).
 */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX),
  keys: z.strictObject({ p256dh: base64url(200), auth: base64url(100) }),
  topics: z
    .array(z.enum(PUSH_TOPICS))
    .min(1)
    .max(PUSH_TOPICS.length)
    .refine((topics) => new Set(topics).size === topics.length, 'each topic once'),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: one of the caller's devices. */
export const pushUnsubscribeBody = z.strictObject({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX),
});

/** GET /api/push/subscriptions (staff): the caller's own devices, newest first. */
export const pushDevicesAnswer = z.array(
  z.object({
    endpoint: z.string(),
    /** "Chrome su Android", from the User-Agent the subscription was posted with. */
    browser: z.string(),
    topics: z.array(z.enum(PUSH_TOPICS)),
    createdAt: z.string(),
    /** The last message sent to it, null before the first. */
    lastUsedAt: z.string().nullable(),
  }),
);
export type PushDevice = z.infer<typeof pushDevicesAnswer>[number];
