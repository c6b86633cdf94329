import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewStopToken } from '../services/guests/guest-links.ts';
import { newGuestKey } from '../services/guests/guest-records.ts';
import { testApp } from '../testing/app.ts';

// The review mail's stop link, /reviews/stop?token=…&lng=xx (CONTRACT.md part
// four, "Guests"; docs/security.md): opening it shows one button in the
// mail's language and changes nothing; the button's plain form post stops
// the requests for good.
let harness: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  harness = await testApp({}, { now: () => Date.parse('2026-01-15T09:00:00Z') });
});
afterAll(() => harness.close());

/** The rendered markup, without the hydration data (which holds every text). */
const shown = (html: string) => html.slice(0, html.indexOf('<script'));

async function guestLink(): Promise<{ key: string; token: string }> {
  const key = newGuestKey();
  await harness.app.db
    .insertInto('guests')
    .values({
      key,
      identity: `e:${key.toLowerCase()}@example.de`,
      name: 'Jonas Weber',
      email: `${key}@example.de`,
      phone: '',
      lang: 'de',
      search_text: '',
      last_seen_on: '2026-01-14',
      created_at: '2026-01-14T10:00:00.000Z',
      updated_at: '2026-01-14T10:00:00.000Z',
    })
    .execute();
  const { value } = await harness.app.db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', 'guest-links')
    .executeTakeFirstOrThrow();
  return { key, token: reviewStopToken(value, key) };
}

const stoppedAt = async (key: string) =>
  (
    await harness.app.db
      .selectFrom('guests')
      .select('reviews_stopped_at')
      .where('key', '=', key)
      .executeTakeFirstOrThrow()
  ).reviews_stopped_at;

const post = (url: string, token: string) =>
  harness.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://www.trattoria.example',
    },
    payload: new URLSearchParams({ token }).toString(),
    remoteAddress: '10.3.0.1',
  });

describe('/reviews/stop', () => {
  it('opening the link changes nothing; the button stops the requests, in the mail language', async () => {
    const { key, token } = await guestLink();
    const url = `/reviews/stop?token=${token}&lng=de`;
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await harness.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(shown(page.body)).toContain('<meta name="robots" content="noindex"/>');
      expect(shown(page.body)).toMatch(/<button[^>]*type="submit">Keine Bitten mehr senden</);
    }
    expect(await stoppedAt(key)).toBeNull();

    const pressed = await post(url, token);
    expect(pressed.statusCode).toBe(200);
    expect(shown(pressed.body)).toContain('Sie erhalten von uns keine Bitten um Bewertungen mehr.');
    expect(await stoppedAt(key)).toBe('2026-01-15T09:00:00.000Z');
    // Opened again: it says so, with no button.
    const again = await harness.app.inject({ method: 'GET', url });
    expect(shown(again.body)).toContain('Erledigt');
    expect(shown(again.body)).not.toContain('Keine Bitten mehr senden');
  });

  it('a forged link: a clear message, and its post changes nothing', async () => {
    const { key, token } = await guestLink();
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const page = await harness.app.inject({
      method: 'GET',
      url: `/reviews/stop?token=${forged}&lng=en`,
    });
    expect(page.statusCode).toBe(200);
    expect(shown(page.body)).toContain('Link not valid');
    const pressed = await post('/reviews/stop?lng=en', forged);
    expect(pressed.statusCode).toBe(400);
    expect(shown(pressed.body)).toContain('Link not valid');
    expect(await stoppedAt(key)).toBeNull();
  });
});
