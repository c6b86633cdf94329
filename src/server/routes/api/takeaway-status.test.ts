import { afterEach, describe, expect, it } from 'vitest';
import type { GuestOrder } from '../../../shared/schemas/takeaway.ts';
import {
  nextAddress,
  TAKEAWAY_CLOCK,
  TAKEAWAY_TODAY,
  takeawayApp,
  type TakeawayHarness,
} from '../../testing/takeaway.ts';

// The guest's side after ordering: the status page's reading and cancel by
// the signed token, and the mails of every step in the guest's language.

const TODAY = TAKEAWAY_TODAY;
const clock = { now: TAKEAWAY_CLOCK };
let harness: TakeawayHarness;

async function start() {
  clock.now = TAKEAWAY_CLOCK;
  harness = await takeawayApp(clock);
}
afterEach(async () => {
  await harness?.close();
});

const status = (token: string) =>
  harness.app.inject({
    url: `/api/takeaway/orders/status?token=${encodeURIComponent(token)}`,
  });
const cancel = (token: string, remoteAddress = nextAddress()) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/takeaway/orders/cancel',
    payload: { token },
    remoteAddress,
  });
const codeOf = (response: { json: <T>() => T }) =>
  response.json<{ errors: { code: string }[] }>().errors[0]!.code;

