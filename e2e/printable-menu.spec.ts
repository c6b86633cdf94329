import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { inOrder, readPdf, readQrCode } from '../src/server/testing/printed.ts';
import { axeViolations } from './support/axe.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInToSection,
  logInThroughApi,
  type StaffAccount,
} from './support/staff.ts';

// The menu on paper: a visitor's "Download the menu" on /menu, and staff's
// "Stampa e QR" on a 390 px phone (the PDFs, the table card that prints
// alone, its QR code read back from the screen). A server of its own, on a
// fresh database of the project's kind: a dish is added to its menu.

const PHONE = { width: 390, height: 844 };
let server: TestServer;
let staff: StaffAccount;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startTestServer();
  staff = await createStaffAccount(server.databaseUrl, 'printable-menu', {}, 'staff');
});

test.afterAll(async () => {
  await server?.stop();
});

const downloadLink = (page: Page) => page.locator('a[href^="/menu.pdf"]');

test('/menu links to the PDF of its language, and the link follows the language chosen', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(`${server.url}/menu?lng=en`);
  const link = page.getByRole('link', { name: 'Download the menu (PDF)' });
  await expect(link).toHaveAttribute('href', '/menu.pdf?lng=en');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.getByRole('link', { name: 'Speisekarte herunterladen (PDF)' })).toHaveAttribute(
    'href',
    '/menu.pdf?lng=de',
  );
  const response = await page.request.get(
    new URL((await downloadLink(page).getAttribute('href'))!, server.url).href,
  );
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const contents = await readPdf(await response.body());
  expect(contents.text).toContain('Gemischte Arancine (sizilianische Reisbällchen) 8,00 €');
  expect(inOrder(contents, ['Allergenlegende', 'Gluten', 'Glutenhaltiges Getreide'])).toBe(true);
  expect(contents.text).toContain('Coperto 2 €');
  expect(consoleErrors).toEqual([]);
});

test.describe('Stampa e QR, on a phone', () => {
  test.use({ viewport: PHONE });

  test('staff download the PDFs, a dish just added is in them, and the table card prints alone', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await logInToSection(page, server.url, staff, {
      link: 'Stampa e QR',
      path: '/dashboard/print',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Stampa e QR' })).toBeVisible();
    await expect(downloadLink(page)).toHaveText([
      'Menu in italiano (PDF)',
      'Menu in inglese (PDF)',
      'Menu in francese (PDF)',
      'Menu in spagnolo (PDF)',
      'Menu in tedesco (PDF)',
    ]);

    // A dish added through the API a moment ago is in the next PDF.
    const session = await logInThroughApi(request, staff, server.url);
    const menu = (await (await request.get(`${server.url}/api/menu?lang=it`)).json()) as {
      sections: { id: number }[];
    };
    const added = await request.post(`${server.url}/api/menu/items`, {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        sectionId: menu.sections[0]!.id,
        name: 'Involtini di pesce spada',
        prices: [{ label: '', amount: '13.50' }],
        allergens: ['fish', 'gluten'],
      },
    });
    expect(added.status()).toBe(201);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Menu in italiano (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('menu-it.pdf');
    const italian = await readPdf(readFileSync((await download.path())!));
    expect(italian.text).toContain('Involtini di pesce spada 13,50 € Allergeni: Glutine, Pesce');
    expect(italian.sizes[0]).toEqual({ width: 595.28, height: 841.89 });

    // The German card: the restaurant, the sentence in German, a QR code that reads back.
    await page.getByLabel('Lingua del cartoncino').selectOption({ label: 'tedesco' });
    const card = page.getByRole('figure', { name: 'Anteprima del cartoncino in tedesco' });
    await expect(card.getByText('Trattoria La Tonnara')).toBeVisible();
    await expect(card.getByText('Scannen für die Speisekarte')).toHaveAttribute('lang', 'de');
    const qr = card.getByRole('img', { name: 'Codice QR del menu in tedesco' });
    await expect(qr).toHaveJSProperty('complete', true);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await readQrCode(await qr.screenshot())).toBe(`${server.url}/menu?lng=de`);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);

    // "Stampa il cartoncino" opens the browser's print dialog...
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Stampa il cartoncino' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // ...and what it prints is the card alone, on one page.
    await page.emulateMedia({ media: 'print' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Stampa e QR' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Sezioni' })).toBeHidden();
    await expect(downloadLink(page).first()).toBeHidden();
    const printed = await readPdf(await page.pdf({ format: 'A4' }));
    expect(printed.pages).toBe(1);
    expect(printed.text).toBe('Trattoria La Tonnara Scannen für die Speisekarte');
    expect(consoleErrors).toEqual([]);
  });
});
