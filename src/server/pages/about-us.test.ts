import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';

// About-us as served: SPEC.md gives every block a button to /contact, the
// services block included; its link to /events sits beside that button
// (CONTRACT.md part four, "Fixes to parts one to three").
let harness: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  harness = await testApp();
});
afterAll(() => harness.close());

const SERVICES_LINKS = {
  it: { contact: 'Richiedi un preventivo', events: 'Feste ed eventi' },
  en: { contact: 'Request a quote', events: 'Parties and events' },
  fr: { contact: 'Demander un devis', events: 'Fêtes et événements' },
  es: { contact: 'Pide un presupuesto', events: 'Fiestas y eventos' },
  de: { contact: 'Angebot anfragen', events: 'Feiern und Veranstaltungen' },
} as const;

/** The services block's HTML, from its section to the next one (or the end of main). */
function servicesBlock(html: string) {
  const start = html.indexOf('<section class="about-block');
  const services = html.indexOf('aria-labelledby="about-services"', start);
  expect(services, 'the services block').toBeGreaterThan(-1);
  const end = html.indexOf('</section>', services);
  return html.slice(services, end);
}

/** The block's links as [href, class, text]. */
const linksOf = (html: string) =>
  [...html.matchAll(/<a class="([^"]*)" href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(
    ([, className, href, text]) => ({ href, className, text }),
  );

describe('the about-us services block', () => {
  it.each(Object.entries(SERVICES_LINKS))(
    'in %s has its button to /contact and, beside it, the link to /events',
    async (lang, labels) => {
      const response = await harness.app.inject({ method: 'GET', url: `/about-us?lng=${lang}` });
      expect(response.statusCode).toBe(200);
      const links = linksOf(servicesBlock(response.body.replaceAll('<!-- -->', '')));
      expect(links.map(({ href }) => href)).toEqual([
        expect.stringMatching(/^tel:\+\d+$/),
        '/events',
        '/contact',
      ]);
      expect(links[1]).toEqual({
        href: '/events',
        className: 'button button--ghost',
        text: labels.events,
      });
      expect(links[2]).toEqual({
        href: '/contact',
        className: 'button button--ghost',
        text: labels.contact,
      });
    },
  );
});