describe('GET /api/takeaway/orders/status', () => {
  it('shows the order the token names, without phone or e-mail, never cached nor referred', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const id = await harness.order({
      items: [{ id: pizza.id, quantity: 2 }],
      notes: 'Ohne Oliven',
    });
    const token = await harness.app.takeaway.statusToken(id);
    const response = await status(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const order = response.json<GuestOrder>();
    expect(order).toEqual({
      id,
      name: 'Jonas Weber',
      lang: 'de',
      pickup: { date: TODAY, time: '19:30' },
      status: 'received',
      total: expect.any(String),
      lines: [expect.objectContaining({ id: pizza.id, quantity: 2 })],
      notes: 'Ohne Oliven',
      message: '',
      cancellable: true,
    });
    expect(response.body).not.toContain('jonas@example.de');
    expect(response.body).not.toContain('+49');
    // A token not whole, forged, of another order, or of an order gone: 400 invalid-token.
    const [number, signature] = token.split('.');
    for (const bad of [
      token.slice(0, -1),
      `${Number(number) + 1}.${signature}`,
      await harness.app.takeaway.statusToken(999999),
      'garbage',
    ]) {
      const refused = await status(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(codeOf(refused)).toBe('invalid-token');
    }
    // A robot's order (the honeypot, id 0) has a token that leads nowhere.
    expect(await harness.app.takeaway.status(await harness.app.takeaway.statusToken(0))).toBeNull();
  });
});

describe('POST /api/takeaway/orders/cancel', () => {
  it('cancels a received order (the board sees it, the guest gets a mail, the log says so), never one staff took on', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const id = await harness.order({ items: [{ id: pizza.id, quantity: 3 }] });
    const token = await harness.app.takeaway.statusToken(id);
    const board = await harness.staff('GET', `/api/takeaway/board?date=${TODAY}`);
    const cancelled = await cancel(token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<GuestOrder>()).toMatchObject({
      id,
      status: 'cancelled',
      cancellable: false,
    });
    const after = await harness.app.inject({
      url: `/api/takeaway/board?date=${TODAY}`,
      headers: { ...harness.auth, 'if-none-match': board.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    // Its pieces leave the slot.
    const slots = after.json<{ slots: { time: string; oven: number }[] }>().slots;
    expect(slots.find((slot) => slot.time === '19:30')!.oven).toBe(0);
    const mails = await harness.mails();
    expect(mails.map((mail) => mail.kind)).toEqual(['takeaway-received', 'takeaway-cancelled']);
    expect(mails[1]!.subject).toContain('storniert');
    expect(await harness.audits()).toEqual([
      {
        action: 'takeaway.cancelled_by_guest',
        actor_email: null,
        target: `takeaway_order:${id}`,
        summary: `Il cliente ha annullato l'ordine da asporto n. ${id} (ritiro 13/01/2026 alle 19:30) dalla pagina dell'ordine.`,
      },
    ]);
    // Twice, or once staff accepted: 409 invalid-transition.
    expect(codeOf(await cancel(token))).toBe('invalid-transition');
    const other = await harness.order({ items: [{ id: pizza.id, quantity: 1 }] });
    await harness.staff('PATCH', `/api/takeaway/orders/${other}`, { status: 'accepted' });
    const late = await cancel(await harness.app.takeaway.statusToken(other));
    expect(late.statusCode).toBe(409);
    expect(codeOf(late)).toBe('invalid-transition');
    const bad = await cancel('1.nope');
    expect(bad.statusCode).toBe(400);
    expect(codeOf(bad)).toBe('invalid-token');
  });

  it('counts 20 presses an hour per address, then 429', async () => {
    await start();
    const address = '10.9.9.9';
    for (let press = 0; press < 20; press += 1) {
      expect((await cancel('garbage', address)).statusCode).toBe(400);
    }
    const limited = await cancel('garbage', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await cancel('garbage', '10.9.9.10')).statusCode).toBe(400);
  });
});

describe("the guest's mails", () => {
  it('received: the lines, amounts in the language’s euros, the total, the time, pay at pickup, and the status link kept secret', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const drink = await harness.dish('beerAndWines');
    const id = await harness.order({
      items: [
        { id: pizza.id, quantity: 2 },
        { id: drink.id, quantity: 1 },
      ],
    });
    const [mail] = await harness.mails();
    expect(mail).toMatchObject({
      kind: 'takeaway-received',
      recipient: 'jonas@example.de',
      personal: 1,
    });
    const euro = (cents: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    expect(mail!.subject).toContain(`Bestellung zum Mitnehmen Nr. ${id}`);
    // The dishes as the guest read them, in German (the kitchen's Italian is not theirs).
    const bottledBeer = await harness.menuName(drink.id, 'de');
    expect(bottledBeer).not.toBe(drink.name);
    expect(mail!.text_body).toContain(
      `2 × ${await harness.menuName(pizza.id, 'de')} – ${euro(pizza.cents)}`,
    );
    expect(mail!.text_body).toContain(`1 × ${bottledBeer} – ${euro(drink.cents)}`);
    expect(mail!.text_body).toContain(`Summe: ${euro(pizza.cents * 2 + drink.cents)}`);
    expect(mail!.text_body).toContain('Abholung: Dienstag, 13. Januar 2026 um 19:30');
    expect(mail!.text_body).toContain('Sie bezahlen bei der Abholung');
    // The link is stored apart, put in at send, dropped after (docs/security.md).
    expect(mail!.text_body).toContain('{{secret-link}}');
    expect(mail!.text_body).not.toContain('token=');
    const token = await harness.app.takeaway.statusToken(id);
    expect(mail!.secret_link).toBe(`https://www.trattoria.example/takeaway/order?token=${token}`);
    expect(Date.parse(mail!.secret_expires_at!)).toBeGreaterThan(Date.now());
  });

  it('speaks each of the five languages; accepted says "new time" when staff moved it; declined quotes staff', async () => {
    await start();
    const pizza = await harness.dish('pizza');
    const subjects: string[] = [];
    for (const lang of ['it', 'en', 'fr', 'es', 'de']) {
      const id = await harness.order({
        lang,
        email: `guest-${lang}@example.com`,
        items: [{ id: pizza.id, quantity: 1 }],
      });
      const moved = await harness.staff('PATCH', `/api/takeaway/orders/${id}`, {
        status: 'accepted',
        pickupTime: '20:00',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const declined = await harness.staff('PATCH', `/api/takeaway/orders/${id}`, {
        status: 'declined',
        message: 'Il forno si è guastato.',
      });
      expect(declined.statusCode).toBe(200);
      const mails = (await harness.mails()).filter(
        (mail) => mail.recipient === `guest-${lang}@example.com`,
      );
      expect(mails.map((mail) => mail.kind)).toEqual([
        'takeaway-received',
        'takeaway-accepted',
        'takeaway-declined',
      ]);
      subjects.push(...mails.map((mail) => mail.subject));
      expect(mails[1]!.text_body).toContain('20:00');
      expect(mails[1]!.html_body).toContain(`lang="${lang}"`);
      expect(mails[2]!.text_body).toContain('Il forno si è guastato.');
      expect(mails[2]!.text_body).toContain(`/takeaway?lng=${lang}`);
    }
    // Fifteen subjects, each its own: no language falls back on another.
    expect(new Set(subjects).size).toBe(15);
    const byLang = async (lang: string) =>
      (await harness.mails()).find(
        (mail) =>
          mail.recipient === `guest-${lang}@example.com` && mail.kind === 'takeaway-accepted',
      )!.text_body;
    expect(await byLang('it')).toContain('nuovo orario');
    expect(await byLang('en')).toContain('new time');
    expect(await byLang('fr')).toContain('nouvel horaire');
    expect(await byLang('es')).toContain('nueva hora');
    expect(await byLang('de')).toContain('neuen Uhrzeit');
  });
});
