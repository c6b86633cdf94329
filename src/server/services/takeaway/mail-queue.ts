import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { romeInstant } from '../../../shared/opening-hours.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import {
  takeawayDeclinedAllMail,
  takeawayMail,
  type TakeawayMailKind,
} from '../../mail/takeaway-mails.ts';
import type { GuestLinkKey } from '../guests/guest-links.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
import { readRestaurantFacts } from '../restaurant-facts.ts';
import { nowIso } from '../tokens.ts';
import { centsToAmount } from '../../../shared/money.ts';
import type { OrderRow, StoredOrder } from './order-rows.ts';
import { orderStatusToken } from './status-token.ts';

/** A status link is worth sending until a day after the pickup: then the order is history. */
const STATUS_LINK_LIFE_MS = 24 * 60 * 60 * 1000;

/**
 * Queues an order's mail to its guest (src/server/mail/takeaway-mails.ts
 * writes it) in the caller's transaction, so that it goes out exactly when
 * its change commits; none for an order without an e-mail (a phone order).
 */
export class TakeawayMailQueue {
  readonly #publicUrl: string;
  readonly #now: () => number;
  readonly #linkKey: GuestLinkKey;

  constructor(options: { publicUrl: string; now: () => number; linkKey: GuestLinkKey }) {
    this.#publicUrl = options.publicUrl;
    this.#now = options.now;
    this.#linkKey = options.linkKey;
  }

  async toGuest(
    trx: Kysely<Database>,
    kind: TakeawayMailKind,
    { row, guestLines: lines }: StoredOrder,
    extra: {
      moved?: boolean;
      /** How the restaurant's facts are read when the caller keeps them (a turn of the orders' lock). */
      restaurant?: () => Promise<RestaurantFacts>;
    } = {},
  ): Promise<void> {
    if (row.email === '') return;
    // The status link is a secret (docs/security.md): the outbox keeps it apart and
    // drops it once sent or expired. The outbox runs on the wall clock, the app on
    // its own (moved in tests): the expiry, on the outbox's.
    const statusLink =
      kind === 'received'
        ? {
            url: `${this.#publicUrl}/takeaway/order?token=${orderStatusToken(
              await this.#linkKey.read(trx),
              row.id,
            )}`,
            expiresAt: nowIso(
              romeInstant(row.date, row.time).getTime() +
                STATUS_LINK_LIFE_MS +
                (Date.now() - this.#now()),
            ),
          }
        : undefined;
    await enqueueMail(
      trx,
      takeawayMail(
        kind,
        { ...row, total: centsToAmount(row.total_cents), lines },
        {
          restaurant: await (extra.restaurant?.() ?? readRestaurantFacts(trx)),
          publicUrl: this.#publicUrl,
          ...(statusLink ? { statusLink } : {}),
          ...(extra.moved ? { moved: true } : {}),
          ...(row.message ? { staffMessage: row.message } : {}),
        },
      ),
    );
  }

  /** One mail to one guest listing every order of theirs that staff declined at once. */
  async declinedAll(
    trx: Kysely<Database>,
    rows: readonly OrderRow[],
    staffMessage: string | undefined,
  ): Promise<void> {
    await enqueueMail(
      trx,
      takeawayDeclinedAllMail(rows, {
        restaurant: await readRestaurantFacts(trx),
        publicUrl: this.#publicUrl,
        ...(staffMessage ? { staffMessage } : {}),
      }),
    );
  }
}
