import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Staff accounts and sessions for end-to-end tests: fixtures create the staff
 * user with the CLI and log in through the API.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface StaffAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** A new account with a unique e-mail, created by `staff add` (there is no default account). */
export async function createStaffAccount(
  databaseUrl: string,
  label: string,
  overrides: Partial<StaffAccount> = {},
  /** Without it, the CLI's default: the database's first account is an owner, later ones staff. */
  role?: 'owner' | 'staff',
): Promise<StaffAccount> {
  counter += 1;
  const unique = `${label}-${process.pid}-${Date.now().toString(36)}-${counter}`;
  const account: StaffAccount = {
    email: `${unique}@example.test`.toLowerCase(),
    password: `Sardine-al-forno ${unique}`,
    firstName: 'Rosalia',
    lastName: 'Genovese',
    ...overrides,
  };
  await run(
    process.execPath,
    [
      'src/server/cli/staff.ts',
      'add',
      '--email',
      account.email,
      '--first-name',
      account.firstName,
      '--last-name',
      account.lastName,
      '--password',
      account.password,
      ...(role ? ['--role', role] : []),
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  return account;
}

export interface StaffSession {
  token: string;
  user: { email: string; firstName: string; lastName: string };
}

/** POST /api/auth/login, as the login form does. */
export async function logInThroughApi(
  request: APIRequestContext,
  account: Pick<StaffAccount, 'email' | 'password'>,
  baseURL = '',
): Promise<StaffSession> {
  const response = await request.post(`${baseURL}/api/auth/login`, {
    data: { email: account.email, password: account.password },
  });
  if (response.status() !== 200) {
    throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  }
  const body = (await response.json()) as StaffSession['user'] & { tokens: { token: string }[] };
  return {
    token: body.tokens[0]!.token,
    user: { email: body.email, firstName: body.firstName, lastName: body.lastName },
  };
}

/** DELETE /api/auth/logout: the server forgets the token at once. */
export async function revokeThroughApi(
  request: APIRequestContext,
  token: string,
  baseURL = '',
): Promise<void> {
  const response = await request.delete(`${baseURL}/api/auth/logout`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status() !== 204) throw new Error(`logout failed: ${response.status()}`);
}

/**
 * Puts the session where the staff pages keep it (`token` and `user` in local
 * storage), from a same-origin page that loads no app code.
 */
export async function storeSession(page: Page, session: StaffSession, baseURL = ''): Promise<void> {
  await page.goto(`${baseURL}/robots.txt`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

/** The back office's navigation (src/app/back-office/sections-nav.tsx). */
export const sectionsNav = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Sezioni' });

/**
 * The navigation with its sections showing: below 1200 px they are behind
 * the "Sezioni" button, which this opens (from 1200 px they are a sidebar).
 */
export async function showSections(page: Page): Promise<Locator> {
  const nav = sectionsNav(page);
  // The header is drawn (the sidebar's <nav> itself has no box of its own).
  await expect(page.getByRole('banner').getByRole('button', { name: 'Disconnetti' })).toBeVisible();
  const toggle = nav.getByRole('button', { name: 'Sezioni' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') {
    await toggle.click();
  }
  return nav;
}

/** Opens a back-office section from the navigation, as staff do at any width. */
export async function openSection(page: Page, link: string): Promise<void> {
  await (await showSections(page)).getByRole('link', { name: link, exact: true }).click();
}

/**
 * Logs in through the login form, as staff do, then opens a back-office
 * section from the header's navigation.
 */
export async function logInToSection(
  page: Page,
  baseURL: string,
  account: Pick<StaffAccount, 'email' | 'password'>,
  section: { link: string; path: string },
): Promise<void> {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await openSection(page, section.link);
  await expect(page).toHaveURL(`${baseURL}${section.path}`);
}
