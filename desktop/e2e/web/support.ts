/**
 * What the console's end-to-end tests share: one page per worker, signing in, and an API client
 * (its own cookie jar, sending the site's Origin as a browser does) to set up and read back
 * what the server holds.
 */
import { expect, request, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  api,
  messages,
  type Admin,
  type AdminRole,
  type EnquiryBody,
  type EnquiryList,
  type StaffCreateAnswer,
  type StaffCreateBody,
} from '@kafue/common/contract';
import { linkInOutbox } from '../../../scripts/outbox.mjs';
import { baseURL as configuredBaseURL, superAdmin, type ServerMetadata } from '../../playwright.config';

export { superAdmin };

/**
 * Playwright's `test` with one page per worker instead of a new context and page per test: a
 * console page loaded again in the same renderer costs half the CPU of a first load (its code
 * already parsed and cached), and a test is mostly page loads. Three specs ran in 69 CPU-s
 * instead of 89 (2026-11-29). Each test still starts as a new visitor: no cookies, the viewport
 * it asks for; what it added to the page (routes, listeners, storage) is removed after it. A spec
 * whose tests need a page of their own (Playwright's clock, another server, counting the scripts
 * a first visit loads, permissions granted to the context) imports `test` from '@playwright/test'.
 */
export const test = base.extend<object, { workerPage: Page }>({
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = workerInfo.project.use;
      const context = await browser.newContext({
        baseURL: baseURL ?? configuredBaseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
      });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ workerPage, viewport }, use) => {
    await workerPage.context().clearCookies();
    if (viewport) await workerPage.setViewportSize(viewport);
    await use(workerPage);
    workerPage.removeAllListeners();
    await workerPage.unrouteAll({ behavior: 'ignoreErrors' });
    await workerPage.evaluate(() => (localStorage.clear(), sessionStorage.clear())).catch(() => undefined);
  },
});

/** The server under test (the project's baseURL: the @alone tests have a server of their own). */
export function baseURL(): string {
  return test.info().project.use.baseURL ?? configuredBaseURL;
}

/** The data directory of the server under test (its mail outbox, its database's port). */
export function serverDataDir(): string {
  return (test.info().project.metadata as ServerMetadata).dataDir;
}

export interface Credentials {
  email: string;
  password: string;
}

let counter = 0;
/** A unique, readable suffix for records one test creates (the database lives for the whole run). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}`;
}

/** An API client signed in as an admin. */
export async function apiAs(creds: Credentials): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  const res = await ctx.post(api.adminLogin, { data: { email: creds.email, password: creds.password } });
  expect(res.status(), `sign-in of ${creds.email}`).toBe(200);
  return ctx;
}

/** Creates an admin of the given role as the Super Admin; returns its record and password. */
export async function createAdmin(role: AdminRole, name?: string): Promise<Admin & Credentials> {
  const su = await apiAs(superAdmin);
  const slug = unique(role.toLowerCase().replace(' ', '-'));
  const body = { name: name ?? `${role} ${slug}`, email: `${slug}@kafue.test`, role, password: `Pass-${slug}` };
  const res = await su.post(api.admins, { data: body });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const admins = (await (await su.get(api.admins)).json()) as Admin[];
  await su.dispose();
  const admin = admins.find((a) => a.email === body.email);
  expect(admin).toBeTruthy();
  return { ...admin!, password: body.password };
}

