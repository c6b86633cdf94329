import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/axe.ts';
import { test, expect, tabTo, toast } from './fixtures.ts';
import { startTestServer, type TestServer } from './support/server.ts';
import {
  createStaffAccount,
  logInThroughApi,
  logInToSection,
  type StaffAccount,
} from './support/staff.ts';

// The owner draws the dining room on /dashboard/floor, on a 390 px phone and
// on a 1024 px tablet, each on a server of its own: an area, six tables
// placed by a drag, by the arrow keys and by the panel, one resized by its
// handle, a combination of two; saved, then seen again after a reload, axe
// clean. Screenshots of the drawn room go to test-results/screenshots/ (or
// SCREENSHOT_DIR) for a look by eye.

const SCREENS = [
  { label: '390', viewport: { width: 390, height: 844 } },
  { label: '1024', viewport: { width: 1024, height: 768 } },
] as const;

const tableOn = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^Tavolo ${name},`) });

/** Drags `target` by (dx, dy) plan units with the mouse, in small steps as a hand would. */
async function dragBy(page: Page, target: Locator, dx: number, dy: number) {
  // The mouse moves in the viewport: the plan first in sight (below the sticky header).
  await page.locator('svg.floor-plan').evaluate((plan) => plan.scrollIntoView({ block: 'center' }));
  const plan = await page.locator('svg.floor-plan').boundingBox();
  const box = await target.boundingBox();
  if (!plan || !box) throw new Error('not on screen');
  const unit = plan.width / 100;
  const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + dx * unit, start.y + dy * unit, { steps: 12 });
  await page.mouse.up();
}

/** The screen as staff see it, with `part` in sight: for a look by eye. */
async function screenshot(page: Page, part: Locator, name: string, project: string) {
  const dir = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';
  await part.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${dir}/${name}-${project}.png` });
}

