import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { LANGUAGE_NAMES_IT, type Lang } from '../../shared/languages.ts';
import type { DailyMenuBody } from '../../shared/schemas/daily-menu.ts';
import { splitList } from '../../shared/lists.ts';
import type { DailyMenuRecord, DailyMenuService } from './daily-menu.ts';
import {
  TARGET_LANGS,
  translateWithRetry,
  type TargetLang,
  type TranslationProvider,
} from './translation/provider.ts';
import { recordAudit, type AuditActor } from './audit-log.ts';
import { ContentMemo, type ContentChanges } from './content-version.ts';
import { nowIso } from './tokens.ts';

/** The daily menu as a visitor sees it in one language (`?lang=xx`). */
export interface DailyMenuView extends DailyMenuRecord {
  lang: Lang;
  /** Who wrote what is shown: staff, the machine, or nobody (Italian shown). */
  translation: 'staff' | 'machine' | 'none';
}

/** A language's state for the staff review screen. */
export interface TranslationReview {
  lang: TargetLang;
  machine: DailyMenuBody | null;
  staff: DailyMenuBody | null;
  /** Staff translated an earlier Italian text: it is not shown until looked at again. */
  staffStale: boolean;
}

const RETRY_FAILED_AFTER_MS = 60_000;

/** Identifies the Italian text a translation belongs to. */
function sourceHash(menu: DailyMenuBody): string {
  // As stored: the database keeps text well-formed (a lone surrogate becomes U+FFFD).
  const fields = [menu.titolo, menu.descrizione, menu.infoAggiuntive].map((field) =>
    field.toWellFormed(),
  );
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Translations of the daily menu. Computed when staff save (never
 * when a visitor looks), one provider call per language with the title, each
 * dish and each extra as separate texts, and stored against the hash of the
 * Italian. A language that fails is tried again a minute later. A translation
 * staff typed wins over the machine's while the Italian stays the same.
 */
export class DailyMenuTranslations {
  readonly #db: Kysely<Database>;
  readonly #menu: DailyMenuService;
  readonly #provider: TranslationProvider | null;
  readonly #log: FastifyBaseLogger;
  readonly #content: ContentChanges;
  /** The visitors' view per language, kept per content version. */
  readonly #views: ContentMemo<Lang, DailyMenuView>;
  #running: Promise<void> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: {
    db: Kysely<Database>;
    menu: DailyMenuService;
    provider: TranslationProvider | null;
    log: FastifyBaseLogger;
    /** Every write goes through it: it counts the content version pages are cached by. */
    content: ContentChanges;
    /** The shared content version (undefined when unknown): views are kept per version. */
    contentVersion: () => Promise<number | undefined>;
  }) {
    this.#db = options.db;
    this.#menu = options.menu;
    this.#provider = options.provider;
    this.#log = options.log;
    this.#content = options.content;
    this.#views = new ContentMemo(options.contentVersion);
  }

  /**
   * Starts translating whatever is missing; resolves when the menu as it is
   * now has been tried (a round under way goes on until the menu it
   * translated is still the current one).
   */
  refresh(): Promise<void> {
    if (!this.#provider || this.#stopped) return Promise.resolve();
    this.#running ??= this.#translateUntilCurrent()
      .catch((error: unknown) => this.#log.error({ err: error }, 'daily menu translation failed'))
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    await this.#running;
  }

  /** Rounds until the menu did not change during one (a save while translating). */
  async #translateUntilCurrent(): Promise<void> {
    for (;;) {
      const translated = await this.#translateMissing();
      if (this.#stopped || sourceHash(await this.#menu.get()) === translated) return;
    }
  }

  /** One round for the menu as it is now; returns the hash of the Italian it translated. */
  async #translateMissing(): Promise<string> {
    const menu = await this.#menu.get();
    const hash = sourceHash(menu);
    const existing = await this.#db
      .selectFrom('daily_menu_translations')
      .select('lang')
      .where('kind', '=', 'machine')
      .where('source_hash', '=', hash)
      .execute();
    const done = new Set(existing.map((row) => row.lang));
    const missing = TARGET_LANGS.filter((lang) => !done.has(lang));
    if (missing.length === 0) return hash;

    const dishes = splitList(menu.descrizione);
    const extras = splitList(menu.infoAggiuntive);
    const texts = [menu.titolo, ...dishes, ...extras];
    const unique = [...new Set(texts.filter((text) => text.trim() !== ''))];
    const results = await Promise.allSettled(
      missing.map(async (lang) => {
        const translated = unique.length
          ? await translateWithRetry(this.#provider!, unique, lang)
          : [];
        const of = new Map(unique.map((text, i) => [text, translated[i]!]));
        const t = (text: string) => of.get(text) ?? text;
        await this.#store(lang, 'machine', hash, {
          titolo: t(menu.titolo),
          descrizione: dishes.map(t).join(', '),
          infoAggiuntive: extras.map(t).join(', '),
        });
      }),
    );
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) {
      this.#log.warn(
        { failed: failed.map((result) => String((result as PromiseRejectedResult).reason)) },
        'some daily menu translations failed; retrying in a minute',
      );
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => void this.refresh(), RETRY_FAILED_AFTER_MS);
      this.#retryTimer.unref();
    }
    return hash;
  }

  async #store(
    lang: TargetLang,
    kind: 'machine' | 'staff',
    hash: string,
    text: DailyMenuBody,
    /** Who typed it: null for the machine's. */
    actor: NonNullable<AuditActor> | null = null,
  ): Promise<void> {
    const staffId = actor?.id ?? null;
    const values = {
      source_hash: hash,
      titolo: text.titolo,
      descrizione: text.descrizione,
      info_aggiuntive: text.infoAggiuntive,
      updated_at: nowIso(),
      updated_by: staffId,
    };
    await this.#content.change(async (trx) => {
      await trx
        .insertInto('daily_menu_translations')
        .values({ lang, kind, ...values })
        .onConflict((conflict) => conflict.columns(['lang', 'kind']).doUpdateSet(values))
        .execute();
      if (actor) {
        await recordAudit(trx, actor, {
          action: 'daily_menu.translation.update',
          target: `daily_menu:1:${lang}`,
          summary: `Traduzione del menu del giorno in ${LANGUAGE_NAMES_IT[lang]} corretta a mano.`,
        });
      }
    });
  }

  /**
   * The menu in a language: staff's translation, else the machine's, else
   * the Italian. Visitors ask far more often than staff save: while the
   * content version stays the same (docs/decisions/002), the view read last
   * time is current.
   */
  view(lang: Lang): Promise<DailyMenuView> {
    return this.#views.get(lang, () => this.#readView(lang));
  }

  async #readView(lang: Lang): Promise<DailyMenuView> {
    const menu = await this.#menu.get();
    if (lang === 'it') return { ...menu, lang, translation: 'none' };
    const rows = await this.#db
      .selectFrom('daily_menu_translations')
      .selectAll()
      .where('lang', '=', lang)
      .where('source_hash', '=', sourceHash(menu))
      .execute();
    const row = rows.find((r) => r.kind === 'staff') ?? rows.find((r) => r.kind === 'machine');
    if (!row) return { ...menu, lang, translation: 'none' };
    return {
      ...menu,
      titolo: row.titolo,
      descrizione: row.descrizione,
      infoAggiuntive: row.info_aggiuntive,
      lang,
      translation: row.kind,
    };
  }

  /** Every language's machine and staff translation, for the dashboard. */
  async review(): Promise<TranslationReview[]> {
    const hash = sourceHash(await this.#menu.get());
    const rows = await this.#db.selectFrom('daily_menu_translations').selectAll().execute();
    const body = (row: (typeof rows)[number] | undefined): DailyMenuBody | null =>
      row
        ? { titolo: row.titolo, descrizione: row.descrizione, infoAggiuntive: row.info_aggiuntive }
        : null;
    return TARGET_LANGS.map((lang) => {
      const machine = rows.find(
        (r) => r.lang === lang && r.kind === 'machine' && r.source_hash === hash,
      );
      const staff = rows.find((r) => r.lang === lang && r.kind === 'staff');
      return {
        lang,
        machine: body(machine),
        staff: staff && staff.source_hash === hash ? body(staff) : null,
        staffStale: staff !== undefined && staff.source_hash !== hash,
      };
    });
  }

  /**
   * Staff's own translation for one language, of the Italian text they were
   * shown (`italian`). Refused if the Italian has changed since: it would be
   * shown as the translation of a menu it does not describe. It is stored
   * against the Italian it was written for, so a save of the Italian that
   * lands in between makes it stale, never wrong.
   */
  async saveStaffTranslation(
    lang: TargetLang,
    text: DailyMenuBody,
    italian: DailyMenuBody,
    actor: NonNullable<AuditActor>,
  ): Promise<'saved' | 'italian-changed'> {
    const hash = sourceHash(italian);
    if (hash !== sourceHash(await this.#menu.get())) return 'italian-changed';
    await this.#store(lang, 'staff', hash, text, actor);
    return 'saved';
  }

  /** Back to the machine translation for one language. */
  async removeStaffTranslation(lang: TargetLang, actor: NonNullable<AuditActor>): Promise<void> {
    await this.#content.change(async (trx) => {
      const deleted = await trx
        .deleteFrom('daily_menu_translations')
        .where('lang', '=', lang)
        .where('kind', '=', 'staff')
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) {
        await recordAudit(trx, actor, {
          action: 'daily_menu.translation.reset',
          target: `daily_menu:1:${lang}`,
          summary: `Traduzione del menu del giorno in ${LANGUAGE_NAMES_IT[lang]} riportata a quella automatica.`,
        });
      }
    });
  }
}
