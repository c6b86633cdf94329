import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockedRows, type SqlDialect } from '../../db/dialect.ts';
import {
  PUSH_DEVICES_MAX,
  PUSH_TOPICS,
  type PushDevice,
  type PushSubscriptionBody,
  type PushTopic,
} from '../../../shared/schemas/push.ts';
import type { AuditActor } from '../audit-log.ts';
import { nowIso } from '../tokens.ts';
import { checkPushEndpoint, type EndpointRule } from './endpoints.ts';
import { browserName } from './browser-name.ts';
import { auditDeviceRemoved, auditDeviceSubscribed, auditDeviceUpdated } from './device-audit.ts';

/** The server's VAPID key pair (base64url), made once per database by migration 025. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export type SubscribeOutcome =
  | { ok: true }
  /** The server may not send to the endpoint (400 on `endpoint`). */
  | { ok: false; reason: 'endpoint'; message: string }
  /** A new device for someone who has PUSH_DEVICES_MAX already (409). */
  | { ok: false; reason: 'too-many-devices' };

/** Who subscribes: a logged-in staff member, named in the audit log. */
type Subscriber = NonNullable<AuditActor>;

/**
 * Staff's devices and the topics each chose (/api/push/*): subscribing,
 * listing and removing one's own, and the key browsers subscribe with.
 */
export class PushSubscriptions {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #rule: EndpointRule;
  readonly #now: () => number;
  #keys: VapidKeys | undefined;

  constructor(
    options: EndpointRule & {
      db: Kysely<Database>;
      dialect: SqlDialect;
      now?: () => number;
    },
  ) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#rule = {
      allowedOrigins: options.allowedOrigins,
      resolve: options.resolve,
      ...(options.port === undefined ? {} : { port: options.port }),
    };
    this.#now = options.now ?? Date.now;
  }

  /** The key pair, read once (it never changes). */
  async keys(): Promise<VapidKeys> {
    if (this.#keys) return this.#keys;
    const rows = await this.#db
      .selectFrom('server_secrets')
      .select(['name', 'value'])
      .where('name', 'in', ['push-vapid-public', 'push-vapid-private'])
      .execute();
    const value = (name: string) => {
      const found = rows.find((row) => row.name === name);
      if (!found) throw new Error(`server_secrets has no ${name}`);
      return found.value;
    };
    this.#keys = { publicKey: value('push-vapid-public'), privateKey: value('push-vapid-private') };
    return this.#keys;
  }

  async publicKey(): Promise<string> {
    return (await this.keys()).publicKey;
  }

  /**
   * Stores a device for `subscriber`, or replaces the keys, topics and owner
   * of the same endpoint (the browser renewed it, staff changed topics, or
   * another colleague logged in on that phone). A device new to them is
   * refused once they have PUSH_DEVICES_MAX. Audited either way.
   */
  async subscribe(
    subscriber: Subscriber,
    body: PushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<SubscribeOutcome> {
    const verdict = await checkPushEndpoint(body.endpoint, this.#rule);
    if (!verdict.ok) return { ok: false, reason: 'endpoint', message: verdict.reason };
    // Stored in the schema's order, whatever order they came in.
    const topics = PUSH_TOPICS.filter((topic) => body.topics.includes(topic));
    const device = {
      user_id: subscriber.id,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      topics: topics.join(','),
      browser: browserName(userAgent ?? ''),
    };
    const at = nowIso(this.#now());
    return this.#db.transaction().execute(async (trx) => {
      // One person's subscriptions take turns, on every instance (their account's row locked
      // on PostgreSQL; SQLite's write transactions exclude each other): two at once cannot both
      // count nine devices and make twelve.
      await lockedRows(
        trx.selectFrom('staff_users').select('id').where('id', '=', subscriber.id),
        this.#dialect,
      ).execute();
      const previous = await trx
        .selectFrom('push_subscriptions')
        .leftJoin('staff_users', 'staff_users.id', 'push_subscriptions.user_id')
        .select(['push_subscriptions.user_id', 'staff_users.email'])
        .where('push_subscriptions.endpoint', '=', body.endpoint)
        .executeTakeFirst();
      const isNew = previous?.user_id !== subscriber.id;
      if (isNew && (await this.#deviceCount(trx, subscriber.id)) >= PUSH_DEVICES_MAX) {
        return { ok: false, reason: 'too-many-devices' } as const;
      }
      const { id } = await trx
        .insertInto('push_subscriptions')
        .values({ ...device, endpoint: body.endpoint, created_at: at })
        .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(device))
        .returning('id')
        .executeTakeFirstOrThrow();
      const audited = { id, browser: device.browser, topics };
      if (isNew) {
        await auditDeviceSubscribed(
          trx,
          subscriber,
          { ...audited, previousOwner: previous?.email ?? null },
          at,
        );
      } else {
        await auditDeviceUpdated(trx, subscriber, audited, at);
      }
      return { ok: true } as const;
    });
  }

  async #deviceCount(trx: Kysely<Database>, userId: number): Promise<number> {
    const { count } = await trx
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Removes one of `owner`'s devices, audited; another's endpoint is left alone. */
  async unsubscribe(owner: Subscriber, endpoint: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', owner.id)
        .where('endpoint', '=', endpoint)
        .returning(['id', 'browser'])
        .executeTakeFirst();
      if (removed) await auditDeviceRemoved(trx, owner, removed, nowIso(this.#now()));
    });
  }

  /** `userId`'s devices, newest first. */
  async devices(userId: number): Promise<PushDevice[]> {
    const rows = await this.#db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'browser', 'topics', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      endpoint: row.endpoint,
      browser: row.browser,
      topics: row.topics.split(',') as PushTopic[],
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }
}
