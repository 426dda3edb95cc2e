import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export const DEMO_PASSWORD = 'aerial-demo';
export const SCREENS = path.resolve(__dirname, '../test-results/screens');

/** A GraphQL call straight to the API (test setup only; the app itself uses its generated documents). */
export async function gql<T = any>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(`GraphQL error: ${JSON.stringify(body.errors)}`);
  return body.data as T;
}

let counter = 0;
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`.toLowerCase();
}

/**
 * A last name no other spec, and no other copy of this one (`--repeat-each`), gives anyone: `base` and letters, so
 * the page can be searched by the full name and it still reads as a name.
 */
export function uniqueSurname(base: string): string {
  return base + uniqueName('').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
}

export function yearsAgo(years: number, monthsMore = 3): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setMonth(d.getMonth() - monthsMore);
  return d.toISOString().slice(0, 10);
}

export interface TestAccount {
  username: string;
  password: string;
  token: string;
  user: { id: string; firstName: string; lastName: string; role: string; waiverSigned: boolean };
}

const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { token user { id firstName lastName role waiverSigned } } }`;
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token user { id firstName lastName role waiverSigned } } }`;

/** Registers a fresh account through the API, so each spec owns the data it changes. */
export async function registerAccount(
  request: APIRequestContext,
  options: { parent?: boolean; firstName?: string; lastName?: string } = {},
): Promise<TestAccount> {
  const username = uniqueName(options.parent ? 'par' : 'mem');
  const password = `Silks-and-lyra-${Math.random().toString(36).slice(2, 8)}`;
  const data = await gql(request, REGISTER, {
    input: {
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? (options.parent ? 'Parent' : 'Member'),
      username,
      email: `${username}@example.test`,
      password,
      birthday: yearsAgo(options.parent ? 38 : 27),
      isParentOrGuardian: Boolean(options.parent),
    },
  });
  return { username, password, token: data.register.token, user: data.register.user };
}

export async function loginViaApi(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<TestAccount> {
  const data = await gql(request, LOGIN, { u: username, p: password });
  return { username, password, token: data.login.token, user: data.login.user };
}

export async function signOwnWaiver(request: APIRequestContext, account: TestAccount): Promise<void> {
  await gql(
    request,
    `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id waiverSigned } } }`,
    { ids: [account.user.id] },
    account.token,
  );
}

/** A staff account of our own (made by the admin, waiver signed), so the demo staff stay as they are. */
export async function newStaff(
  request: APIRequestContext,
  role: 'admin' | 'instructor' | 'teacher',
  firstName: string,
  lastName: string,
): Promise<TestAccount> {
  const admin = await loginViaApi(request, 'admin');
  const username = uniqueName(role.slice(0, 3));
  const password = `Lyra-and-silks-${Math.random().toString(36).slice(2, 8)}`;
  await gql(
    request,
    `mutation($input: CreateUserInput!) { createUser(input: $input) { id } }`,
    { input: { firstName, lastName, username, email: `${username}@example.test`, birthday: yearsAgo(31), role, password } },
    admin.token,
  );
  const account = await loginViaApi(request, username, password);
  await signOwnWaiver(request, account);
  return { ...account, user: { ...account.user, waiverSigned: true } };
}

/** Puts a session into the browser's storage the way the app's login does, then opens `path`. */
export async function openSignedIn(page: Page, account: TestAccount, path: string): Promise<void> {
  await page.goto('/404-warmup');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userData', user);
    },
    [account.token, JSON.stringify(account.user)],
  );
  await page.goto(path);
}

/** Signs in through the login form. */
export async function loginViaForm(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens a class's section on My Classes. A class whose check-in is open right now starts open, and a click would
 * close it: whether it does depends on the time of day the test runs.
 */
export async function expandClass(header: Locator): Promise<void> {
  await expect(header).toHaveAttribute('aria-expanded', /true|false/);
  if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

/** Axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Judge colours at rest, not halfway through a hover or enable transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await testInfo.attach(`axe-${name}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  expect(
    serious.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.html.slice(0, 160)} → ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`),
    })),
    `serious or critical accessibility violations on ${name}`,
  ).toEqual([]);
}
