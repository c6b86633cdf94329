import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations } from './support/axe.ts';
import { test, expect, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInToSection,
  openSection,
  type StaffAccount,
} from './support/staff.ts';
import { startFakeDeepL, type FakeTranslator } from '../src/server/testing/fake-translators.ts';

// The restaurant's own face, from the owner's phone (390 px): a photo chosen
// through the file input becomes the home page's hero, cropped around the
// focal point the owner sets, with an Italian alt text that German visitors
// read translated; the hero title typed in "Testi del sito" follows in
// German too; "Ripristina" brings the shipped picture back. A server of its
// own, translating through a DeepL stand-in on loopback ("[DE] text").

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The photo's colour, unlike anything the shipped drawings hold: its files are recognisable. */
const TERRACE_GREEN = { r: 30, g: 170, b: 90 };

let deepl: FakeTranslator;
let server: TestServer;
let owner: StaffAccount;
let terrace: Buffer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  deepl = await startFakeDeepL('e2e-key');
  server = await startTestServer({ DEEPL_API_KEY: 'e2e-key', DEEPL_SERVER_URL: deepl.url });
  owner = await createStaffAccount(server.databaseUrl, 'photos', { firstName: 'Carmela' }, 'owner');
  // A phone photo's proportions (4:3), wider than the hero's widest file.
  terrace = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: TERRACE_GREEN },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
});

test.afterAll(async () => {
  await server?.stop();
  await deepl?.close();
});

const FOTO = { link: 'Foto', path: '/dashboard/photos' };
const heroPicture = (page: Page) => page.locator('.hero picture');
const heroImage = (page: Page) => heroPicture(page).locator('img');

/** The page is no wider than the viewport: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

/** The file the browser chose for the hero: its address, width and average colour. */
async function heroFile(page: Page) {
  const src = await heroImage(page).evaluate((image: HTMLImageElement) => image.currentSrc);
  const response = await page.request.get(src);
  expect(response.status()).toBe(200);
  const file = sharp(await response.body());
  const [{ width }, { channels }] = await Promise.all([file.metadata(), file.stats()]);
  const [r, g, b] = channels.map((channel) => Math.round(channel.mean));
  return { src: new URL(src).pathname, width, r: r!, g: g!, b: b! };
}

const near = (colour: { r: number; g: number; b: number }, expected: typeof TERRACE_GREEN) =>
  Math.abs(colour.r - expected.r) <= 8 &&
  Math.abs(colour.g - expected.g) <= 8 &&
  Math.abs(colour.b - expected.b) <= 8;

test.use({ viewport: PHONE });

