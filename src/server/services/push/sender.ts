import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database, PushDeliveriesTable } from '../../db/database.ts';
import { skipLockedRows, type SqlDialect } from '../../db/dialect.ts';
import { retryDelayMs } from '../../mail/outbox.ts';
import { errorCode } from '../../error-code.ts';
import { nowIso } from '../tokens.ts';
import { checkPushEndpoint, type EndpointRule } from './endpoints.ts';
import { openConnections, outcomeOf, postMessage, type Connections, type Outcome } from './post.ts';
import type { VapidKeys } from './subscriptions.ts';
import { auditDeviceGone } from './device-audit.ts';
import { PollingLoop } from '../../polling-loop.ts';

/**
 * Sends the queued push messages (notify.ts queues them), the way the
 * outbox sends mail (mail/outbox.ts, docs/decisions/002-multiple-instances.md):
 * each due row is claimed by one atomic statement that moves its next
 * attempt a lease away, so one instance sends it; polled, and kicked after a
 * commit; retried with backoff on network errors, timeouts, 429 and 5xx. A
 * 404 or 410 means the browser dropped the subscription: it is deleted,
 * with its queued messages (and the audit log says so). Nothing here runs
 * inside a request: a push service that hangs or is down delays no booking,
 * order or mail. Nor does it delay other devices' messages: up to
 * CONCURRENCY are sent at once, each device's one at a time, at most
 * PER_ORIGIN to one push service, each under its own timeout; the loop
 * claims again whenever a send ends, never waiting for the slowest
 * (docs/security.md item 47).
 *
 * Each request is built by web-push (RFC 8291 encryption, RFC 8292 VAPID)
 * and sent with the server's own fetch, so that an origin the operator
 * allows over http works too; redirects are failures, never followed, and
 * the endpoint's addresses are checked again before each send. That check
 * resolves the name, and a plain fetch would resolve it a second time: its
 * owner could answer a public address to the first and loopback to the
 * second. So a request to any origin the operator has not allowed goes
 * through an Agent whose connections get their addresses from the same rule
 * (`publicOnlyLookup`, endpoints.ts; docs/security.md item 47).
 */

/** A message is tried this many times (about four hours with retryDelayMs), then dropped: old news. */
const MAX_ATTEMPTS = 30;
/** Longer than a send can take (REQUEST_TIMEOUT_MS), short enough that a dead instance's row is soon retried. */
const LEASE_MS = 60 * 1000;
const REQUEST_TIMEOUT_MS = 15 * 1000;
/** Messages one instance sends at once: a push service that never answers holds one of them. */
const CONCURRENCY = 8;
/**
 * Sends one push service (one endpoint origin) may have under way at once.
 * Fewer than CONCURRENCY, and than PUSH_DEVICES_MAX: one person's devices,
 * all on a service that never answers, cannot take every slot
 * (docs/security.md item 47).
 */
const PER_ORIGIN = 2;

