import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { PUSH_TOPIC_LABELS, type PushTopic } from '../../../shared/schemas/push.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';

/**
 * The audit log's entries for staff's devices (docs/security.md item 36, ADR
 * 005): a device switched on, its topics changed, switched off or removed
 * from "Il mio account", removed with its owner's account, or dropped because
 * its push service said it is gone. Each is written in the transaction of
 * the change. A device is named by its id and browser ("Chrome su Android"),
 * never by its endpoint, whose path is the push service's secret for that
 * browser, nor by its keys.
 */

/** The part of a device its entries name. */
export interface AuditedDevice {
  id: number;
  browser: string;
}

const target = (device: AuditedDevice) => `push_subscription:${device.id}`;
const named = (device: AuditedDevice) => `${device.browser} (dispositivo n. ${device.id})`;
const topicList = (topics: readonly PushTopic[]) =>
  topics.map((topic) => PUSH_TOPIC_LABELS[topic]).join(', ');

/** A device now sends to `actor`: a new one, or one that was a colleague's (`previousOwner`). */
export function auditDeviceSubscribed(
  trx: Kysely<Database>,
  actor: AuditActor,
  device: AuditedDevice & { topics: readonly PushTopic[]; previousOwner: string | null },
  at: string,
): Promise<void> {
  const from = device.previousOwner ? `, prima di ${device.previousOwner}` : '';
  return recordAudit(
    trx,
    actor,
    {
      action: 'push.subscribe',
      target: target(device),
      summary: `Notifiche attivate su ${named(device)}${from}: ${topicList(device.topics)}.`,
    },
    at,
  );
}

/** One of the actor's own devices posted again: its topics (and the browser's keys) replaced. */
export function auditDeviceUpdated(
  trx: Kysely<Database>,
  actor: AuditActor,
  device: AuditedDevice & { topics: readonly PushTopic[] },
  at: string,
): Promise<void> {
  return recordAudit(
    trx,
    actor,
    {
      action: 'push.update',
      target: target(device),
      summary: `Notifiche su ${named(device)} aggiornate: ${topicList(device.topics)}.`,
    },
    at,
  );
}

/** The actor switched one of their devices off, on it or from their list of devices. */
export function auditDeviceRemoved(
  trx: Kysely<Database>,
  actor: AuditActor,
  device: AuditedDevice,
  at: string,
): Promise<void> {
  return recordAudit(
    trx,
    actor,
    {
      action: 'push.unsubscribe',
      target: target(device),
      summary: `Notifiche disattivate su ${named(device)}.`,
    },
    at,
  );
}

/**
 * `account`'s devices, about to go with the account (the foreign key
 * cascades): one entry each, by the owner removing it. Called in the
 * removal's transaction, before the delete.
 */
export async function auditDevicesRemovedWithAccount(
  trx: Kysely<Database>,
  actor: AuditActor,
  account: { id: number; email: string },
  at: string,
): Promise<void> {
  const devices = await trx
    .selectFrom('push_subscriptions')
    .select(['id', 'browser'])
    .where('user_id', '=', account.id)
    .orderBy('id')
    .execute();
  for (const device of devices) {
    await recordAudit(
      trx,
      actor,
      {
        action: 'push.unsubscribe',
        target: target(device),
        summary: `Dispositivo ${named(device)} di ${account.email} rimosso con il suo account.`,
      },
      at,
    );
  }
}

/** The push service answered 404 or 410 for a device: the system removed it. */
export function auditDeviceGone(
  trx: Kysely<Database>,
  device: AuditedDevice & { owner: string },
  at: string,
): Promise<void> {
  return recordAudit(
    trx,
    null,
    {
      action: 'push.gone',
      target: target(device),
      summary: `Dispositivo ${named(device)} di ${device.owner} rimosso: il suo servizio push dice che non riceve più notifiche.`,
    },
    at,
  );
}
