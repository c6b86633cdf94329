import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  acknowledged,
  json,
  send,
  unique,
  type Attempt,
  type Findings,
  type Target,
  type WriteKind,
} from '../durability-writes.ts';

/**
 * Daily-menu saves (`PUT /api/daily-menu/1`, staff), each titled with its
 * token. Every acknowledged save is in the history, and the record is the
 * history's newest row: each save is one transaction.
 */
export class MenuSaves implements WriteKind {
  readonly name = 'saves';
  readonly label = 'daily-menu saves';
  readonly weight: number;
  readonly attempts: Attempt[] = [];
  readonly refusalCodes = [];

  constructor(weight: number) {
    this.weight = weight;
  }

  async send(target: Target): Promise<Attempt> {
    const attempt: Attempt = {
      cycle: target.cycle,
      key: `dur-c${target.cycle}-s${this.attempts.length}-${unique(target.random)}`,
      detail: undefined,
    };
    this.attempts.push(attempt);
    const body = await send(attempt, `${target.url}/api/daily-menu/1`, {
      method: 'PUT',
      headers: json(target.token),
      body: JSON.stringify({
        titolo: attempt.key,
        descrizione: 'Spaghetti ai ricci, Pesce spada alla ghiotta',
        infoAggiuntive: 'Acqua inclusa',
      }),
    });
    if (acknowledged(attempt) && body?.titolo !== attempt.key) attempt.status = -1; // answered someone else's save
    return attempt;
  }

  async verify(db: Kysely<Database>, cycle: number, findings: Findings) {
    const menu = await db.selectFrom('daily_menu').selectAll().executeTakeFirstOrThrow();
    const history = await db
      .selectFrom('daily_menu_history')
      .select(['titolo', 'version'])
      .orderBy('version')
      .execute();
    const historyTitles = new Set(history.map((row) => row.titolo));
    for (const attempt of this.attempts.filter(acknowledged)) {
      if (!historyTitles.has(attempt.key)) {
        findings.note(
          findings.lost,
          attempt.key,
          `acknowledged save ${attempt.key} (cycle ${attempt.cycle}) is not in the history`,
        );
      }
    }
    const sentTitles = new Set(this.attempts.map((attempt) => attempt.key));
    const strangers = history.filter((row) => !sentTitles.has(row.titolo));
    if (strangers.length > 0) {
      const stranger = strangers[0]!.titolo;
      findings.note(findings.lost, stranger, `a history row nobody saved: ${stranger}`);
    }
    // Each save is one transaction: the record is the newest history row, versions have no gaps.
    const newest = history.at(-1);
    const gapless = history.every((row, index) => row.version === index + 2);
    const matches = newest
      ? newest.version === menu.version && newest.titolo === menu.titolo
      : menu.version === 1;
    if (!gapless || !matches) {
      findings.note(
        findings.half,
        `cycle ${cycle}`,
        `after the kill of cycle ${cycle} the menu (version ${menu.version}, "${menu.titolo}") does not match its history (${history.length} rows, newest version ${newest?.version}, "${newest?.titolo}")`,
      );
    }
  }
}
