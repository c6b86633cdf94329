import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS } from '../../shared/allergens.ts';
import { LANGUAGES, type Lang } from '../../shared/languages.ts';
import { createStaff, login, testApp } from '../testing/app.ts';

// The guest's events page without JavaScript, through the real build, the
// page handler and the events service: /events rendered in every language
// with the allergens and the closures, the request's post and its refusals,
// the honeypot, and the links that lead to the page. The seeded hours open
// Tuesday to Sunday; Monday is the weekly rest day.
let harness: Awaited<ReturnType<typeof testApp>>;
let ownerToken: string;
/** Tuesday 13 January 2026, 10:00 in Rome: the first day a request may name is tomorrow. */
const now = Date.parse('2026-01-13T09:00:00Z');
const TODAY = '2026-01-13';
const TOMORROW = '2026-01-14';
/** A Monday, the weekly rest day: an event may open the restaurant. */
const REST_DAY = '2026-06-15';
const WINTER_BREAK = { from: '2026-02-02', to: '2026-02-08', note: 'Ferie invernali' };

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const SEEDED_WEEK = [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] }));

beforeAll(async () => {
  harness = await testApp({}, { now: () => now });
  // The mails stay in the outbox, where the test reads them.
  await harness.app.outbox.stop();
  await createStaff(harness.app, { role: 'owner' });
  ownerToken = await login(harness.app);
  const hours = await harness.app.inject({
    method: 'PUT',
    url: '/api/opening-hours',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { weekly: SEEDED_WEEK, closures: [WINTER_BREAK] },
  });
  expect(hours.statusCode, hours.body).toBe(200);
});
afterAll(() => harness.close());

let address = 0;
/** Each post from an address of its own, so that the flood limit stays out of the way. */
const nextAddress = () => `10.4.0.${++address}`;

const get = (url: string) => harness.app.inject({ method: 'GET', url });
/**
 * The rendered markup, without the scripts after it: their hydration data
 * holds every text of the page's language, so a text must be looked for here.
 */
const shown = (html: string) => html.slice(0, html.indexOf('<script'));
const post = (fields: Record<string, string | string[]>, remoteAddress = nextAddress()) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return harness.app.inject({
    method: 'POST',
    url: '/events?lng=de',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://www.trattoria.example',
    },
    payload: form.toString(),
    remoteAddress,
  });
};

/** A German guest's wedding, as the form sends it without JavaScript. */
const WEDDING = {
  kind: 'wedding',
  date: REST_DAY,
  altDate: '2026-06-20',
  service: 'dinner',
  adults: '56',
  children: '4',
  area: 'terrace',
  budgetPerPerson: '45,50',
  allergens: ['crustaceans', 'molluscs'],
  dietaryNotes: 'Zwei vegetarische Gäste',
  name: 'Jonas Weber',
  email: 'jonas@example.de',
  phone: '+49 170 1234567',
  notes: 'Mit Torte',
  lang: 'de',
  privacy: 'on',
  website: '',
};

const inquiries = () =>
  harness.app.db
    .selectFrom('event_inquiries')
    .select([
      'id',
      'kind',
      'date',
      'alt_date',
      'service',
      'adults',
      'children',
      'area',
      'budget_cents',
      'allergens',
      'dietary_notes',
      'notes',
      'name',
      'lang',
    ])
    .orderBy('id')
    .execute();
const mails = () =>
  harness.app.db.selectFrom('outbox').select(['kind', 'recipient']).orderBy('id').execute();

/** The opening tags of `element` that hold every one of `attributes`, in whatever order React wrote them. */
const tags = (html: string, element: string, ...attributes: string[]) =>
  [...html.matchAll(new RegExp(`<${element}\\b[^>]*>`, 'g'))]
    .map(([tag]) => tag)
    .filter((tag) => attributes.every((attribute) => tag.includes(attribute)));
const hasTag = (html: string, element: string, ...attributes: string[]) =>
  expect(tags(html, element, ...attributes), `<${element} ${attributes.join(' ')}>`).toHaveLength(
    1,
  );

