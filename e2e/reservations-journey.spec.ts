import ical from 'node-ical';
import { test, expect, hydrated, toast } from './fixtures.ts';
import { startSmtpCapture, type ReceivedMail, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  type StaffAccount,
} from './support/staff.ts';

// A booking from end to end, as issue 16 asks: a guest books in German on a
// phone; the German mail arrives; staff confirm on a 390 px phone; the
// confirmation carries a calendar invitation that an iCalendar parser reads
// back at the right time in Rome; the guest cancels through the mail's link,
// the invitation is withdrawn (METHOD:CANCEL, same event) and the table is
// free again. A server of its own, its clock on Tuesday 10 November 2026,
// real mail to an SMTP peer on loopback, the covers per slot lowered to two so
// that one booking fills the slot.

const PHONE = { width: 390, height: 844 };
const WEDNESDAY = '2026-11-11';
let smtp: SmtpCapture;
let server: TestServer;
let owner: StaffAccount;

test.use({ viewport: PHONE });

test.beforeAll(async ({ request }) => {
  smtp = await startSmtpCapture();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:00:00+01:00',
  });
  owner = await createStaffAccount(server.databaseUrl, 'journey-owner', {}, 'owner');
  const { token } = await logInThroughApi(request, owner, server.url);
  const settings = await request.put(`${server.url}/api/reservations/settings`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      coversPerSlot: 2,
      turnMinutes: 120,
      minNoticeMinutes: 120,
      horizonDays: 60,
      maxPartyOnline: 8,
      autoConfirmMaxParty: null,
      retentionMonths: 24,
    },
  });
  expect(settings.status()).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const mailTo = (subject: RegExp) =>
  smtp.waitFor((mail) => mail.to.includes('jonas@example.de') && subject.test(mail.subject));

/** The mail's one calendar event, read back by an iCalendar parser. */
function eventOf(mail: ReceivedMail): ical.VEvent {
  const event = Object.values(ical.sync.parseICS(mail.calendar)).find(
    (entry) => entry?.type === 'VEVENT',
  );
  if (event?.type !== 'VEVENT') throw new Error(`no event in: ${mail.calendar}`);
  return event;
}

/** An instant as Rome's clock shows it: "2026-11-11 20:00". */
const inRome = (instant: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Rome',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(instant);

test('a German guest books, staff confirm, the guest cancels through the link, the table is free', async ({
  browser,
  request,
}) => {
  const free = async () => {
    const answer = await request.get(`${server.url}/api/reservations/availability`, {
      params: { date: WEDNESDAY, party: 2 },
    });
    const { slots } = (await answer.json()) as { slots: { time: string; available: boolean }[] };
    return slots.find((slot) => slot.time === '20:00')?.available;
  };
  expect(await free()).toBe(true);

  // The guest, in German.
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await guest.goto(`${server.url}/reservations`);
  await hydrated(guest);
  await guest.getByLabel('Personen').selectOption('2');
  await guest.getByLabel('Tag', { exact: true }).selectOption(WEDNESDAY);
  await guest.getByLabel('Uhrzeit').selectOption('20:00');
  await guest.getByLabel('Vor- und Nachname').fill('Jonas Weber');
  await guest.getByLabel('E-Mail').fill('jonas@example.de');
  await guest.getByLabel('Telefon').fill('+49 170 1234567');
  await guest.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie').check();
  await guest.getByRole('button', { name: 'Reservierung senden' }).click();
  await expect(guest.getByRole('heading', { name: 'Anfrage erhalten' })).toBeVisible();

  const received = await mailTo(/Reservierungsanfrage erhalten/);
  expect(received.text).toContain('Guten Tag Jonas Weber,');
  expect(received.text).toContain('2 Personen am Mittwoch, 11. November 2026 um 20:00');
  expect(received.calendar).toBe('');
  const notice = await smtp.waitFor((mail) => /^Prenotazione: 2 persone/.test(mail.subject));
  expect(notice.replyTo).toContain('jonas@example.de');
  expect(await free()).toBe(false); // a pending booking holds its seats

  // Staff confirm from a phone, in Italian.
  const staffPage = await browser.newPage({ viewport: PHONE });
  await logInToSection(staffPage, server.url, owner, {
    link: 'Prenotazioni',
    path: '/dashboard/reservations',
  });
  await staffPage.goto(`${server.url}/dashboard/reservations?data=${WEDNESDAY}`);
  const card = staffPage
    .locator('.booking')
    .filter({ has: staffPage.locator('.booking__name', { hasText: 'Jonas Weber' }) });
  await card.getByRole('button', { name: 'Conferma' }).click();
  await card.getByRole('button', { name: 'Sì, conferma' }).click();
  await expect(toast(staffPage, 'Prenotazione di Jonas Weber confermata.')).toBeVisible();

  // The confirmation, with the invitation.
  const confirmed = await mailTo(/Ihr Tisch ist bestätigt/);
  expect(confirmed.calendarMethod).toBe('REQUEST');
  expect(confirmed.calendar).toContain('METHOD:REQUEST');
  const invitation = eventOf(confirmed);
  expect(inRome(invitation.start)).toBe('2026-11-11 20:00');
  expect(inRome(invitation.end!)).toBe('2026-11-11 22:00');
  expect(confirmed.html).toContain('FoodEstablishmentReservation');
  const link = confirmed.text.match(/https?:\/\/\S+\/reservations\/cancel\?token=[\w.-]+/)?.[0];
  expect(link?.startsWith(`${server.url}/reservations/cancel?token=`)).toBe(true);

  // The guest cancels: the page alone changes nothing, the button does.
  await guest.goto(link!);
  await hydrated(guest);
  expect(await free()).toBe(false);
  await guest.getByRole('button', { name: 'Meine Reservierung stornieren' }).click();
  await expect(guest.getByRole('heading', { name: 'Reservierung storniert' })).toBeVisible();

  const cancelled = await mailTo(/storniert/);
  expect(cancelled.calendarMethod).toBe('CANCEL');
  const withdrawn = eventOf(cancelled);
  expect(withdrawn.uid).toBe(invitation.uid);
  expect(Number(withdrawn.sequence)).toBeGreaterThan(Number(invitation.sequence));
  expect(await free()).toBe(true);
  await smtp.waitFor((mail) => /^Prenotazione annullata/.test(mail.subject));

  // Staff see it cancelled.
  await staffPage.reload();
  await expect(card.getByText('Annullata')).toBeVisible();
  await guestContext.close();
});
