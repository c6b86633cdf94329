import type { Kysely, Selectable } from 'kysely';
import type { Database, RestaurantFactsTable } from '../db/database.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import { dropSocialCards } from './photos/social-card.ts';

type Actor = NonNullable<AuditActor>;
type Row = Omit<Selectable<RestaurantFactsTable>, 'id'>;

const fromRow = (row: Row): RestaurantFacts => ({
  name: row.name,
  phones: { mobile: row.mobile_phone, landline: row.landline_phone },
  email: row.email,
  address: {
    street: row.street,
    postalCode: row.postal_code,
    locality: row.locality,
    region: row.region,
    country: row.country,
  },
  geo: { latitude: row.latitude, longitude: row.longitude },
  mapUrl: row.map_url,
  mapEmbedUrl: row.map_embed_url,
  social: { instagram: row.instagram_url, facebook: row.facebook_url },
  privacyPolicyUrl: row.privacy_policy_url,
  foundedYear: row.founded_year,
  priceRange: row.price_range as RestaurantFacts['priceRange'],
});

const toRow = (facts: RestaurantFacts): Row => ({
  name: facts.name,
  mobile_phone: facts.phones.mobile,
  landline_phone: facts.phones.landline,
  email: facts.email,
  street: facts.address.street,
  postal_code: facts.address.postalCode,
  locality: facts.address.locality,
  region: facts.address.region,
  country: facts.address.country,
  latitude: facts.geo.latitude,
  longitude: facts.geo.longitude,
  map_url: facts.mapUrl,
  map_embed_url: facts.mapEmbedUrl,
  instagram_url: facts.social.instagram,
  facebook_url: facts.social.facebook,
  privacy_policy_url: facts.privacyPolicyUrl,
  founded_year: facts.foundedYear,
  price_range: facts.priceRange,
});

/** The facts as stored now, read in `db` (a transaction's, when given one). */
export async function readRestaurantFacts(db: Kysely<Database>): Promise<RestaurantFacts> {
  const row = await db
    .selectFrom('restaurant_facts')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

/** The name mails are signed with, read where the mail is written (its transaction). */
export async function restaurantName(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('restaurant_facts')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** The audit log's words for each fact, in the order the form shows them. */
const FACT_LABELS: [string, (facts: RestaurantFacts) => unknown][] = [
  ['nome', (facts) => facts.name],
  ['cellulare', (facts) => facts.phones.mobile],
  ['telefono fisso', (facts) => facts.phones.landline],
  ['e-mail', (facts) => facts.email],
  [
    'indirizzo',
    ({ address: a }) => [a.street, a.postalCode, a.locality, a.region, a.country].join('\n'),
  ],
  ['coordinate', (facts) => `${facts.geo.latitude} ${facts.geo.longitude}`],
  ['link alla mappa', (facts) => facts.mapUrl],
  ['mappa nella pagina', (facts) => facts.mapEmbedUrl],
  ['Instagram', (facts) => facts.social.instagram],
  ['Facebook', (facts) => facts.social.facebook],
  ['informativa privacy', (facts) => facts.privacyPolicyUrl],
  ['anno di fondazione', (facts) => facts.foundedYear],
  ['fascia di prezzo', (facts) => facts.priceRange],
];

/** What changed between two sets of facts, in the audit log's words; empty when nothing. */
function describeChanges(before: RestaurantFacts, after: RestaurantFacts): string[] {
  return FACT_LABELS.filter(([, value]) => value(before) !== value(after)).map(([label]) => label);
}

/**
 * The restaurant's own facts (name, phones, e-mail, address, coordinates,
 * links, founding year, price range), kept in the database so that the owner changes them without a
 * rebuild. A replace goes through `content.change` with its audit entry, so
 * every instance's pages, which show the facts, follow; reads are kept per
 * content version.
 */
export class RestaurantFactsService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #kept: ContentMemo<'facts', RestaurantFacts>;
  readonly #today: () => string;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    contentVersion: () => Promise<number | undefined>;
    /** Today's date in Rome (YYYY-MM-DD) on the app's clock: no founding year after its year. */
    today: () => string;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#kept = new ContentMemo(options.contentVersion);
    this.#today = options.today;
  }

  /** This year in Rome, on the app's clock: the latest founding year, and what "{years}" counts to. */
  currentYear(): number {
    return Number(this.#today().slice(0, 4));
  }

  get(): Promise<RestaurantFacts> {
    return this.#kept.get('facts', () => readRestaurantFacts(this.#db));
  }

  /**
   * Every fact becomes `facts`' (already checked by the API's schema), in one
   * content change with one audit entry naming what changed. A replace that
   * changes nothing writes nothing.
   */
  async replace(
    wanted: Omit<RestaurantFacts, 'mapEmbedUrl'> & { mapEmbedUrl?: string | undefined },
    actor: Actor,
  ): Promise<void> {
    let changed = false;
    await this.#content.change(
      async (trx) => {
        // Written first, so two replaces take turns (PostgreSQL holds the row
        // lock until commit) and each names what it changed from the other's result.
        await trx
          .updateTable('restaurant_facts')
          .set((eb) => ({ name: eb.ref('name') }))
          .where('id', '=', 1)
          .execute();
        const before = await readRestaurantFacts(trx);
        const facts = { ...wanted, mapEmbedUrl: wanted.mapEmbedUrl ?? before.mapEmbedUrl };
        const changes = describeChanges(before, facts);
        if (changes.length === 0) return;
        await trx.updateTable('restaurant_facts').set(toRow(facts)).where('id', '=', 1).execute();
        if (before.name !== facts.name || before.address.locality !== facts.address.locality) {
          await dropSocialCards(trx); // they show the name and the town
        }
        await recordAudit(trx, actor, {
          action: 'restaurant.update',
          target: 'restaurant',
          summary: `Dati del ristorante aggiornati: ${changes.join(', ')}.`,
        });
        changed = true;
      },
      () => changed,
    );
  }
}
