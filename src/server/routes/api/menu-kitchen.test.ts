import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, login, testApp } from '../../testing/app.ts';
import type { MenuAnswer } from '../../../shared/schemas/menu.ts';

// Takeaway's side of the menu (docs/api.md, "Menu"): each section's kitchen
// group and each dish's takeaway mark, as seeded, shown by GET /api/menu, and
// set by staff through the section and dish calls.
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;

beforeEach(async () => {
  harness = await testApp({}, { pages: false });
  await createStaff(harness.app);
  token = await login(harness.app);
});
afterEach(() => harness.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, auth = true) =>
  harness.app.inject({
    method,
    url,
    payload: payload as object,
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });
const menu = async (lang = 'it'): Promise<MenuAnswer> => {
  const response = await harness.app.inject({ method: 'GET', url: `/api/menu?lang=${lang}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const section = (answer: MenuAnswer, name: string) => answer.sections.find((s) => s.name === name)!;
const dish = (answer: MenuAnswer, name: string) =>
  answer.sections.flatMap((s) => s.items).find((item) => item.name === name)!;
const lastAudit = async () => {
  const response = await harness.app.inject({
    method: 'GET',
    url: '/api/audit?limit=1',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json<{ action: string; summary: string }[]>()[0]!;
};
/** The menu's rows and the audit log: to show that a refused request changed nothing. */
const everything = () =>
  Promise.all([
    harness.app.db.selectFrom('menu_sections').selectAll().orderBy('id').execute(),
    harness.app.db.selectFrom('menu_items').selectAll().orderBy('id').execute(),
    harness.app.db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  ]);

describe('GET /api/menu', () => {
  it('shows the seeded kitchen groups and takeaway marks, in every language', async () => {
    const it_ = await menu();
    expect(it_.sections.map((s) => [s.name, s.kitchen])).toEqual([
      ['Antipasti', 'kitchen'],
      ['Sfizi fritti', 'kitchen'],
      ['Primi piatti', 'kitchen'],
      ['Secondi di carne', 'kitchen'],
      ['Secondi di pesce', 'kitchen'],
      ['Insalate e contorni', 'none'],
      ['Pizze', 'oven'],
      ['Dessert', 'none'],
      ['Birre e vini', 'none'],
      ['Aperitivi', 'none'],
      ['Bevande', 'none'],
    ]);
    // Draught beers, carafes of wine and aperitifs by the glass are poured: not for takeaway.
    expect(section(it_, 'Birre e vini').items.map((item) => [item.name, item.takeaway])).toEqual([
      ['Birra alla spina 0,30 l', false],
      ['Birra alla spina 0,40 l', false],
      ['Birra in bottiglia 0,33 l', true],
      ['Birra weiss 0,50 l', true],
      ['Vino bianco della casa 0,50 l', false],
      ['Vino bianco frizzante 0,50 l', false],
      ['Vino rosso della casa 0,50 l', false],
      ['Vino bianco della casa 1 l', false],
      ['Vino rosso della casa 1 l', false],
    ]);
    expect(section(it_, 'Aperitivi').items.every((item) => !item.takeaway)).toBe(true);
    const others = it_.sections.filter((s) => !['Birre e vini', 'Aperitivi'].includes(s.name));
    expect(others.flatMap((s) => s.items).every((item) => item.takeaway)).toBe(true);

    const de = await menu('de');
    expect(de.sections.map((s) => s.kitchen)).toEqual(it_.sections.map((s) => s.kitchen));
    expect(de.sections.flatMap((s) => s.items.map((item) => item.takeaway))).toEqual(
      it_.sections.flatMap((s) => s.items.map((item) => item.takeaway)),
    );
  });
});

describe('sections', () => {
  it('are added with a kitchen group, or the kitchen by default; audited', async () => {
    const oven = await send('POST', '/api/menu/sections', { name: 'Focacce', kitchen: 'oven' });
    expect(oven.statusCode).toBe(201);
    expect(await lastAudit()).toMatchObject({
      action: 'menu.section.create',
      summary: 'Sezione «Focacce» aggiunta al menu (reparto: forno).',
    });
    const plain = await send('POST', '/api/menu/sections', { name: 'Crudi' });
    expect(plain.statusCode).toBe(201);
    const now = await menu();
    expect(section(now, 'Focacce')).toMatchObject({ id: oven.json().id, kitchen: 'oven' });
    expect(section(now, 'Crudi')).toMatchObject({ id: plain.json().id, kitchen: 'kitchen' });
  });

  it('change their kitchen group with PATCH (204), which the audit log names; left out, it stays', async () => {
    const pizze = section(await menu(), 'Pizze');
    const version = await harness.app.contentVersion.current();
    const changed = await send('PATCH', `/api/menu/sections/${pizze.id}`, { kitchen: 'kitchen' });
    expect(changed.statusCode).toBe(204);
    expect(await harness.app.contentVersion.current()).toBe(version! + 1);
    expect(section(await menu(), 'Pizze').kitchen).toBe('kitchen');
    expect(await lastAudit()).toMatchObject({
      action: 'menu.section.update',
      summary: 'Sezione «Pizze» modificata. Reparto: da forno a cucina.',
    });
    const renamed = await send('PATCH', `/api/menu/sections/${pizze.id}`, { name: 'Pizze rosse' });
    expect(renamed.statusCode).toBe(204);
    expect(section(await menu(), 'Pizze rosse').kitchen).toBe('kitchen');
    expect((await lastAudit()).summary).toBe('Sezione «Pizze» rinominata in «Pizze rosse».');
  });

  it('refuse a kitchen group that is not oven, kitchen or none (400 on kitchen), changing nothing', async () => {
    const pizze = section(await menu(), 'Pizze');
    const before = await everything();
    for (const kitchen of ['forno', 'OVEN', '', 'grill', null, 1, true, ['oven']]) {
      for (const [method, url, payload] of [
        ['POST', '/api/menu/sections', { name: 'Focacce', kitchen }],
        ['PATCH', `/api/menu/sections/${pizze.id}`, { kitchen }],
      ] as const) {
        const response = await send(method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(kitchen)}`).toBe(400);
        expect(Object.keys(response.json().errors)).toEqual(['kitchen']);
      }
    }
    const unauthenticated = await send(
      'PATCH',
      `/api/menu/sections/${pizze.id}`,
      { kitchen: 'none' },
      false,
    );
    expect(unauthenticated.statusCode).toBe(401);
    expect(await everything()).toEqual(before);
  });
});