for (const { label, viewport } of SCREENS) {
  test.describe(`the floor editor at ${label} px`, () => {
    let server: TestServer;
    let owner: StaffAccount;

    test.describe.configure({ mode: 'serial' });
    test.use({ viewport });

    test.beforeAll(async () => {
      server = await startTestServer();
      owner = await createStaffAccount(server.databaseUrl, `floor-${label}`, {}, 'owner');
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test('the owner draws a room of six tables and a combination, saves it and sees it again', async ({
      page,
      request,
      consoleErrors: _consoleErrors,
    }, testInfo) => {
      // Six tables drawn, moved and joined one pointer step at a time: over 30 s on a loaded CI machine.
      test.slow();
      await logInToSection(page, server.url, owner, {
        link: 'Pianta della sala',
        path: '/dashboard/floor',
      });
      await expect(
        page.getByRole('heading', { level: 1, name: 'Pianta della sala' }),
      ).toBeVisible();
      await expect(page.getByText(/^Nessuna area/)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Aggiungi area' }).click();
      await page.getByLabel("Nome dell'area").fill('Sala');
      for (let count = 1; count <= 6; count += 1) {
        await page.getByRole('button', { name: 'Aggiungi tavolo' }).click();
        await expect(tableOn(page, `T${count}`)).toBeVisible();
      }
      await expect(tableOn(page, 'T6')).toHaveAttribute(
        'aria-label',
        /posizione 62, 2, misura 10 × 10/,
      );

      // T6 by the mouse: 30 units down, 10 to the left, snapped to whole units.
      await dragBy(page, tableOn(page, 'T6'), -10, 30);
      await expect(tableOn(page, 'T6')).toHaveAttribute(
        'aria-label',
        'Tavolo T6, da 2 a 4 posti, posizione 52, 32, misura 10 × 10, scelto',
      );
      // …then larger by its corner's handle.
      await dragBy(page, page.locator('.floor-plan__resize'), 6, 6);
      await expect(tableOn(page, 'T6')).toHaveAttribute('aria-label', /misura 16 × 16, scelto$/);
      await page.getByLabel('Forma').selectOption('round');
      await page.getByLabel('Posti massimi').fill('8');
      await page.getByLabel('Posti minimi').fill('5');

      // T5 by the keyboard: Enter chooses it, arrows move it, shift with arrows resizes it.
      await page.getByLabel("Nome dell'area").focus();
      await tabTo(page, tableOn(page, 'T5'), 12);
      await page.keyboard.press('Enter');
      await expect(tableOn(page, 'T5')).toHaveAttribute('aria-pressed', 'true');
      for (let step = 0; step < 20; step += 1) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Shift+ArrowRight');
      await expect(page.getByRole('status').filter({ hasText: 'T5: misura 11 × 10.' })).toHaveCount(
        1,
      );
      await expect(tableOn(page, 'T5')).toHaveAttribute(
        'aria-label',
        /posizione 50, 22, misura 11 × 10/,
      );

      // T4 by the panel's buttons and fields.
      await page.getByRole('button', { name: 'Scegli T4' }).click();
      await page.getByRole('button', { name: 'Sposta T4 in basso' }).click();
      await page.getByLabel("Dall'alto").fill('60');
      await page.getByLabel('Da sinistra').fill('5');
      await page.getByRole('checkbox', { name: 'Prenotabile online' }).last().uncheck();
      await expect(tableOn(page, 'T4')).toHaveAttribute(
        'aria-label',
        /posizione 5, 60.*non prenotabile online/,
      );

      // T1 and T2 pushed together seat up to eight.
      const picks = page.getByRole('group', { name: 'Scegli i tavoli da unire (da 2 a 8)' });
      await picks.getByRole('checkbox', { name: 'T1' }).check();
      await picks.getByRole('checkbox', { name: 'T2' }).check();
      await page.getByRole('button', { name: 'Crea combinazione' }).click();
      await expect(
        page.getByRole('group', { name: /^Combinazione T1\+T2 · da 5 a 8 posti/ }),
      ).toBeVisible();

      await page.getByRole('button', { name: 'Salva la pianta' }).click();
      await expect(
        toast(page, 'Pianta salvata: le prenotazioni usano già questi tavoli.'),
      ).toBeVisible();
      await expect(page.getByText('Modifiche non salvate.')).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      await page.reload();
      await expect(tableOn(page, 'T6')).toHaveAttribute(
        'aria-label',
        'Tavolo T6, da 5 a 8 posti, posizione 52, 32, misura 16 × 16',
      );
      for (const name of ['T1', 'T2', 'T3', 'T4', 'T5'])
        await expect(tableOn(page, name)).toBeVisible();
      await expect(page.getByRole('group', { name: /^Combinazione T1\+T2/ })).toBeVisible();
      await tableOn(page, 'T6').click();
      expect(await axeViolations(page)).toEqual([]);
      const plan = page.locator('svg.floor-plan');
      await screenshot(page, plan, `floor-editor-${label}-plan`, testInfo.project.name);
      const panel = page.getByRole('group', { name: 'Tavolo T6' });
      await screenshot(page, panel, `floor-editor-${label}-table`, testInfo.project.name);
      const joined = page.getByRole('group', { name: /^Combinazione T1\+T2/ });
      await screenshot(page, joined, `floor-editor-${label}-combination`, testInfo.project.name);

      // What the server keeps: real ids, the combination naming its tables'.
      const { token } = await logInThroughApi(request, owner, server.url);
      const saved = (await (
        await request.get(`${server.url}/api/floor`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as {
        areas: { id: number; name: string }[];
        tables: { id: number; name: string; areaId: number; shape: string }[];
        combinations: { name: string; tableIds: number[] }[];
      };
      expect(saved.areas.map((area) => area.name)).toEqual(['Sala']);
      expect(saved.tables.map((table) => table.name)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6']);
      expect(
        saved.tables.every((table) => table.id > 0 && table.areaId === saved.areas[0]!.id),
      ).toBe(true);
      const byName = new Map(saved.tables.map((table) => [table.name, table.id]));
      expect(saved.combinations).toMatchObject([
        { name: 'T1+T2', tableIds: [byName.get('T1'), byName.get('T2')] },
      ]);
    });
  });
}