const localeFile = <T>(lang: Lang, name: string): T =>
  JSON.parse(
    readFileSync(new URL(`../../shared/locales/${lang}/${name}.json`, import.meta.url), 'utf8'),
  ) as T;
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

/** The closure's dates as each language writes them (the year is the first day's). */
const WINTER_DATES: Record<Lang, string> = {
  it: '2 febbraio – 8 febbraio',
  en: '2 February – 8 February',
  fr: '2 février – 8 février',
  es: '2 de febrero – 8 de febrero',
  de: '2. Februar – 8. Februar',
};

describe('/events without JavaScript', () => {
  it.each(LANGUAGES)(
    'renders the form in %s, with the 14 allergens and the closures',
    async (lang) => {
      const response = await get(`/events?lng=${lang}`);
      expect(response.statusCode).toBe(200);
      const html = shown(response.body);
      const events = localeFile<{ title: string; date: { restDay: string } }>(lang, 'events');
      const common = localeFile<{ meta: { events: { description: string } } }>(lang, 'common');
      expect(html).toContain(`<h1>${escaped(events.title)}</h1>`);
      expect(html).toMatch(/<title>[^<]+ – Trattoria/);
      expect(html).toContain(
        `<meta name="description" content="${escaped(common.meta.events.description)}"/>`,
      );
      expect(html).toContain(
        `<link rel="canonical" href="https://www.trattoria.example/events?lng=${lang}"/>`,
      );
      hasTag(html, 'form', 'method="post"', 'action="/events?lng=' + lang + '"');

      const menu = localeFile<{ allergen: Record<string, { name: string }> }>(lang, 'menu');
      const boxes = [...html.matchAll(/<input type="checkbox" name="allergens" value="(\w+)"/g)];
      expect(boxes.map((match) => match[1])).toEqual([...ALLERGENS]);
      for (const code of ALLERGENS) {
        expect(html).toContain(`<span>${escaped(menu.allergen[code]!.name)}</span>`);
      }

      // Tomorrow is the first day; the winter break is listed, the weekly rest day allowed.
      hasTag(html, 'input', 'name="date"', 'type="date"', `min="${TOMORROW}"`, 'required=""');
      hasTag(html, 'input', 'name="altDate"', 'type="date"', `min="${TOMORROW}"`);
      expect(html).toContain(WINTER_DATES[lang]);
      expect(html).toContain(escaped(events.date.restDay));
      expect(tags(html, 'input', 'type="radio"', 'name="kind"')).toHaveLength(7);
      expect(tags(html, 'input', 'type="radio"', 'name="service"')).toHaveLength(2);
      expect(tags(html, 'input', 'type="radio"', 'name="area"')).toHaveLength(4);
      hasTag(html, 'input', 'type="checkbox"', 'name="privacy"');
      hasTag(html, 'input', 'name="website"', 'tabindex="-1"');
    },
  );

  it('names services and areas with the mails’ words, and tells the closure’s note', async () => {
    const html = shown((await get('/events?lng=it')).body);
    expect(html).toContain('<span>Cena</span>');
    expect(html).toContain('<span>In terrazza</span>');
    expect(html).toContain('<span>Tutto il ristorante</span>');
    expect(html).toContain('<li>2 febbraio – 8 febbraio: Ferie invernali</li>');
  });

  it('the posted form stores the request, queues both mails and confirms', async () => {
    const before = await inquiries();
    const mailsBefore = (await mails()).length;
    const answer = await post(WEDDING);
    expect(answer.statusCode).toBe(201);
    const html = shown(answer.body);
    expect(html).toContain('Anfrage erhalten');
    expect(html).toContain('Vielen Dank, Jonas Weber! Ihre Anfrage ist bei uns angekommen.');
    expect(html).toContain('Wir haben Ihnen eine E-Mail mit einer Zusammenfassung geschickt.');
    expect(html).toContain('Wir melden uns so bald wie möglich mit einem Angebot bei Ihnen.');
    expect(html).toMatch(/href="tel:\+\d+"/);
    expect(html).toMatch(/<h2 id="events-done-title" tabindex="-1" autofocus="">/);

    const after = await inquiries();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      kind: 'wedding',
      date: REST_DAY,
      alt_date: '2026-06-20',
      service: 'dinner',
      adults: 56,
      children: 4,
      area: 'terrace',
      budget_cents: 4550,
      allergens: 'crustaceans,molluscs',
      dietary_notes: 'Zwei vegetarische Gäste',
      notes: 'Mit Torte',
      name: 'Jonas Weber',
      lang: 'de',
    });
    const queued = (await mails()).slice(mailsBefore);
    expect(queued.map((mail) => mail.kind).sort()).toEqual(['event-notice', 'event-received']);
    expect(queued.find((mail) => mail.kind === 'event-received')?.recipient).toBe(
      'jonas@example.de',
    );
  });

  it('the fewest fields a request needs: no second date, budget, allergen or notes', async () => {
    const answer = await post({
      kind: 'birthday',
      date: TOMORROW,
      service: 'lunch',
      adults: '12',
      children: '0',
      area: 'any',
      name: 'Mia Braun',
      email: 'mia@example.de',
      phone: '+49 170 7654321',
      lang: 'de',
      privacy: 'on',
    });
    expect(answer.statusCode).toBe(201);
    expect((await inquiries()).at(-1)).toMatchObject({
      kind: 'birthday',
      alt_date: null,
      budget_cents: null,
      allergens: '',
      name: 'Mia Braun',
    });
  });

  describe('a refused field comes back beside its field, with what was typed, and nothing is kept', () => {
    const refused = async (fields: Record<string, string | string[]>) => {
      const before = await inquiries();
      const mailsBefore = await mails();
      const answer = await post(fields);
      expect(answer.statusCode).toBe(400);
      expect(await inquiries()).toEqual(before);
      expect(await mails()).toEqual(mailsBefore);
      const html = shown(answer.body);
      // What the guest typed is still there.
      hasTag(html, 'input', 'name="name"', 'value="Jonas Weber"');
      hasTag(html, 'input', 'name="email"', 'value="jonas@example.de"');
      hasTag(html, 'input', 'name="allergens"', 'value="crustaceans"', 'checked=""');
      hasTag(html, 'input', 'name="allergens"', 'value="molluscs"', 'checked=""');
      expect(tags(html, 'input', 'name="allergens"', 'checked=""')).toHaveLength(2);
      hasTag(html, 'input', 'name="kind"', 'value="wedding"', 'checked=""');
      hasTag(html, 'input', 'name="area"', 'value="terrace"', 'checked=""');
      hasTag(html, 'input', 'name="budgetPerPerson"', `value="${fields.budgetPerPerson}"`);
      expect(html).toMatch(/<textarea[^>]*name="dietaryNotes"[^>]*>Zwei vegetarische Gäste</);
      return html;
    };

    it('today, too late to prepare', async () => {
      const html = await refused({ ...WEDDING, date: TODAY });
      hasTag(
        html,
        'input',
        'id="events-date"',
        'aria-invalid="true"',
        'aria-describedby="events-dates-hint events-date-error"',
        'autofocus=""',
        `value="${TODAY}"`,
      );
      expect(html).toContain(
        '<p id="events-date-error" class="booking-error">Bitte wählen Sie einen Tag ab morgen.</p>',
      );
    });

    it('a day inside a closure, the first date or the second', async () => {
      const first = await refused({ ...WEDDING, date: '2026-02-04' });
      expect(first).toContain(
        'An diesen Tagen haben wir geschlossen (2. Februar – 8. Februar): Bitte wählen Sie ein anderes Datum.',
      );
      const second = await refused({ ...WEDDING, altDate: '2026-02-08' });
      expect(second).toContain('<p id="events-altDate-error" class="booking-error">');
      hasTag(second, 'input', 'id="events-altDate"', 'aria-invalid="true"', 'value="2026-02-08"');
    });

    it('301 guests, adults and children together', async () => {
      const html = await refused({ ...WEDDING, adults: '300', children: '1' });
      expect(html).toContain('Wir können höchstens 300 Gäste insgesamt empfangen.');
      hasTag(html, 'input', 'id="events-adults"', 'aria-invalid="true"', 'value="300"');
    });

    it('no consent', async () => {
      const unticked: Record<string, string | string[]> = { ...WEDDING };
      delete unticked.privacy;
      const html = await refused(unticked);
      expect(html).toContain(
        'Um Ihre Anfrage zu senden, akzeptieren Sie bitte die Datenschutzerklärung.',
      );
      hasTag(html, 'input', 'id="events-privacy"', 'aria-invalid="true"', 'autofocus=""');
    });

    it('a budget that is not an amount', async () => {
      const html = await refused({ ...WEDDING, budgetPerPerson: 'viel' });
      expect(html).toContain(
        'Bitte geben Sie einen Betrag in Euro ein, zum Beispiel 45 oder 45,50.',
      );
    });
  });

  it('a robot that fills the honeypot is told it worked, and nothing is kept', async () => {
    const before = await inquiries();
    const mailsBefore = await mails();
    const answer = await post({ ...WEDDING, website: 'https://spam.example' });
    expect(answer.statusCode).toBe(201);
    expect(shown(answer.body)).toContain('Anfrage erhalten');
    expect(await inquiries()).toEqual(before);
    expect(await mails()).toEqual(mailsBefore);
  });

  it('beyond the flood limit of an address: an alert with the phone, nothing kept', async () => {
    const address = nextAddress();
    for (let request = 1; request <= 10; request += 1) {
      const sent = await post(
        { ...WEDDING, email: `gast${request}@example.de`, phone: `+49 170 55500${request}` },
        address,
      );
      expect(sent.statusCode).toBe(201);
    }
    const before = await inquiries();
    const answer = await post({ ...WEDDING, email: 'gast11@example.de' }, address);
    expect(answer.statusCode).toBe(429);
    const html = shown(answer.body);
    expect(html).toMatch(/<div id="events-alert" class="booking-alert" role="alert"/);
    expect(html).toContain('Zu viele Anfragen');
    hasTag(html, 'input', 'name="name"', 'value="Jonas Weber"');
    expect(await inquiries()).toEqual(before);
  });

  it('a third request waiting of one guest: 409, the guest reads why and whom to call, nothing kept (docs/security.md item 41)', async () => {
    const lea = {
      ...WEDDING,
      name: 'Lea Braun',
      email: 'lea@example.de',
      phone: '+49 170 4440000',
    };
    expect((await post(lea)).statusCode).toBe(201);
    expect((await post({ ...lea, email: 'Lea+2@example.de' })).statusCode).toBe(201);
    const before = await inquiries();
    const answer = await post({ ...lea, phone: '+49 170 4441111' });
    expect(answer.statusCode).toBe(409);
    const html = shown(answer.body);
    expect(html).toMatch(/<div id="events-alert" class="booking-alert" role="alert"/);
    expect(html).toContain(
      'Sie haben bereits zwei Veranstaltungsanfragen, die auf unsere Antwort warten: Bitte warten Sie, bis wir Ihnen schreiben, oder rufen Sie uns an.',
    );
    hasTag(html, 'input', 'name="name"', 'value="Lea Braun"');
    expect(await inquiries()).toEqual(before);
  });
});

describe('the way to /events', () => {
  it.each(LANGUAGES)('about-us’s services block and the footer lead there in %s', async (lang) => {
    const html = shown((await get(`/about-us?lng=${lang}`)).body);
    const about = localeFile<{ services: { cta: string; events: string } }>(lang, 'about');
    const common = localeFile<{ nav: { events: string } }>(lang, 'common');
    const services = html.slice(html.indexOf('aria-labelledby="about-services"'));
    // Beside the way to /events, the block keeps its button to /contact.
    expect(services).toMatch(
      new RegExp(
        `<a class="button button--ghost" href="/events"[^>]*>${escaped(about.services.events)}</a>` +
          `<a class="button button--ghost" href="/contact"[^>]*>${escaped(about.services.cta)}</a>`,
      ),
    );
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toMatch(new RegExp(`<a href="/events"[^>]*>${escaped(common.nav.events)}</a>`));
  });

  it('the sitemap lists it in every language', async () => {
    const body = (await get('/sitemap.xml')).body;
    for (const lang of LANGUAGES) {
      expect(body).toContain(`<loc>https://www.trattoria.example/events?lng=${lang}</loc>`);
    }
  });
});
