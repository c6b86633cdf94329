import { test, expect, hydrated, toast } from './fixtures.ts';
import { startSmtpCapture, type SmtpCapture } from './support/smtp.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import { createStaffAccount, logInToSection, type StaffAccount } from './support/staff.ts';

// The reminder the guest can answer (issue 39, CONTRACT.md part four,
// "Guests"), on a 390 px phone: a German guest books on Monday, staff
// confirm; a second instance started with CLOCK_START on Tuesday at 10:05
// sends the day-before reminder (scheduled work runs at start); the guest
// opens its "Ich bin dabei" link, reads German, presses the button and is
// thanked; staff's day view shows "Confermata dal cliente".

const PHONE = { width: 390, height: 844 };
const WEDNESDAY = '2026-11-11';
let smtp: SmtpCapture;
let monday: TestServer;
let tuesday: TestServer | undefined;
let owner: StaffAccount;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  monday = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-09T10:00:00+01:00',
  });
  owner = await createStaffAccount(monday.databaseUrl, 'reminder-owner', {}, 'owner');
});

test.afterAll(async () => {
  await tuesday?.stop();
  await monday?.stop();
  await smtp?.stop();
});

test('a German guest confirms from the reminder, and staff see it', async ({ browser }) => {
  test.setTimeout(90_000);
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await guest.goto(`${monday.url}/reservations`);
  await hydrated(guest);
  await guest.getByLabel('Personen').selectOption('2');
  await guest.getByLabel('Tag', { exact: true }).selectOption(WEDNESDAY);
  await guest.getByLabel('Uhrzeit').selectOption('20:00');
  await guest.getByLabel('Vor- und Nachname').fill('Lena Schmidt');
  await guest.getByLabel('E-Mail').fill('lena@example.de');
  await guest.getByLabel('Telefon').fill('+49 170 7654321');
  await guest.getByLabel('Ich habe die Datenschutzerklärung gelesen und akzeptiere sie').check();
  await guest.getByRole('button', { name: 'Reservierung senden' }).click();
  await expect(guest.getByRole('heading', { name: 'Anfrage erhalten' })).toBeVisible();

  const staffPage = await browser.newPage({ viewport: PHONE });
  await logInToSection(staffPage, monday.url, owner, {
    link: 'Prenotazioni',
    path: '/dashboard/reservations',
  });
  await staffPage.goto(`${monday.url}/dashboard/reservations?data=${WEDNESDAY}`);
  const card = staffPage
    .locator('.booking')
    .filter({ has: staffPage.locator('.booking__name', { hasText: 'Lena Schmidt' }) });
  await card.getByRole('button', { name: 'Conferma' }).click();
  await card.getByRole('button', { name: 'Sì, conferma' }).click();
  await expect(toast(staffPage, 'Prenotazione di Lena Schmidt confermata.')).toBeVisible();
  await expect(card.getByText('Confermata dal cliente')).toHaveCount(0);

  // Tuesday 10:05: another instance on the same database sends what is due.
  tuesday = await startTestServer({
    DATABASE_URL: monday.databaseUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'no-reply@latonnara.example',
    CLOCK_START: '2026-11-10T10:05:00+01:00',
  });
  const reminder = await smtp.waitFor(
    (mail) => mail.to.includes('lena@example.de') && /Bis morgen/.test(mail.subject),
    30_000,
  );
  expect(reminder.text).toContain('Ich bin dabei: ');
  expect(reminder.text).toContain('Stornieren: ');
  const attend = reminder.text.match(
    /Ich bin dabei: (\S+\/reservations\/confirm\?token=[\w.-]+)/,
  )?.[1];
  expect(attend?.startsWith(`${tuesday.url}/reservations/confirm?token=`)).toBe(true);

  // The guest opens the link: German, the booking, one button; nothing recorded yet.
  await guest.goto(attend!);
  await hydrated(guest);
  await expect(guest.getByRole('heading', { level: 1, name: 'Kommen Sie?' })).toBeVisible();
  await expect(
    guest.getByText('auf den Namen Lena Schmidt, am Mittwoch, 11. November'),
  ).toBeVisible();
  await staffPage.reload();
  await expect(card.getByText('Confermata dal cliente')).toHaveCount(0);

  await guest.getByRole('button', { name: 'Ich bin dabei' }).click();
  await expect(guest.getByRole('heading', { name: 'Vielen Dank, bis bald!' })).toBeVisible();

  await staffPage.reload();
  await expect(card.getByText('Confermata dal cliente')).toBeVisible();
  await guestContext.close();
});
