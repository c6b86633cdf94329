import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  PUSH_TOPICS,
  type PushDevice,
  type PushSubscriptionBody,
  type PushTopic,
} from '../../../shared/schemas/push.ts';
import { nowIso } from '../tokens.ts';
import { checkPushEndpoint, type ResolveHost } from './endpoints.ts';
import { browserName } from './browser-name.ts';

/** The server's VAPID key pair (base64url), made once per database by migration 025. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export type SubscribeOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Staff's devices and the topics each chose (/api/push/*): subscribing,
 * listing and removing one's own, and the key browsers subscribe with.
 */
export class PushSubscriptions {
  readonly #db: Kysely<Database>;
  readonly #allowedOrigins: readonly string[];
  readonly #resolve: ResolveHost;
  readonly #now: () => number;
  #keys: VapidKeys | undefined;

  constructor(options: {
    db: Kysely<Database>;
    allowedOrigins: readonly string[];
    resolve: ResolveHost;
    now?: () => number;
  }) {
    this.#db = options.db;
    this.#allowedOrigins = options.allowedOrigins;
    this.#resolve = options.resolve;
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
   * Stores a device for `userId`, or replaces the keys, topics and owner of
   * the same endpoint (the browser renewed it, staff changed topics, or
   * another colleague logged in on that phone).
   */
  async subscribe(
    userId: number,
    body: PushSubscriptionBody,
    userAgent: string | undefined,
  ): Promise<SubscribeOutcome> {
    const verdict = await checkPushEndpoint(body.endpoint, {
      allowedOrigins: this.#allowedOrigins,
      resolve: this.#resolve,
    });
    if (!verdict.ok) return verdict;
    // Stored in the schema's order, whatever order they came in.
    const topics = PUSH_TOPICS.filter((topic) => body.topics.includes(topic)).join(',');
    const device = {
      user_id: userId,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      topics,
      browser: browserName(userAgent ?? ''),
    };
    await this.#db
      .insertInto('push_subscriptions')
      .values({ ...device, endpoint: body.endpoint, created_at: nowIso(this.#now()) })
      .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(device))
      .execute();
    return { ok: true };
  }

  /** Removes one of `userId`'s devices; another's endpoint is left alone. */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.#db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .execute();
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
