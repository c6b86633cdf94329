import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type AppDatabase } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { ContentChanges, ContentVersion } from '../content-version.ts';
import type { TargetLang } from './provider.ts';
import { TextTranslations } from './text-translations.ts';

// The engine's records translated whole (the daily menu is one): one hash
// for all of a record's fields, blank fields included, the machine's kept
// beside staff's; and its rounds when the provider fails. Records translated
// field by field are the menu's (menu.test.ts).
let database: TestDatabase;
let opened: AppDatabase;
let actor: { id: number; email: string };
beforeAll(async () => {
  database = await createTestDatabase();
  opened = await openDatabase(database.url);
  const now = new Date().toISOString();
  const email = 'chef@example.com';
  const row = await opened.db
    .insertInto('staff_users')
    .values({
      email,
      username: 'chef',
      first_name: 'Salvo',
      last_name: 'Russo',
      password_hash: 'hash',
      created_at: now,
      password_changed_at: now,
      role: 'owner',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  actor = { id: row.id, email };
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

const silent = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const AUDIT = { action: 'test.translation.update', target: 'test:1', summary: 'Prova.' };
let entities = 0;

/** An engine with one record of a new entity, translated whole by a provider that prefixes "[lang]". */
function setUp(fields: Record<string, string>) {
  const db = opened.db;
  const name = `whole_${(entities += 1)}`;
  const record = { id: 1, fields: { ...fields } };
  const calls: string[][] = [];
  const provider = { failing: false };
  const translations = new TextTranslations({
    db,
    provider: {
      name: 'fake',
      probe: async () => ({ ok: true, detail: 'fake' }),
      translate: async (texts, lang) => {
        calls.push(texts);
        if (provider.failing) throw new Error('unavailable');
        return texts.map((text) => `[${lang}] ${text}`);
      },
    },
    log: silent,
    content: new ContentChanges(db, new ContentVersion({ db })),
  });
  translations.register({
    name,
    listFields: ['dishes', 'extras'],
    wholeRecord: true,
    records: async () => [record],
  });
  const saveStaff = (lang: TargetLang, texts: Record<string, string>, italian = record.fields) =>
    db
      .transaction()
      .execute((trx) =>
        translations.saveStaff(trx, name, record, lang, texts, italian, actor, AUDIT),
      );
  const removeStaff = (lang: TargetLang) =>
    db.transaction().execute((trx) => translations.removeStaff(trx, name, 1, lang));
  return {
    translations,
    record,
    calls,
    provider,
    saveStaff,
    removeStaff,
    shown: async (lang: TargetLang) => (await translations.localize(name, lang, [record])).get(1)!,
    review: async (lang: TargetLang) =>
      (await translations.review(name, record)).find((entry) => entry.lang === lang)!.fields,
  };
}

const MENU = { title: 'Menu del giorno', dishes: 'Pasta con le sarde, Cassata', extras: ' ' };
const GERMAN = { title: 'Tagesmenü', dishes: 'Pasta mit Sardinen, Cassata', extras: '' };

describe('a record translated whole', () => {
  it('gets every field translated, a blank one as itself without a call, lists item by item', async () => {
    const { translations, calls, shown, review } = setUp(MENU);
    await translations.refresh();
    expect(calls).toEqual(Array(4).fill(['Menu del giorno', 'Pasta con le sarde', 'Cassata']));
    expect(await shown('de')).toEqual({
      fields: {
        title: '[de] Menu del giorno',
        dishes: '[de] Pasta con le sarde, [de] Cassata',
        extras: '',
      },
      translation: 'machine',
      fieldTranslations: { title: 'machine', dishes: 'machine', extras: 'machine' },
    });
    expect(Object.values(await review('fr')).map((field) => field.machine)).toEqual([
      '[fr] Menu del giorno',
      '[fr] Pasta con le sarde, [fr] Cassata',
      '',
    ]);
  });

  it("a change to any field makes all of the record's translations stale, staff's too", async () => {
    const { translations, record, calls, saveStaff, shown, review } = setUp(MENU);
    await translations.refresh();
    expect(await saveStaff('de', GERMAN)).toBe('saved');
    expect(await shown('de')).toEqual({
      fields: GERMAN,
      translation: 'staff',
      fieldTranslations: { title: 'staff', dishes: 'staff', extras: 'staff' },
    });

    record.fields.extras = 'Caffè';
    expect(await shown('de')).toEqual({
      fields: record.fields,
      translation: 'none',
      fieldTranslations: { title: 'none', dishes: 'none', extras: 'none' },
    });
    expect(await review('de')).toEqual(
      Object.fromEntries(
        Object.entries(record.fields).map(([field, italian]) => [
          field,
          { italian, machine: null, staff: null, staffStale: true },
        ]),
      ),
    );
    calls.length = 0;
    await translations.refresh();
    expect(calls).toEqual(
      Array(4).fill(['Menu del giorno', 'Pasta con le sarde', 'Cassata', 'Caffè']),
    );
    expect(await shown('de')).toMatchObject({
      fields: { title: '[de] Menu del giorno', extras: '[de] Caffè' },
      translation: 'machine',
    });
  });

  it("the machine translates it even where staff wrote one, and shows once staff's is taken away", async () => {
    const { translations, saveStaff, removeStaff, shown, review } = setUp(MENU);
    expect(await saveStaff('es', GERMAN)).toBe('saved');
    await translations.refresh();
    expect(await review('es')).toMatchObject({
      title: { machine: '[es] Menu del giorno', staff: 'Tagesmenü', staffStale: false },
    });
    expect((await shown('es')).translation).toBe('staff');
    expect(await removeStaff('es')).toBe(true);
    expect(await shown('es')).toMatchObject({
      fields: { title: '[es] Menu del giorno' },
      translation: 'machine',
    });
  });

  it("takes staff's translation of the Italian as stored, in any field order, and refuses another", async () => {
    // Stored text is well-formed: a lone surrogate was kept as U+FFFD.
    const { saveStaff, shown } = setUp({ ...MENU, title: 'Menu \uFFFD' });
    const shownItalian = { extras: MENU.extras, dishes: MENU.dishes, title: 'Menu \uD800' };
    expect(await saveStaff('en', GERMAN, shownItalian)).toBe('saved');
    expect((await shown('en')).translation).toBe('staff');
    for (const italian of [
      { ...shownItalian, dishes: 'Couscous' },
      { title: 'Menu \uFFFD', dishes: MENU.dishes },
    ]) {
      expect(await saveStaff('fr', GERMAN, italian)).toBe('italian-changed');
    }
    expect((await shown('fr')).translation).toBe('none');
  });
});

describe('rounds', () => {
  it('a round asked for during one that fails does not try again what failed; the next refresh does', async () => {
    const { translations, provider, calls, shown } = setUp(MENU);
    provider.failing = true;
    await Promise.all([translations.refresh(), translations.refresh()]);
    expect(calls).toHaveLength(4 * 3); // each language's 3 attempts, once
    provider.failing = false;
    await translations.refresh();
    expect((await shown('de')).translation).toBe('machine');
    await translations.stop(); // and its retry a minute later
  });
});
