import { expect, type Page } from '@playwright/test';

/**
 * Picks up what the focused handle drags with the keyboard (space) and waits
 * until the arrows will move it. dnd-kit's keyboard sensor announces the pick
 * at once but listens for the arrows only from a timer it sets then
 * (node_modules/@dnd-kit/core: KeyboardSensor.attach); Chromium runs input
 * before timers, so on a loaded machine an arrow pressed right after the
 * announcement was lost (a CI run of e2e/evening.spec.ts). Timers of the same
 * delay run in the order they were set, so one set now runs after it.
 */
export async function pickUpWithKeyboard(page: Page, announcement: string) {
  await page.keyboard.press('Space');
  await expect(page.getByText(announcement, { exact: true })).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}
