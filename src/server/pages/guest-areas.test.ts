import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../testing/fake-translators.ts';
import { guestReservations } from './guest-reservations.ts';

// The areas a guest may choose on /reservations (CONTRACT.md part four): only
// where the owner lets guests choose, only online-bookable areas with
// something bookable online in them, named through the translation engine in
// the guest's language.
let harness: Awaited<ReturnType<typeof testApp>>;
let fake: FakeTranslator;
let owner: string;
afterEach(async () => {
  await harness?.close();
  await fake?.close();
});

const as = (method: 'PUT', url: string, payload: object) =>
  harness.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner}` } });
const table = (name: string, areaId: number, onlineBookable = true) => ({
  name,
  areaId,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable,
  priority: 0,
  shape: 'round',
  x: 0,
  y: 0,
  w: 10,
  h: 10,
});
const settings = (areaChoice: boolean) => ({
  coversPerSlot: 40,
  turnMinutes: 120,
  minNoticeMinutes: 120,
  horizonDays: 60,
  maxPartyOnline: 8,
  autoConfirmMaxParty: null,
  retentionMonths: 24,
  areaChoice,
});

describe('the areas a guest may choose', () => {
  it('are none until the owner lets guests choose; then the bookable ones, machine-translated', async () => {
    fake = await startFakeDeepL('secret-key');
    harness = await testApp(
      { DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url },
      { pages: false, now: () => Date.parse('2026-01-13T09:00:00Z') },
    );
    await harness.app.outbox.stop();
    await createStaff(harness.app, { role: 'owner' });
    owner = await login(harness.app);
    const pages = guestReservations(harness.app);

    const saved = await as('PUT', '/api/floor', {
      areas: [
        { id: -1, name: 'Terrazza', onlineBookable: true },
        { id: -2, name: 'Sala interna', onlineBookable: true },
        // Online-bookable, but only a table staff seat: nothing to offer online.
        { id: -3, name: 'Saletta', onlineBookable: true },
        { id: -4, name: 'Cantina', onlineBookable: false },
      ],
      tables: [
        { id: -10, ...table('T1', -1, false) },
        { id: -11, ...table('T2', -1, false) },
        table('T3', -2),
        table('T4', -3, false),
        table('T5', -4),
      ],
      // The terrace's tables are not bookable online alone, pushed together they are.
      combinations: [
        { name: 'T1+T2', tableIds: [-10, -11], minSeats: 4, maxSeats: 8, onlineBookable: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await harness.app.textTranslations.refresh();
    expect(await pages.areas('en')).toEqual([]);

    expect((await as('PUT', '/api/reservations/settings', settings(true))).statusCode).toBe(200);
    const [terrazza, sala] = saved.json<{ areas: { id: number }[] }>().areas;
    expect(await pages.areas('en')).toEqual([
      { id: terrazza!.id, name: '[EN-GB] Terrazza' },
      { id: sala!.id, name: '[EN-GB] Sala interna' },
    ]);
    expect(await pages.areas('it')).toEqual([
      { id: terrazza!.id, name: 'Terrazza' },
      { id: sala!.id, name: 'Sala interna' },
    ]);
    expect((await pages.areas('de')).map((area) => area.name)).toEqual([
      '[DE] Terrazza',
      '[DE] Sala interna',
    ]);

    // A renamed area is shown anew once translated; a removed one is no longer offered.
    const plan = saved.json<{ areas: object[]; tables: object[]; combinations: object[] }>();
    const renamed = await as('PUT', '/api/floor', {
      areas: [{ ...plan.areas[1], name: 'Veranda' }],
      tables: [plan.tables[2]],
      combinations: [],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await harness.app.textTranslations.refresh();
    expect(await pages.areas('fr')).toEqual([{ id: sala!.id, name: '[FR] Veranda' }]);
  });
});
