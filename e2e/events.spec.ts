import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, hydrated, toast } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  storeSession,
  type StaffAccount,
} from './support/staff.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// Event catering from end to end, as issue 27 asks, on a 390 px phone: a
// German guest asks for a wedding with JavaScript and another without it
// (a date inside a closure refused, then corrected); staff reply in Italian
// from "Eventi", correct the machine's German and the guest's mail carries
// it above the Italian original; staff confirm the wedding holding 60
// covers, and the booking page then offers that evening only what is left,
// while the staff day view shows the event. A server of its own, its clock
// on Tuesday 10 November 2026, real mail to an SMTP peer on loopback, a
// DeepL stand-in that answers "[DE] …", and the covers per slot set to 64.

const PHONE = { width: 390, height: 844 };
/** The wedding: Saturday 14 November 2026, dinner; its second choice a week later. */
const WEDDING_DAY = '2026-11-14';
const SECOND_CHOICE = '2026-11-21';
/** A closure added through the API, and the day the second guest moves to. */
const CLOSURE = { from: '2026-11-27', to: '2026-11-29', note: null };
const CLOSED_DAY = '2026-11-28';
const OPEN_DAY = '2026-12-05';
/** Why a date inside the closure is refused, in German; axe cannot run without JavaScript, so it checks this with it. */
const CLOSED_MESSAGE =
  /^An diesen Tagen haben wir geschlossen \(.*27\..*29\. November\): Bitte wählen Sie ein anderes Datum\.$/;
const COVERS_PER_SLOT = 64;
const ITALIAN_REPLY =
  'Gentile Jonas, sabato 14 novembre la terrazza è libera per la cena: le mandiamo una proposta di menu.';
const CORRECTED =
  'Guten Tag Jonas, am Samstag, 14. November ist die Terrasse für das Abendessen frei: Wir schicken Ihnen einen Menüvorschlag.';

let smtp: SmtpCapture;
let deepl: FakeTranslator;
let server: TestServer;
let staff: StaffAccount;
let restaurantEmail: string;
/** The wedding request's id, once staff have opened it. */
let weddingId: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async ({ request }) => {
  smtp = await startSmtpCapture();
  deepl = await startFakeDeepL('e2e-events-key');
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:00:00+01:00',
    DEEPL_API_KEY: 'e2e-events-key',
    DEEPL_SERVER_URL: deepl.url,
  });
  const owner = await createStaffAccount(server.databaseUrl, 'events-owner', {}, 'owner');
  staff = await createStaffAccount(server.databaseUrl, 'events-staff', {}, 'staff');
  const auth = {
    Authorization: `Bearer ${(await logInThroughApi(request, owner, server.url)).token}`,
  };
  const settings = await request.put(`${server.url}/api/reservations/settings`, {
    headers: auth,
    data: {
      coversPerSlot: COVERS_PER_SLOT,
      turnMinutes: 120,
      minNoticeMinutes: 120,
      horizonDays: 60,
      maxPartyOnline: 8,
      autoConfirmMaxParty: null,
      retentionMonths: 24,
    },
  });
  expect(settings.status()).toBe(200);
  const hours = (await (await request.get(`${server.url}/api/opening-hours`)).json()) as {
    weekly: unknown;
    closures: unknown[];
  };
  const closed = await request.put(`${server.url}/api/opening-hours`, {
    headers: auth,
    data: { weekly: hours.weekly, closures: [...hours.closures, CLOSURE] },
  });
  expect(closed.status()).toBe(200);
  restaurantEmail = (
    (await (await request.get(`${server.url}/api/restaurant`)).json()) as {
      email: string;
    }
  ).email;
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  await deepl?.close();
});

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** A wedding for 58 adults and 2 children on the terrace, as a German guest fills it in. */
async function fillWedding(page: Page, guest: { name: string; email: string; date: string }) {
  await page.getByRole('radio', { name: 'Hochzeit' }).check();
  await page.getByLabel('Datum', { exact: true }).fill(guest.date);
  await page.getByLabel('Ausweichtermin (optional)').fill(SECOND_CHOICE);
  await page.getByRole('radio', { name: 'Abendessen' }).check();
  await page.getByLabel('Erwachsene').fill('58');
  await page.getByLabel('Kinder', { exact: true }).fill('2');
  await page.getByRole('radio', { name: 'Auf der Terrasse' }).check();
  await page.getByLabel('Budget pro Person in Euro (optional)').fill('65');
  await page.getByRole('checkbox', { name: 'Krebstiere' }).check();
  await page.getByRole('checkbox', { name: 'Weichtiere' }).check();
  await page.getByLabel('Vor- und Nachname').fill(guest.name);
  await page.getByLabel('E-Mail').fill(guest.email);
  await page.getByLabel('Telefon').fill('+49 170 1234567');
  await page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie').check();
}