/** Creates a staff member as the Super Admin; returns the record and its one-time password. */
export async function createStaff(body: Partial<StaffCreateBody> = {}): Promise<StaffCreateAnswer> {
  const su = await apiAs(superAdmin);
  const slug = unique('staff');
  const res = await su.post(api.staff, {
    data: { name: `Staff ${slug}`, email: `${slug}@kafue.test`, role: 'Staff', status: 'Active', ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  const answer = (await res.json()) as StaffCreateAnswer;
  await su.dispose();
  return answer;
}

/** A staff member past the first sign-in's password change, with the password they chose. */
export async function readyStaff(): Promise<StaffCreateAnswer['staff'] & { password: string }> {
  const { staff, oneTimePassword } = await createStaff();
  const ctx = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  expect((await ctx.post(api.staffLogin, { data: { email: staff.email, password: oneTimePassword } })).status()).toBe(200);
  const password = 'Staff-works-it-1';
  expect((await ctx.post(api.staffMyPassword, { data: { currentPassword: oneTimePassword, newPassword: password } })).status()).toBe(200);
  await ctx.dispose();
  return { ...staff, password };
}

/**
 * Signs the page's browser in as `creds` by the sign-in call the screen makes, sent from the page
 * itself (a session cookie of its own, as the form gets), then opens `path`: the dashboard unless
 * told, waiting for it. The sign-in screen itself is tested in admin-auth.spec.ts; going through
 * it here cost every test two page loads. The call goes from the page, not from Playwright's
 * request client, because the server counts failed sign-ins per client address and a success
 * clears its address's count: Chromium reaches localhost from ::1, Node from 127.0.0.1, so
 * successes from Node never cleared the failures the browser tests make on purpose (five, and
 * the sixth sign-in was refused).
 */
export async function signIn(page: Page, creds: Credentials, path = '/admin/dashboard'): Promise<void> {
  await page.goto(api.health);
  const status = await page.evaluate(
    async ({ url, body }) =>
      (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
    { url: api.adminLogin, body: { email: creds.email, password: creds.password } },
  );
  expect(status, `signing in as ${creds.email}`).toBe(200);
  await page.goto(path);
  // A context's first page (the session check, the layout's and the screen's code, none of it
  // cached yet) can be slow on a loaded machine. One Suspense holds the whole console (App.tsx):
  // the layout's breadcrumb shows only once the screen's code has arrived too.
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible({ timeout: 15_000 });
  if (path === '/admin/dashboard') await expect(page.getByRole('heading', { name: 'Welcome, Admin' })).toBeVisible({ timeout: 15_000 });
}

/**
 * Opens `path` in the console already running in the page, as its links do, without a reload:
 * the route walks visit some thirty screens, and a reload of each parsed the whole console again.
 */
export async function openInConsole(page: Page, path: string): Promise<void> {
  const at = await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return location.pathname;
  }, path);
  expect(at, `opened ${path} in the console`).toBe(path);
}

/** Opens an enquiry's detail from the inbox, found by its sender's name; answers the drawer. */
export async function openEnquiry(page: Page, fullName: string): Promise<Locator> {
  await page.goto('/admin/enquiries');
  await page.getByRole('textbox', { name: 'Search' }).fill(fullName);
  await page.getByRole('button', { name: `Open the enquiry from ${fullName}` }).click();
  return page.getByRole('dialog', { name: fullName });
}

/** Fills and sends the staff sign-in screen (the caller checks where it leads). */
export async function staffSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/staff-login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * The link matching `link` (its first group) in the last mail to `to` in the server's outbox,
 * waiting for the mail queue to deliver it (`what` names the mail in a failure).
 */
export async function outboxLink(to: string, link: RegExp, what: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => (found = await linkInOutbox(serverDataDir(), to, link)), { message: `${what} to ${to}`, timeout: 15_000 })
    .toBeTruthy();
  return found!;
}

/** The toast area: top-right (spec section 2). */
export function toasts(page: Page): Locator {
  return page.locator('.mantine-Notifications-root[data-position="top-right"]');
}

/** Picks an option of a Mantine Select by its label. */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Reads JSON from the API with the page's own session (its request context shares the cookies). */
export async function readBack<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), `${path}: ${res.status()}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * With Playwright's clock paused, moves time on in small steps until the locator shows (React
 * and Mantine reveal screens on their own timers). Returns how far the clock moved.
 */
export async function runClockUntilVisible(page: Page, locator: Locator, stepMs = 20, limitMs = 5000): Promise<number> {
  for (let moved = 0; moved <= limitMs; moved += stepMs) {
    if (await locator.isVisible()) return moved;
    await page.clock.runFor(stepMs);
  }
  throw new Error(`not visible after ${limitMs} ms of clock time: ${locator.toString()}`);
}

/** Installs Playwright's clock, paused, before the page loads. */
export async function pausedClock(page: Page): Promise<void> {
  const t0 = new Date('2026-11-21T09:00:00Z').getTime();
  await page.clock.install({ time: t0 });
  await page.clock.pauseAt(t0 + 1000);
}

let enquiryAddresses = 0;
/**
 * Sends an enquiry through the public call, as a visitor of its own address (the test server
 * trusts X-Forwarded-For, so the per-address limit does not count the suite's enquiries together).
 */
export async function createEnquiry(body: Partial<EnquiryBody> = {}): Promise<{ fullName: string; email: string; message: string }> {
  enquiryAddresses += 1;
  const address = `203.0.113.${(Date.now() + enquiryAddresses) % 250}`;
  const ctx = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL(), 'X-Forwarded-For': address } });
  const slug = unique('enquiry');
  // As a visitor's form sends it: shown a minute ago (a missing startedAt marks the enquiry as Spam).
  const data = {
    fullName: `Visitor ${slug}`,
    email: `${slug}@example.com`,
    message: `Please call me about ${slug}.`,
    service: 'Web Development',
    startedAt: Date.now() - 60_000,
    ...body,
  };
  const res = await ctx.post(api.enquiries, { data });
  expect(res.status(), await res.text()).toBe(201);
  await ctx.dispose();
  return { fullName: data.fullName, email: data.email, message: data.message };
}

/** An enquiry from a visitor, and its id. */
export async function enquiryWithId(assigneeId?: string) {
  const enquiry = await createEnquiry({ phone: '+260 97 123 4567' });
  const su = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  expect((await su.post(api.adminLogin, { data: superAdmin })).status()).toBe(200);
  const found = (await (await su.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
  const id = found.items[0]._id;
  if (assigneeId) expect((await su.put(api.enquiryById(id), { data: { assigneeId } })).status()).toBe(200);
  await su.dispose();
  return { ...enquiry, id };
}

/** Sends the reply form; the toast says so and the timeline then has `entries` entries. */
export async function sendReply(page: Page, drawer: ReturnType<Page['getByRole']>, entries: number) {
  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(toasts(page).getByText(messages.enquiryReplySent).last()).toBeVisible();
  // The timeline's own entries, not the items of a message's list of files.
  await expect(drawer.getByRole('list', { name: 'Timeline' }).locator(':scope > li')).toHaveCount(entries);
}

/** Holds the page's requests to `url` (a glob; with `method`, only those) at the server's door until the answered function is called. */
export async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    // Only `method`'s requests wait, when one is named (the upload, not the list it refreshes).
    if (!method || route.request().method() === method) await held;
    await route.continue();
  });
  return release;
}

/** The first field of a staff member's first password change: the password the admin handed them. */
export function oneTimePasswordField(page: Page): Locator {
  return page.getByRole('textbox', { name: /^One-time password \(from the admin who added you\)/ });
}
