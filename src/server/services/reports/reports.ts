import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { ReportAnswer, ReportName, ReportQuery } from '../../../shared/schemas/reports.ts';
import type { Load } from '../../../shared/schemas/takeaway.ts';
import { inTableMode } from '../guests/guest-records.ts';
import { nowIso } from '../tokens.ts';
import { bookingsRows } from './bookings.ts';
import { dishRows } from './dishes.ts';
import { eventRows } from './events.ts';
import { languageRows } from './languages.ts';
import { previousRange, type RangeQuery } from './periods.ts';
import { slotRows, takeawayRows, takeawaySlotSums } from './takeaway.ts';

/**
 * The owner's reports (CONTRACT.md part four, "The owner's view"): each
 * range's rows and the previous range's (periods.ts `previousRange`),
 * counted by the database, never who: no query reads a guest's name,
 * contact or record, so rows retention has anonymised count the same.
 */
export class ReportsService {
  readonly #db: Kysely<Database>;
  readonly #dialect: SqlDialect;
  readonly #now: () => number;
  readonly #limits: () => Promise<Load>;

  constructor(options: {
    db: Kysely<Database>;
    dialect: SqlDialect;
    now: () => number;
    /** The takeaway slots' limits today (the owner's takeaway settings). */
    limits: () => Promise<Load>;
  }) {
    this.#db = options.db;
    this.#dialect = options.dialect;
    this.#now = options.now;
    this.#limits = options.limits;
  }

  /** `name`'s answer; `group=slot` only for `takeaway` (the route checks). */
  async report(name: ReportName, query: ReportQuery): Promise<ReportAnswer> {
    const { from, to, group } = query;
    const previous = previousRange(from, to);
    if (group === 'slot') {
      const [current, before, limits] = await Promise.all([
        takeawaySlotSums(this.#db, this.#dialect, query),
        takeawaySlotSums(this.#db, this.#dialect, previous),
        this.#limits(),
      ]);
      const times = [...new Set([...current, ...before].map((row) => row.time))].sort();
      return {
        from,
        to,
        group,
        rows: slotRows(query, current, times, limits),
        previous: { ...previous, rows: slotRows(previous, before, times, limits) },
      };
    }
    const rowsOf = await this.#rowsOf(name);
    const [rows, previousRows] = await Promise.all([
      rowsOf({ from, to, group }),
      rowsOf({ ...previous, group }),
    ]);
    return { from, to, group, rows, previous: { ...previous, rows: previousRows } };
  }

  async #rowsOf(name: ReportName): Promise<(range: RangeQuery) => Promise<ReportAnswer['rows']>> {
    const db = this.#db;
    switch (name) {
      case 'bookings': {
        const came = { tableMode: await inTableMode(db), now: nowIso(this.#now()) };
        return (range) => bookingsRows(db, this.#dialect, range, came);
      }
      case 'takeaway':
        return (range) => takeawayRows(db, this.#dialect, range);
      case 'dishes':
        return (range) => dishRows(db, range);
      case 'events':
        return (range) => eventRows(db, range);
      case 'languages':
        return (range) => languageRows(db, range);
    }
  }
}
