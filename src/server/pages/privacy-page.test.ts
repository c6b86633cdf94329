import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.ts';
import { MESSAGES } from '../../shared/locales/index.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// /privacy through the real build: what the restaurant keeps, in every
// language, the retention period the owner set, the restaurant's e-mail and
// full policy; linked from the footer and the booking form. (Its title,
// description, canonical and alternates: pages.test.ts, with every public page.)
let harness: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  harness = await testApp();
});
afterAll(() => harness.close());

const get = (url: string) => harness.app.inject({ method: 'GET', url });
/** The rendered markup, without the hydration data after it (which holds every text). */
const shown = (html: string) => html.slice(0, html.indexOf('<script'));

describe('/privacy', () => {
  it('says in every language what is kept and for how long, with headings in order', async () => {
    const facts = await harness.app.restaurantFacts.get();
    for (const lang of LANGUAGES) {
      const texts = MESSAGES[lang].privacy;
      const response = await get(`/privacy?lng=${lang}`);
      expect(response.statusCode).toBe(200);
      const html = shown(response.body);
      expect(html.match(/<h1>([^<]+)<\/h1>/)?.[1]).toBe(texts.title.replaceAll("'", '&#x27;'));
      const headings = [...html.matchAll(/<h2 id="privacy-[a-z]+">([^<]+)<\/h2>/g)].map(
        (match) => match[1],
      );
      expect(headings).toEqual(
        [
          texts.contactTitle,
          texts.visitsTitle,
          texts.notesTitle,
          texts.retentionTitle,
          texts.mailsTitle,
          texts.rightsTitle,
        ].map((text) => text.replaceAll("'", '&#x27;')),
      );
      expect(html).toContain(`<a href="mailto:${facts.email}">${facts.email}</a>`);
      expect(html).toMatch(
        new RegExp(`<a href="${facts.privacyPolicyUrl}" rel="noopener noreferrer">`),
      );
      // Text only: no form in the page itself (the layout's language menu aside).
      expect(html.slice(html.indexOf('<main'), html.indexOf('</main>'))).not.toContain('<form');
    }
    expect(shown((await get('/privacy?lng=de')).body)).toContain(
      'Wir speichern diese Angaben 24 Monate nach Ihrem letzten Besuch',
    );
  });

  it("follows the owner's retention period", async () => {
    await createStaff(harness.app, { role: 'owner' });
    const owner = await login(harness.app);
    const auth = { authorization: `Bearer ${owner}` };
    const settings = (
      await harness.app.inject({ method: 'GET', url: '/api/reservations/settings', headers: auth })
    ).json<Record<string, unknown>>();
    delete settings.calendarFeedUrl; // an answer's field, not the body's
    const saved = await harness.app.inject({
      method: 'PUT',
      url: '/api/reservations/settings',
      headers: auth,
      payload: { ...settings, retentionMonths: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(shown((await get('/privacy?lng=en')).body)).toContain(
      'We keep these details for 1 month after your last visit or order, then erase them.',
    );
    expect(shown((await get('/privacy?lng=it')).body)).toContain(
      'Conserviamo questi dati per 1 mese dopo la tua ultima visita',
    );
  });

  it("is linked from the footer of every page and beside the booking form's consent", async () => {
    // The whole markup: scripts come before the footer.
    const home = (await get('/?lng=fr')).body;
    const footer = home.slice(home.indexOf('<footer'));
    expect(footer).toMatch(
      /<a href="\/privacy"[^>]*>Ce que nous gardons et pour combien de temps<\/a>/,
    );
    const booking = (await get('/reservations?party=2&date=2026-12-30&lng=en')).body;
    const consent = booking.slice(booking.indexOf('name="privacy"'));
    expect(consent).toMatch(/<a href="\/privacy"[^>]*>What we keep and for how long<\/a>/);
  });
});