/** The guest's German acknowledgement and the restaurant's Italian notice, each replying to the other. */
async function expectBothMails(email: string) {
  const ack = await smtp.waitFor(
    (mail) =>
      mail.to.includes(email) &&
      /: Wir haben Ihre Anfrage für eine Hochzeit erhalten$/.test(mail.subject),
  );
  expect(ack.replyTo).toContain(restaurantEmail);
  expect(ack.text).toContain('Anlass: eine Hochzeit');
  expect(ack.text).toContain('Gäste: 58 Erwachsene, 2 Kinder');
  // The kind, date, service and guests only: the address is not yet proved the guest's.
  expect(ack.text).not.toContain('Wo:');
  expect(ack.text).not.toContain('Krebstiere');
  const notice = await smtp.waitFor(
    (mail) => mail.to.includes(restaurantEmail) && mail.replyTo.includes(email),
  );
  expect(notice.subject).toMatch(/^Richiesta evento: un matrimonio/);
  expect(notice.text).toContain('Crostacei');
}

test('with JavaScript: a German guest asks for a wedding, both mails go out', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/events?lng=de`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feiern und Veranstaltungen');
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  // The page's own checks speak first, in German, the focus on the first thing to fix.
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Bitte wählen Sie, was Sie feiern möchten.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Taufe' })).toBeFocused();
  // A date inside a closure is refused as soon as it is chosen.
  const date = page.getByLabel('Datum', { exact: true });
  await date.fill(CLOSED_DAY);
  await expect(page.locator('#events-date-error')).toHaveText(CLOSED_MESSAGE);
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);

  await fillWedding(page, { name: 'Jonas Weber', email: 'jonas@example.de', date: WEDDING_DAY });
  await page.getByRole('button', { name: 'Anfrage senden' }).click();
  const done = page.getByRole('heading', { name: 'Anfrage erhalten' });
  await expect(done).toBeFocused();
  await expect(
    page.getByText('Vielen Dank, Jonas Weber! Ihre Anfrage ist bei uns angekommen.'),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await expectBothMails('jonas@example.de');
  expect(consoleErrors).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a date inside a closure comes back as a German field error, the rest kept; corrected, it goes', async ({
    page,
  }) => {
    await page.goto(`${server.url}/events?lng=de`);
    await fillWedding(page, { name: 'Anna Schulz', email: 'anna@example.de', date: CLOSED_DAY });
    await page.getByRole('button', { name: 'Anfrage senden' }).click();

    const date = page.getByLabel('Datum', { exact: true });
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#events-date-error')).toHaveText(CLOSED_MESSAGE);
    await expect(date).toBeFocused();
    // What was typed is still there.
    await expect(date).toHaveValue(CLOSED_DAY);
    await expect(page.getByRole('radio', { name: 'Hochzeit' })).toBeChecked();
    await expect(page.getByLabel('Erwachsene')).toHaveValue('58');
    await expect(page.getByRole('checkbox', { name: 'Weichtiere' })).toBeChecked();
    await expect(page.getByLabel('Vor- und Nachname')).toHaveValue('Anna Schulz');
    await expect(page.getByRole('heading', { name: 'Anfrage erhalten' })).toHaveCount(0);

    await expect(
      page.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie'),
    ).toBeChecked();

    await date.fill(OPEN_DAY);
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.getByRole('heading', { name: 'Anfrage erhalten' })).toBeVisible();
    await expect(
      page.getByText('Vielen Dank, Anna Schulz! Ihre Anfrage ist bei uns angekommen.'),
    ).toBeVisible();
    await expectBothMails('anna@example.de');
  });
});

test('staff reply in Italian; the guest gets the corrected German with the original below', async ({
  page,
  consoleErrors,
}) => {
  await logInToSection(page, server.url, staff, { link: 'Eventi', path: '/dashboard/events' });
  const fresh = page.getByRole('list', { name: 'Richieste: nuove' });
  await expect(fresh.getByRole('link')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await fresh.getByRole('link', { name: /Jonas Weber/ }).click();
  await expect(page).toHaveURL(/[?&]richiesta=\d+/);
  weddingId = new URL(page.url()).searchParams.get('richiesta')!;
  const request = page.getByRole('article');
  await expect(request.getByRole('heading', { level: 2 })).toHaveText(
    'Matrimonio · sabato 14 novembre 2026',
  );
  await expect(request.getByRole('definition').filter({ hasText: 'Crostacei' })).toBeVisible();

  await request.getByLabel('Risposta in italiano').fill(ITALIAN_REPLY);
  await request.getByRole('button', { name: 'Anteprima traduzione' }).click();
  const translation = request.getByLabel('Traduzione in tedesco (modificabile)');
  await expect(translation).toHaveValue(`[DE] ${ITALIAN_REPLY}`);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await translation.fill(CORRECTED);
  await request.getByRole('button', { name: 'Invia' }).click();
  await expect(toast(page, 'Risposta inviata a Jonas Weber.')).toBeVisible();

  const mail = await smtp.waitFor(
    (each) =>
      each.to.includes('jonas@example.de') &&
      /: Ihre Anfrage für eine Hochzeit$/.test(each.subject),
  );
  expect(mail.replyTo).toContain(restaurantEmail);
  expect(mail.text).not.toContain('[DE]');
  const corrected = mail.text.indexOf(CORRECTED);
  const lead = mail.text.indexOf('Unsere Nachricht im italienischen Original:');
  const original = mail.text.indexOf(ITALIAN_REPLY);
  expect(corrected).toBeGreaterThanOrEqual(0);
  expect(lead).toBeGreaterThan(corrected);
  expect(original).toBeGreaterThan(lead);

  // The request is now being talked over, its thread on screen…
  await expect(request.locator('.staff-badge')).toHaveText('In trattativa');
  const thread = request.getByRole('list', { name: 'Conversazione' });
  await expect(thread).toContainText(ITALIAN_REPLY);
  await expect(thread).toContainText(CORRECTED);
  expect(await axeViolations(page)).toEqual([]);
  // …and listed under "In trattativa" (on a phone the open request hides the list).
  await page.getByRole('link', { name: 'Tutte le richieste' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Richieste per stato' }).getByRole('link', {
      name: /^In trattativa/,
    }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('list', { name: 'Richieste: in trattativa' }).getByRole('link'),
  ).toHaveText([/^Jonas Weber/]);
  expect(consoleErrors).toEqual([]);
});

/** Whether the booking page's time `time` can be chosen for `party` on the wedding day (API). */
async function bookable(request: APIRequestContext, party: number, time: string) {
  const answer = await request.get(`${server.url}/api/reservations/availability`, {
    params: { date: WEDDING_DAY, party },
  });
  const { slots } = (await answer.json()) as { slots: { time: string; available: boolean }[] };
  return slots.find((slot) => slot.time === time)?.available;
}

test('staff confirm holding 60 covers: that evening offers only what is left, the day view shows the event', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  expect(await bookable(request, 5, '20:00')).toBe(true);
  await storeSession(page, await logInThroughApi(request, staff, server.url), server.url);
  await page.goto(`${server.url}/dashboard/events?richiesta=${weddingId}`);
  const inquiry = page.getByRole('article');
  await inquiry.getByRole('button', { name: 'Conferma…' }).click();
  const covers = inquiry.getByLabel('Numero di coperti');
  await expect(covers).toHaveValue('60');
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await inquiry.getByRole('button', { name: 'Conferma e tieni i coperti' }).click();
  await expect(toast(page, 'Evento di Jonas Weber confermato.')).toBeVisible();
  await expect(inquiry.locator('.staff-badge')).toHaveText('Confermata');
  await expect(
    inquiry.locator('dl > div').filter({ hasText: 'Coperti tenuti' }).getByRole('definition'),
  ).toHaveText('60 coperti');

  // The guest's booking page: 64 covers less the 60 held leave 4 at dinner.
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/reservations?lng=de`);
  await hydrated(guest);
  const time = guest.getByLabel('Uhrzeit');
  const dinnerTimes = time.locator('option:not([disabled])').filter({ hasText: /^(19|2\d):/ });
  await guest.getByLabel('Personen').selectOption('4');
  await guest.getByLabel('Tag', { exact: true }).selectOption(WEDDING_DAY);
  await expect(time.locator('option[value="20:00"]')).toBeEnabled();
  await expect(time.locator('option[value="13:00"]')).toBeEnabled();
  await guest.getByLabel('Personen').selectOption('5');
  await expect(time.locator('option[value="20:00"]')).toBeDisabled();
  await expect(dinnerTimes).toHaveCount(0);
  await expect(time.locator('option[value="13:00"]')).toBeEnabled();
  await guestContext.close();

  // Staff's day view for that date shows the event and the covers it holds.
  await page.goto(`${server.url}/dashboard/reservations?data=${WEDDING_DAY}`);
  const events = page.getByRole('list', { name: 'Eventi del giorno' });
  await expect(
    events.getByRole('link', { name: 'Matrimonio · cena · 60 persone · 60 coperti tenuti' }),
  ).toHaveAttribute('href', /^\/dashboard\/events\?richiesta=\d+$/);
  await expect(events).toContainText('Jonas Weber');
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('"Rifiuta tutte": staff decline every open request of one guest at once, at 390 px (docs/security.md item 41)', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  for (const date of ['2026-12-12', '2026-12-13']) {
    const asked = await request.post(`${server.url}/api/events/inquiries`, {
      data: {
        kind: 'birthday',
        date,
        service: 'dinner',
        adults: 30,
        children: 0,
        area: 'any',
        allergens: [],
        name: 'Mila Rossi',
        email: 'mila@example.it',
        phone: '+39 333 9876543',
        lang: 'it',
        privacy: true,
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
  }
  // A third one of hers waits for nobody: 409, the guest reads why.
  const third = await request.post(`${server.url}/api/events/inquiries`, {
    data: {
      kind: 'birthday',
      date: '2026-12-19',
      service: 'dinner',
      adults: 30,
      children: 0,
      area: 'any',
      allergens: [],
      name: 'Mila Rossi',
      email: 'Mila+3@example.it',
      phone: '+39 333 000 0000',
      lang: 'it',
      privacy: true,
    },
  });
  expect(third.status()).toBe(409);
  expect(((await third.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe(
    'too-many-pending',
  );

  await logInToSection(page, server.url, staff, { link: 'Eventi', path: '/dashboard/events' });
  const fresh = page.getByRole('list', { name: 'Richieste: nuove' });
  await expect(fresh.getByRole('link', { name: /Mila Rossi/ })).toHaveCount(2);
  await fresh
    .getByRole('link', { name: /Mila Rossi/ })
    .first()
    .click();
  const opened = page.getByRole('article');
  await opened
    .getByRole('button', { name: 'Rifiuta tutte le richieste in attesa di questo cliente' })
    .click();
  const asked = opened.getByRole('group', {
    name: 'Rifiuta tutte le richieste in attesa di questo cliente',
  });
  await expect(asked.getByRole('radio', { name: 'Con l’email mila@example.it' })).toBeChecked();
  await expect(
    asked.getByText(
      'Rifiutare 2 richieste in attesa? Diventano perse, e ogni cliente riceve una sola email con l’elenco.',
    ),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await asked.getByRole('button', { name: 'Sì, rifiuta tutte e 2' }).click();
  await expect(toast(page, '2 richieste rifiutate.')).toBeVisible();
  await expect(fresh.getByRole('link', { name: /Mila Rossi/ })).toHaveCount(0);
  const mail = await smtp.waitFor(
    (each) =>
      each.to.includes('mila@example.it') &&
      each.subject.endsWith(': non possiamo accogliere le tue richieste'),
  );
  expect(mail.text).toContain('ci dispiace: non possiamo accogliere queste richieste di evento:');
});
