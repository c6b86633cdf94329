import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import {
  startFakeDeepL,
  startFakeLibreTranslate,
  type FakeTranslator,
} from '../testing/fake-translators.ts';

// Translate on save, one provider call per language, stored with the
// Italian text's hash; staff corrections win until the Italian changes.
let harness: Awaited<ReturnType<typeof testApp>> | undefined;
let fake: FakeTranslator | undefined;
afterEach(async () => {
  await harness?.close();
  await fake?.close();
  harness = undefined;
  fake = undefined;
});

const MENU = {
  titolo: 'Menu del giorno',
  descrizione: 'Pasta con le sarde, Pesce spada alla ghiotta, Cassata',
  infoAggiuntive: 'Acqua inclusa, Caffè',
};

async function setUp(env: Record<string, string>) {
  harness = await testApp(env, { pages: false });
  await createStaff(harness.app);
  const token = await login(harness.app);
  const save = async (body = MENU) => {
    const response = await harness!.app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1',
      payload: body,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    await harness!.app.textTranslations.refresh();
  };
  const view = async (lang: string) =>
    (await harness!.app.inject({ method: 'GET', url: `/api/daily-menu/1?lang=${lang}` })).json();
  return { app: harness.app, token, save, view };
}

describe('with DeepL', () => {
  it('translates title, each dish and each extra, batched per language, en as en-GB', async () => {
    fake = await startFakeDeepL('secret-key');
    const { app, save, view } = await setUp({
      DEEPL_API_KEY: 'secret-key',
      DEEPL_SERVER_URL: fake.url,
    });
    // The start-up round translates the migration's sample menu: let it end first.
    await app.textTranslations.refresh();
    fake.calls.length = 0;
    await save();
    expect(fake.calls.map((call) => call.target.toUpperCase()).sort()).toEqual([
      'DE',
      'EN-GB',
      'ES',
      'FR',
    ]);
    expect(fake.calls[0]!.texts).toEqual([
      'Menu del giorno',
      'Pasta con le sarde',
      'Pesce spada alla ghiotta',
      'Cassata',
      'Acqua inclusa',
      'Caffè',
    ]);
    expect(fake.calls[0]!.headers.authorization).toBe('DeepL-Auth-Key secret-key');
    expect(await view('de')).toMatchObject({
      id: 1,
      lang: 'de',
      translation: 'machine',
      titolo: '[DE] Menu del giorno',
      descrizione: '[DE] Pasta con le sarde, [DE] Pesce spada alla ghiotta, [DE] Cassata',
      infoAggiuntive: '[DE] Acqua inclusa, [DE] Caffè',
    });
    expect(await view('en')).toMatchObject({
      titolo: '[EN-GB] Menu del giorno',
      translation: 'machine',
    });
    expect(await view('it')).toMatchObject({ ...MENU, lang: 'it', translation: 'none' });
  });

  it('a failed provider never fails the save; Italian is shown until a retry succeeds', async () => {
    fake = await startFakeDeepL('k');
    const { save, view, app } = await setUp({ DEEPL_API_KEY: 'k', DEEPL_SERVER_URL: fake.url });
    fake.failNext(1000);
    await save({ ...MENU, titolo: 'Menu di oggi' });
    expect(await view('fr')).toMatchObject({ titolo: 'Menu di oggi', translation: 'none' });
    // At most 3 attempts per language for one round.
    fake.failNext(0);
    await app.textTranslations.refresh();
    expect(await view('fr')).toMatchObject({ titolo: '[FR] Menu di oggi', translation: 'machine' });
  });

  it('gives up a round after 3 attempts per language', async () => {
    fake = await startFakeDeepL('k');
    const { save } = await setUp({ DEEPL_API_KEY: 'k', DEEPL_SERVER_URL: fake.url });
    await harness!.app.textTranslations.refresh();
    fake.failNext(1000);
    const before = fake.requests;
    await save({ ...MENU, titolo: 'Altro menu' });
    expect(fake.requests - before).toBe(4 * 3); // 4 languages × 3 attempts, all refused
  });

  it('a staff translation wins until the Italian text changes', async () => {
    fake = await startFakeDeepL('k');
    const { save, view, app, token } = await setUp({
      DEEPL_API_KEY: 'k',
      DEEPL_SERVER_URL: fake.url,
    });
    await save();
    const corrected = {
      titolo: 'Tagesmenü',
      descrizione: 'Pasta mit Sardinen, Schwertfisch, Cassata',
      infoAggiuntive: 'Wasser inklusive, Kaffee',
    };
    const put = await app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1/translations/de',
      payload: { ...corrected, italian: MENU },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(put.statusCode).toBe(200);
    expect(await view('de')).toMatchObject({ ...corrected, translation: 'staff' });
    // Saving the same Italian keeps it.
    await save();
    expect(await view('de')).toMatchObject({ titolo: 'Tagesmenü', translation: 'staff' });
    // New Italian: the machine translation shows, and staff see theirs needs a new look.
    await save({ ...MENU, titolo: 'Menu della domenica' });
    expect(await view('de')).toMatchObject({
      titolo: '[DE] Menu della domenica',
      translation: 'machine',
    });
    const review = await app.inject({
      method: 'GET',
      url: '/api/daily-menu/1/translations',
      headers: { authorization: `Bearer ${token}` },
    });
    const de = review.json().translations.find((t: { lang: string }) => t.lang === 'de');
    expect(de).toMatchObject({
      staff: null,
      staffStale: true,
      machine: { titolo: '[DE] Menu della domenica' },
    });
  });

  it('a correction written for an earlier Italian text is refused and changes nothing', async () => {
    fake = await startFakeDeepL('k');
    const { save, view, app, token } = await setUp({
      DEEPL_API_KEY: 'k',
      DEEPL_SERVER_URL: fake.url,
    });
    await save();
    // While one staff member corrects the German, another changes the Italian.
    const shownItalian = { ...MENU };
    await save({ ...MENU, descrizione: 'Couscous di pesce, Arancine' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1/translations/de',
      payload: {
        titolo: 'Tagesmenü',
        descrizione: 'Pasta mit Sardinen, Schwertfisch, Cassata',
        infoAggiuntive: 'Wasser inklusive, Kaffee',
        italian: shownItalian,
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      errors: [
        {
          code: 'italian-changed',
          description:
            'Il menu in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.',
        },
      ],
    });
    expect(await view('de')).toMatchObject({
      titolo: '[DE] Menu del giorno',
      descrizione: '[DE] Couscous di pesce, [DE] Arancine',
      translation: 'machine',
    });
    const rows = await app.db
      .selectFrom('text_translations')
      .selectAll()
      .where('entity', '=', 'daily_menu')
      .execute();
    expect(rows.filter((row) => row.kind === 'staff')).toEqual([]);
  });

  it('review and corrections need a staff token; unknown languages are refused', async () => {
    fake = await startFakeDeepL('k');
    const { app, token } = await setUp({ DEEPL_API_KEY: 'k', DEEPL_SERVER_URL: fake.url });
    expect(
      (await app.inject({ method: 'GET', url: '/api/daily-menu/1/translations' })).statusCode,
    ).toBe(401);
    const italian = await app.inject({
      method: 'PUT',
      url: '/api/daily-menu/1/translations/it',
      payload: { ...MENU, italian: MENU },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(italian.statusCode).toBe(400);
    const unknown = await app.inject({ method: 'GET', url: '/api/daily-menu/1?lang=pt' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toHaveProperty('lang');
  });

  it('a menu without extras is translated with its extras empty, in the view and the review', async () => {
    fake = await startFakeDeepL('k');
    const { save, view, app, token } = await setUp({
      DEEPL_API_KEY: 'k',
      DEEPL_SERVER_URL: fake.url,
    });
    await app.textTranslations.refresh();
    fake.calls.length = 0;
    await save({ titolo: 'Menu', descrizione: 'Caponata, Cassata', infoAggiuntive: '  ' });
    expect(fake.calls[0]!.texts).toEqual(['Menu', 'Caponata', 'Cassata']);
    const translated = {
      titolo: '[DE] Menu',
      descrizione: '[DE] Caponata, [DE] Cassata',
      infoAggiuntive: '',
    };
    expect(await view('de')).toMatchObject({ ...translated, translation: 'machine' });
    const review = await app.inject({
      method: 'GET',
      url: '/api/daily-menu/1/translations',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(review.json().translations.find((t: { lang: string }) => t.lang === 'de')).toEqual({
      lang: 'de',
      machine: translated,
      staff: null,
      staffStale: false,
    });
  });

  it("the machine's translation follows one staff wrote first, and shows once staff's is removed", async () => {
    fake = await startFakeDeepL('k');
    const { save, view, app, token } = await setUp({
      DEEPL_API_KEY: 'k',
      DEEPL_SERVER_URL: fake.url,
    });
    fake.failNext(1000);
    await save();
    const corrected = { titolo: 'Tagesmenü', descrizione: 'Pasta, Fisch', infoAggiuntive: '' };
    const call = (method: 'PUT' | 'DELETE', payload?: object) =>
      app.inject({
        method,
        url: '/api/daily-menu/1/translations/de',
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
    expect((await call('PUT', { ...corrected, italian: MENU })).statusCode).toBe(200);
    fake.failNext(0);
    await app.textTranslations.refresh();
    const de = (await call('DELETE'))
      .json()
      .translations.find((t: { lang: string }) => t.lang === 'de');
    expect(de).toMatchObject({ machine: { titolo: '[DE] Menu del giorno' }, staff: null });
    expect(await view('de')).toMatchObject({
      titolo: '[DE] Menu del giorno',
      translation: 'machine',
    });
  });
});

describe('with LibreTranslate', () => {
  it('translates with the API key, source Italian', async () => {
    fake = await startFakeLibreTranslate('lt-key');
    const { save, view } = await setUp({
      LIBRETRANSLATE_URL: fake.url,
      LIBRETRANSLATE_API_KEY: 'lt-key',
    });
    await save();
    expect(await view('es')).toMatchObject({
      titolo: '[ES] Menu del giorno',
      translation: 'machine',
    });
    expect(fake.calls.map((call) => call.target).sort()).toEqual(
      expect.arrayContaining(['de', 'en', 'es', 'fr']),
    );
  });
});

describe('without a provider', () => {
  it('shows Italian with translation "none", and nothing fails', async () => {
    const { save, view } = await setUp({});
    await save();
    expect(await view('en')).toMatchObject({ ...MENU, lang: 'en', translation: 'none' });
  });
});