describe('dishes', () => {
  const PIZZA = { name: 'Pizza Tonnara', prices: [{ label: '', amount: '11' }] };

  it('are added for takeaway unless staff say not', async () => {
    const pizze = section(await menu(), 'Pizze');
    const plain = await send('POST', '/api/menu/items', { ...PIZZA, sectionId: pizze.id });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ name: 'Pizza Tonnara', takeaway: true });
    const kept = await send('POST', '/api/menu/items', {
      ...PIZZA,
      name: 'Pizza al metro',
      sectionId: pizze.id,
      takeaway: false,
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json()).toMatchObject({ name: 'Pizza al metro', takeaway: false });
    const now = await menu('en');
    expect(
      section(now, 'Pizza')
        .items.slice(-2)
        .map((item) => item.takeaway),
    ).toEqual([true, false]);
  });

  it('change their takeaway mark with PATCH (200, the dish), audited; left out, it stays', async () => {
    const draught = dish(await menu(), 'Birra alla spina 0,30 l');
    const changed = await send('PATCH', `/api/menu/items/${draught.id}`, { takeaway: true });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id: draught.id, takeaway: true });
    expect(dish(await menu(), 'Birra alla spina 0,30 l').takeaway).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'menu.item.update',
      summary: 'Piatto «Birra alla spina 0,30 l» modificato: asporto.',
    });
    const priced = await send('PATCH', `/api/menu/items/${draught.id}`, {
      prices: [{ label: '', amount: '4' }],
    });
    expect(priced.json()).toMatchObject({ takeaway: true });
  });

  it('refuse a takeaway mark that is not true or false (400 on takeaway), changing nothing', async () => {
    const it_ = await menu();
    const margherita = dish(it_, 'Margherita');
    const before = await everything();
    for (const takeaway of ['sì', 'true', 1, 0, null, '']) {
      for (const [method, url, payload] of [
        ['POST', '/api/menu/items', { ...PIZZA, sectionId: section(it_, 'Pizze').id, takeaway }],
        ['PATCH', `/api/menu/items/${margherita.id}`, { takeaway }],
      ] as const) {
        const response = await send(method, url, payload);
        expect(response.statusCode, `${method} ${JSON.stringify(takeaway)}`).toBe(400);
        expect(Object.keys(response.json().errors)).toEqual(['takeaway']);
      }
    }
    const unauthenticated = await send(
      'PATCH',
      `/api/menu/items/${margherita.id}`,
      { takeaway: false },
      false,
    );
    expect(unauthenticated.statusCode).toBe(401);
    expect(await everything()).toEqual(before);
  });
});
