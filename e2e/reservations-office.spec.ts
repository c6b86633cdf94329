import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  type StaffAccount,
} from './support/staff.ts';

// The reservations back office from a 390 px phone, in Italian: staff see a
// booking a guest made on the site and confirm it; the owner lowers the
// covers per slot; staff then add a booking taken by phone to the full slot,
// warned first. A server of its own, on a fresh database of the project's kind.

const PHONE = { width: 390, height: 844 };
let server: TestServer;
let owner: StaffAccount;
let staff: StaffAccount;
/** An open day a few days ahead, with 20:00 free for a party of four. */
let day: string;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: PHONE });

test.beforeAll(async () => {
  server = await startTestServer();
  owner = await createStaffAccount(server.databaseUrl, 'reservations-owner', {}, 'owner');
  staff = await createStaffAccount(server.databaseUrl, 'reservations-staff', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

/** Today's date in Rome, `days` later. */
function romeDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function openDayAt2000(request: APIRequestContext): Promise<string> {
  for (let days = 3; days < 14; days += 1) {
    const date = romeDatePlus(days);
    const answer = await request.get(`${server.url}/api/reservations/availability`, {
      params: { date, party: 4 },
    });
    const { slots } = (await answer.json()) as { slots: { time: string; available: boolean }[] };
    if (slots.some((slot) => slot.time === '20:00' && slot.available)) return date;
  }
  throw new Error('no open evening in the next two weeks');
}

/** Logs in and opens Prenotazioni on `day`, chosen with the date picker. */
async function openDay(page: Page, account: StaffAccount) {
  await logInToSection(page, server.url, account, {
    link: 'Prenotazioni',
    path: '/dashboard/reservations',
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Prenotazioni' })).toBeVisible();
  await page.getByLabel('Giorno', { exact: true }).fill(day);
  await expect(page).toHaveURL(`${server.url}/dashboard/reservations?data=${day}`);
}

const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);

const bookingCard = (page: Page, name: string) =>
  page.locator('.booking').filter({ has: page.locator('.booking__name', { hasText: name }) });

test('staff confirm a booking a guest made on the site', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  day = await openDayAt2000(request);
  const booked = await request.post(`${server.url}/api/reservations`, {
    data: {
      name: 'Hans Müller',
      email: 'hans@example.test',
      phone: '+49 89 1234567',
      party: 4,
      date: day,
      time: '20:00',
      notes: 'Ein Kinderstuhl, bitte.',
      privacy: true,
      lang: 'de',
    },
  });
  expect(booked.status()).toBe(201);
  expect(await booked.json()).toMatchObject({ status: 'pending' });

  await openDay(page, staff);
  const pending = page.getByRole('list', { name: 'Da confermare' });
  const hans = bookingCard(page, 'Hans Müller');
  await expect(pending.locator('.booking__name')).toHaveText(['Hans Müller']);
  await expect(hans.getByText('In attesa', { exact: true })).toBeVisible();
  await expect(hans.getByText('Ein Kinderstuhl, bitte.')).toBeVisible();
  await expect(hans.getByText('Tedesco')).toBeVisible();
  await expect(hans.getByRole('link', { name: /^Chiama Hans Müller/ })).toHaveAttribute(
    'href',
    'tel:+49891234567',
  );
  // Staff see no settings: those are the owner's.
  await expect(page.getByRole('heading', { name: 'Impostazioni delle prenotazioni' })).toHaveCount(
    0,
  );
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await hans.getByRole('button', { name: 'Conferma' }).click();
  await expect(hans.getByText(/^Confermare la prenotazione di Hans Müller/)).toBeVisible();
  await hans.getByRole('button', { name: 'Sì, conferma' }).click();
  await expect(toast(page, 'Prenotazione di Hans Müller confermata.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(hans.getByText('Confermata')).toBeVisible();

  const { token } = await logInThroughApi(request, staff, server.url);
  const answer = await request.get(`${server.url}/api/reservations`, {
    params: { date: day },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await answer.json()).toMatchObject([{ name: 'Hans Müller', status: 'confirmed' }]);
});

test('the owner lowers the covers per slot', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  await openDay(page, owner);
  const covers = page.getByLabel('Coperti per fascia');
  await expect(covers).toHaveValue('40');
  await expect(page.getByLabel('Indirizzo del calendario')).toHaveValue(
    new RegExp(`^${server.url}/api/reservations/calendar/.+\\.ics$`),
  );
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await covers.fill('6');
  await page.getByRole('button', { name: 'Salva impostazioni' }).click();
  await expect(toast(page, 'Impostazioni salvate: valgono da subito.')).toBeVisible();
  await expect(page.getByText('Modifiche non salvate.')).toBeHidden();
  await page.locator('.bookings__occupancy summary').click();
  await expect(page.getByRole('list', { name: 'Coperti in ogni fascia' })).toContainText(
    '20:00 · 4/6',
  );

  const { token } = await logInThroughApi(request, owner, server.url);
  const settings = await request.get(`${server.url}/api/reservations/settings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await settings.json()).toMatchObject({ coversPerSlot: 6 });
});

test('staff add a phone booking past the capacity, after the warning', async ({
  page,
  consoleErrors,
}) => {
  await openDay(page, staff);
  await page.getByRole('button', { name: 'Aggiungi prenotazione' }).click();
  const form = page.getByRole('region', { name: 'Prenotazione al telefono' });
  await form.getByLabel('Nome', { exact: true }).fill('Paolo Conti');
  await form.getByLabel('Telefono', { exact: true }).fill('+39 320 111 2233');
  await form.getByLabel('Persone').fill('4');
  await expect(form.getByLabel('Data')).toHaveValue(day);
  await expect(form.getByRole('option', { name: '20:00 · 4/6' })).toBeAttached();
  await form.getByLabel('Ora').selectOption('20:00');
  await expect(form.getByText('Alle 20:00 sono già prenotati 4 coperti su 6.')).toBeVisible();
  await form.getByRole('button', { name: 'Salva prenotazione' }).click();

  const warning = form.getByRole('alert');
  await expect(warning).toContainText('Non c’è più posto a quell’ora');
  await expect(warning).toContainText('In quella fascia i coperti sono esauriti');
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await warning.getByRole('button', { name: 'Aggiungi comunque' }).click();
  await expect(
    toast(page, /^Prenotazione di Paolo Conti aggiunta: 4 persone, .+ alle 20:00\.$/),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
  const paolo = bookingCard(page, 'Paolo Conti');
  await expect(paolo.getByText('Confermata')).toBeVisible();
  await expect(paolo.getByText('Oltre la capienza')).toBeVisible();
  await expect(paolo.getByText(/^Al telefono/)).toBeVisible();
  await expect(page.locator('.bookings__occupancy summary')).toContainText('pieno alle 20:00');
  // The browser logs the server's 409 for the full slot, the refusal this test is
  // about; anything else still fails the test when the fixture checks the list.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
  consoleErrors.length = 0;
});

test('staff decline every pending request of one guest at once (docs/security.md item 41)', async ({
  page,
  request,
  consoleErrors: _consoleErrors,
}) => {
  for (const time of ['12:30', '13:00']) {
    const booked = await request.post(`${server.url}/api/reservations`, {
      data: {
        name: 'Eva Schwarz',
        email: 'eva@example.test',
        phone: '+49 30 7654321',
        party: 2,
        date: day,
        time,
        privacy: true,
        lang: 'de',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }

  await openDay(page, staff);
  const eva = bookingCard(page, 'Eva Schwarz');
  await expect(eva).toHaveCount(2);
  const first = eva.first();
  await first
    .getByRole('button', { name: 'Rifiuta tutte le richieste in attesa di questo ospite' })
    .click();
  const asked = first.getByRole('group', {
    name: 'Rifiuta tutte le richieste in attesa di questo ospite',
  });
  await expect(asked.getByRole('radio', { name: 'Con l’email eva@example.test' })).toBeChecked();
  await expect(
    asked.getByRole('radio', { name: 'Dalla stessa connessione internet' }),
  ).toBeVisible();
  await expect(
    asked.getByText(
      'Rifiutare 2 richieste in attesa? Ogni ospite riceve una sola email con l’elenco.',
    ),
  ).toBeVisible();
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  await asked.getByRole('button', { name: 'Sì, rifiuta tutte e 2' }).click();
  await expect(toast(page, '2 richieste rifiutate.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Da confermare' })).toHaveCount(0);
  await expect(eva.getByText('Rifiutata')).toHaveCount(2);
});