/** The push service an endpoint belongs to; a URL that does not parse is its own. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}

export class PushSender {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #log: FastifyBaseLogger;
  readonly #keys: () => Promise<VapidKeys>;
  readonly #subject: () => Promise<string>;
  readonly #rule: EndpointRule;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #loop: PollingLoop;
  /** The sends under way, by message id, with the device each goes to. */
  readonly #sending = new Map<number, { subscriptionId: number; done: Promise<boolean> }>();
  /** The last claiming round: rounds take turns, so that a device never gets two sends at once. */
  #filling: Promise<unknown> = Promise.resolve();
  /** undici and its connections, made on the first send (below). */
  #connections: Promise<Connections> | undefined;
  #closed: Promise<unknown> | undefined;

  constructor(
    options: EndpointRule & {
      db: Kysely<Database>;
      dialect: SqlDialect;
      log: FastifyBaseLogger;
      keys: () => Promise<VapidKeys>;
      /** VAPID's contact: `mailto:` the restaurant's e-mail, or its https site. */
      subject: () => Promise<string>;
      pollMs?: number;
      /** While this holds, a poll falling due is passed over (polling-loop.ts). */
      skipPollWhile?: () => boolean;
      /** How long one push service may take to answer one message. */
      timeoutMs?: number;
      /** The current instant (ms); tests move it instead of waiting. */
      now?: () => number;
    },
  ) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#log = options.log;
    this.#keys = options.keys;
    this.#subject = options.subject;
    this.#rule = {
      allowedOrigins: options.allowedOrigins,
      resolve: options.resolve,
      ...(options.port === undefined ? {} : { port: options.port }),
    };
    this.#timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
    this.#loop = new PollingLoop({
      // Claims into the free slots and returns: a send that ends kicks the loop again.
      drain: () => this.#fill(),
      pollMs: options.pollMs ?? 2_000,
      onError: (error) => this.#log.error({ code: errorCode(error) }, 'push queue drain failed'),
      ...(options.skipPollWhile ? { skipPollWhile: options.skipPollWhile } : {}),
    });
  }

  start(): void {
    this.#loop.start();
  }

  /** Look at the queue now (after a commit that queued messages), not at the next poll. */
  kick(): void {
    this.#loop.kick();
  }

  /** Stops polling, waits for the sends under way (their timeout bounds the wait), closes the connections. */
  async stop(): Promise<void> {
    await this.#loop.stop();
    await this.#filling;
    await Promise.all([...this.#sending.values()].map(({ done }) => done));
    // Closed once however often stop comes (a test's, then the app's); a drain after it fails
    // its sends, which stay queued for a retry.
    this.#closed ??=
      this.#connections?.then(({ publicOnly, allowed }) =>
        Promise.all([publicOnly.close(), allowed.close()]),
      ) ?? Promise.resolve();
    await this.#closed;
  }

  /**
   * Sends every message due now, and waits for every send of this instance
   * to end; returns how many push services accepted (of the sends it started).
   */
  async drain(): Promise<number> {
    let sent = 0;
    const counted: Promise<void>[] = [];
    for (;;) {
      const started = await this.#fill();
      counted.push(...started.map((done) => done.then((ok) => void (ok && (sent += 1)))));
      if (started.length > 0) continue;
      if (this.#sending.size === 0) break;
      // Full, or the due messages are for devices being sent to: after the next send ends.
      await Promise.race([...this.#sending.values()].map(({ done }) => done));
    }
    await Promise.all(counted);
    return sent;
  }

  /**
   * Claims due messages into the free slots and starts sending them, one per
   * device at a time; returns the sends it started, without waiting for them.
   */
  #fill(): Promise<Promise<boolean>[]> {
    const round = this.#filling.then(async () => {
      const started: Promise<boolean>[] = [];
      while (this.#sending.size < CONCURRENCY) {
        const row = await this.#claim(await this.#busyDevices());
        if (!row) break;
        const done = this.#send(row)
          .catch((error: unknown) => {
            // Left claimed: the lease runs out and the message is tried again.
            this.#log.error({ pushId: row.id, code: errorCode(error) }, 'push send failed');
            return false;
          })
          .finally(() => {
            this.#sending.delete(row.id);
            this.#loop.kick();
          });
        this.#sending.set(row.id, { subscriptionId: row.subscription_id, done });
        started.push(done);
      }
      return started;
    });
    this.#filling = round.catch(() => undefined);
    return round;
  }

  /**
   * The devices not to claim for now: those being sent to, and every device
   * of a push service that already has PER_ORIGIN sends under way.
   */
  async #busyDevices(): Promise<number[]> {
    const sending = [...this.#sending.values()].map(({ subscriptionId }) => subscriptionId);
    if (sending.length < PER_ORIGIN) return sending;
    // Staff devices are few (PUSH_DEVICES_MAX each): all of them, to group them by service.
    const devices = await this.#db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint'])
      .execute();
    const origins = new Map(devices.map(({ id, endpoint }) => [id, originOf(endpoint)]));
    const underWay = new Map<string, number>();
    for (const id of sending) {
      const origin = origins.get(id);
      if (origin !== undefined) underWay.set(origin, (underWay.get(origin) ?? 0) + 1);
    }
    const full = devices
      .filter(({ id }) => (underWay.get(origins.get(id)!) ?? 0) >= PER_ORIGIN)
      .map(({ id }) => id);
    return [...new Set([...sending, ...full])];
  }

  /**
   * Claims the oldest due message for a device not in `busy`, as
   * OutboxWorker's #claim does (one statement, skip locked).
   */
  async #claim(busy: number[]): Promise<Selectable<PushDeliveriesTable> | undefined> {
    const now = nowIso(this.#now());
    return this.#db
      .updateTable('push_deliveries')
      .set((eb) => ({
        next_attempt_at: nowIso(this.#now() + LEASE_MS),
        attempts: eb('attempts', '+', 1),
      }))
      .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', now)]))
      .where((eb) =>
        eb(
          'id',
          '=',
          skipLockedRows(
            eb
              .selectFrom('push_deliveries')
              .select('id')
              .where((inner) =>
                inner.or([
                  inner('next_attempt_at', 'is', null),
                  inner('next_attempt_at', '<=', now),
                ]),
              )
              .$if(busy.length > 0, (query) => query.where('subscription_id', 'not in', busy))
              .orderBy('id')
              .limit(1),
            this.#dialect,
          ),
        ),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Sends a claimed message (its `attempts` already counts this one). */
  async #send(row: Selectable<PushDeliveriesTable>): Promise<boolean> {
    const subscription = await this.#db
      .selectFrom('push_subscriptions')
      .innerJoin('staff_users', 'staff_users.id', 'push_subscriptions.user_id')
      .select([
        'push_subscriptions.id',
        'endpoint',
        'p256dh',
        'auth',
        'browser',
        'staff_users.email as owner',
      ])
      .where('push_subscriptions.id', '=', row.subscription_id)
      .executeTakeFirst();
    if (!subscription) return false; // removed meanwhile: its messages went with it
    let outcome: Outcome;
    let detail: string;
    const verdict = await checkPushEndpoint(subscription.endpoint, this.#rule);
    if (!verdict.ok) {
      // The name resolves to a private address now, or not at all: that may pass. A URL the
      // rule refuses (a port, an origin no longer allowed) stays refused: nothing is sent.
      outcome = verdict.mayPassLater ? 'retry' : 'drop';
      detail = verdict.mayPassLater ? 'endpoint-not-public' : 'endpoint-refused';
    } else {
      try {
        const status = await this.#post(subscription, row);
        outcome = outcomeOf(status);
        detail = `HTTP ${status}`;
      } catch (error) {
        // Network errors and timeouts (fetch's own error holds the socket's in `cause`).
        outcome = 'retry';
        detail = errorCode((error as { cause?: unknown }).cause ?? error);
      }
    }
    const log = { pushId: row.id, subscriptionId: subscription.id, attempts: row.attempts, detail };
    if (outcome === 'sent') {
      // The device's last use first: a message gone from the queue has been counted there.
      await this.#db
        .updateTable('push_subscriptions')
        .set({ last_used_at: nowIso(this.#now()) })
        .where('id', '=', subscription.id)
        .execute();
      await this.#db.deleteFrom('push_deliveries').where('id', '=', row.id).execute();
      return true;
    }
    if (outcome === 'gone') {
      this.#log.info(log, 'push subscription gone: deleted');
      await this.#db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('push_subscriptions')
          .where('id', '=', subscription.id)
          .executeTakeFirst();
        // Once, whichever instance saw it go.
        if (deleted.numDeletedRows > 0n) {
          await auditDeviceGone(trx, subscription, nowIso(this.#now()));
        }
      });
      return false;
    }
    if (outcome === 'drop' || row.attempts >= MAX_ATTEMPTS) {
      this.#log.warn(log, 'push message dropped');
      await this.#db.deleteFrom('push_deliveries').where('id', '=', row.id).execute();
      return false;
    }
    this.#log.warn(log, 'push message not sent yet');
    await this.#db
      .updateTable('push_deliveries')
      .set({
        next_attempt_at: nowIso(this.#now() + retryDelayMs(row.attempts)),
        last_error: detail.slice(0, 200),
      })
      .where('id', '=', row.id)
      .execute();
    return false;
  }

  /** One encrypted, signed POST to the push service (post.ts); its status. */
  async #post(
    subscription: { endpoint: string; p256dh: string; auth: string },
    row: Selectable<PushDeliveriesTable>,
  ): Promise<number> {
    const vapid = { subject: await this.#subject(), ...(await this.#keys()) };
    return postMessage(
      await this.#connect(),
      this.#rule,
      this.#timeoutMs,
      vapid,
      subscription,
      row,
    );
  }

  /**
   * undici (about 50 ms to load) and the sender's two Agents, made on the
   * first send rather than at start-up, which most instances get through
   * without pushing anything. After stop() a send fails, and stays queued.
   */
  #connect(): Promise<Connections> {
    if (this.#closed) return Promise.reject(new Error('the push sender is stopped'));
    this.#connections ??= openConnections(this.#rule);
    return this.#connections;
  }
}