test('the owner replaces the hero from a phone; the home page shows it, in German too; then the title; then "Ripristina"', async ({
  page,
  consoleErrors: _consoleErrors,
}) => {
  test.setTimeout(90_000);
  const alt = `La terrazza sul mare al tramonto ${Date.now().toString(36)}`;
  const title = `Pesce fresco ogni mattina ${Date.now().toString(36)}`;

  const shipped = await test.step('the home page shows the shipped hero', async () => {
    await page.goto(`${server.url}/`);
    await expect(heroImage(page)).toHaveAttribute('src', /^\/assets\//);
    return {
      src: await heroImage(page).getAttribute('src'),
      pictureClass: await heroPicture(page).getAttribute('class'),
    };
  });

  await test.step('the owner opens "Foto", then the hero', async () => {
    await logInToSection(page, server.url, owner, FOTO);
    await expect(page.getByRole('heading', { level: 1, name: 'Foto del sito' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Cambia: / })).not.toHaveCount(0);
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page), 'the photos list').toEqual([]);
    await page.getByRole('link', { name: 'Cambia: Foto principale della home' }).click();
    await expect(page).toHaveURL(`${server.url}/dashboard/photos?foto=hero`);
    await expect(
      page.getByRole('heading', { level: 2, name: /Foto principale della home/ }),
    ).toContainText('Foto predefinita');
  });

  await test.step('chooses a photo, sets its focal point and alt text, saves', async () => {
    await page.getByLabel('Scegli o scatta una foto').setInputFiles({
      name: 'terrazza.jpg',
      mimeType: 'image/jpeg',
      buffer: terrace,
    });
    await expect(page.getByText('Foto scelta: terrazza.jpg. Non è ancora salvata.')).toBeVisible();
    // The preview and the focus picker draw the chosen file itself.
    await expect(page.locator('.photo-editor__crop img')).toHaveAttribute('src', /^blob:/);
    const focus = page.getByRole('slider', { name: 'Punto focale' });
    await expect(focus).toHaveAttribute('aria-valuetext', '50% da sinistra, 50% dall’alto');
    await focus.focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowRight');
    for (let step = 0; step < 2; step += 1) await page.keyboard.press('ArrowUp');
    await expect(focus).toHaveAttribute('aria-valuetext', '70% da sinistra, 40% dall’alto');
    await page.getByLabel('Descrizione della foto (testo alternativo)').fill(alt);
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page), 'the hero editor with a chosen photo').toEqual([]);
    await page.getByRole('button', { name: 'Salva foto' }).click();
    await expect(toast(page, 'Foto salvata: il sito la mostra già.')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: /Foto principale della home/ }),
    ).toContainText('Tua foto');
    await expect(
      page.getByRole('heading', { name: 'Traduzioni del testo alternativo' }),
    ).toBeVisible();
  });

  await test.step('the home page shows the new hero, cropped around the focal point', async () => {
    await page.goto(`${server.url}/`);
    await expect(heroImage(page)).toHaveAttribute('src', /^\/photos\/[\w-]+\.jpg$/);
    await expect(heroImage(page)).toHaveAttribute('alt', alt);
    await expect(heroPicture(page)).toHaveClass(/\bfx-70\b/);
    await expect(heroPicture(page)).toHaveClass(/\bfy-40\b/);
    await expect(heroPicture(page).locator('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /^\/photos\/[\w-]+\.avif 480w, .*1600w$/,
    );
    await expect.poll(async () => near(await heroFile(page), TERRACE_GREEN)).toBe(true);
    // A 390 px phone at one pixel per point: the 480 px AVIF.
    expect(await heroFile(page)).toMatchObject({
      src: expect.stringMatching(/^\/photos\/[\w-]+\.avif$/),
      width: 480,
    });
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page, { iframes: false }), 'the home page').toEqual([]);
  });

  await test.step('in German, the hero’s alt text is the translated one', async () => {
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/?lng=de`);
        return heroImage(page).getAttribute('alt');
      })
      .toBe(`[DE] ${alt}`);
  });

  await test.step('the owner changes the hero title; the German page follows', async () => {
    await page.goto(`${server.url}/dashboard/photos`);
    await openSection(page, 'Testi del sito');
    await expect(page).toHaveURL(`${server.url}/dashboard/texts`);
    const home = page.getByRole('group', { name: 'Home' });
    await expect(home.getByLabel('Titolo principale')).not.toHaveValue('');
    await expectNoSidewaysScroll(page);
    expect(await axeViolations(page), 'the texts screen').toEqual([]);
    await home.getByLabel('Titolo principale').fill(title);
    await page.getByRole('button', { name: 'Salva testi' }).click();
    await expect(
      toast(page, 'Testi salvati: il sito li mostra già. Le traduzioni seguono tra poco.'),
    ).toBeVisible();
    await page.goto(`${server.url}/?lng=it`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/?lng=de`);
        return page.getByRole('heading', { level: 1 }).textContent();
      })
      .toBe(`[DE] ${title}`);
  });

  await test.step('"Ripristina" brings the shipped hero back', async () => {
    await page.goto(`${server.url}/dashboard/photos?foto=hero`);
    await page.getByRole('button', { name: 'Ripristina' }).click();
    await page
      .getByRole('group', { name: 'Tornare alla foto predefinita? La tua foto verrà eliminata.' })
      .getByRole('button', { name: 'Conferma' })
      .click();
    await expect(toast(page, 'Foto predefinita ripristinata.')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: /Foto principale della home/ }),
    ).toContainText('Foto predefinita');
    await page.goto(`${server.url}/`);
    await expect(heroImage(page)).toHaveAttribute('src', shipped.src!);
    await expect(heroImage(page)).not.toHaveAttribute('alt', alt);
    // The shipped picture's own focal point, not the upload's.
    await expect(heroPicture(page)).toHaveAttribute('class', shipped.pictureClass!);
  });
});

test('at 1280 px: the photos list, the hero editor and the home page with an uploaded hero', async ({
  page,
  consoleErrors: _consoleErrors,
}) => {
  await page.setViewportSize(DESKTOP);
  await logInToSection(page, server.url, owner, FOTO);
  await expect(page.getByRole('link', { name: /^Cambia: / })).not.toHaveCount(0);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page), 'the photos list').toEqual([]);
  await page.getByRole('link', { name: 'Cambia: Foto principale della home' }).click();
  await page.getByLabel('Scegli o scatta una foto').setInputFiles({
    name: 'terrazza.jpg',
    mimeType: 'image/jpeg',
    buffer: terrace,
  });
  await page.getByLabel('Descrizione della foto (testo alternativo)').fill('La terrazza sul mare');
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page), 'the hero editor').toEqual([]);
  await page.getByRole('button', { name: 'Salva foto' }).click();
  await expect(toast(page, 'Foto salvata: il sito la mostra già.')).toBeVisible();

  await page.goto(`${server.url}/`);
  await expect(heroImage(page)).toHaveAttribute('src', /^\/photos\//);
  // A 1280 px screen takes the 1600 px AVIF, the widest the hero is made at.
  await expect
    .poll(async () => {
      const { src, width } = await heroFile(page);
      return { src, width };
    })
    .toMatchObject({ src: expect.stringMatching(/^\/photos\/[\w-]+\.avif$/), width: 1600 });
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page, { iframes: false }), 'the home page').toEqual([]);
});
