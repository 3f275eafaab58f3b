/**
 * Maintenance mode: while the General setting is on, public pages answer 503
 * with the maintenance page and Retry-After, staff sign-in and the contact form's call answer 503
 * with the maintenance message, admins work as usual and /api/health stays 200; a change made
 * through one process holds on another within 2 s (the page's email, from the company profile,
 * too); turning it off restores everything.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { defaultCompany } from '@kafue/common/company';
import { maintenancePage } from '../src/maintenance/maintenance.js';
import { password, startTestServer, type Client, type TestServer } from './helpers.js';

const built = mkdtempSync(join(tmpdir(), 'kafue-maintenance-'));
for (const [dir, text] of [
  ['site', 'Home page'],
  ['site/about', 'About page'],
  ['console', 'Console'],
]) {
  mkdirSync(join(built, dir), { recursive: true });
  writeFileSync(join(built, dir, 'index.html'), `<!doctype html><title>${text}</title>${text}`);
}
const configure = (config: TestServer['config']) => {
  config.siteDir = join(built, 'site');
  config.consoleDir = join(built, 'console');
};

let t: TestServer;
let other: TestServer;
let admin: Client;
let staffEmail = '';
beforeAll(async () => {
  t = await startTestServer({ configure });
  other = await startTestServer({ configure, databaseUrl: t.databaseUrl });
  admin = (await t.admin('Super Admin')).client;
  staffEmail = (await t.staff()).email;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  rmSync(built, { recursive: true, force: true });
});

/** The page until the company's profile is saved: it names the seeded email. */
const defaultPage = maintenancePage(defaultCompany.email);

const settings = (maintenanceMode: boolean) => ({ siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+0', maintenanceMode });

/** Polls `check` on `server` until it holds, for at most 2 s (a change's bound to reach every process). */
async function within2s(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2000;
  do {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  return false;
}

describe('maintenance mode', () => {
  it('off: pages, staff sign-in and the console as usual', async () => {
    expect((await t.client().get('/')).text).toContain('Home page');
    expect((await t.client().signIn('staff', staffEmail)).status).toBe(200);
  });

  it('on: every public page answers 503 with the maintenance page and Retry-After', async () => {
    expect((await admin.post(api.generalSettings, settings(true))).status).toBe(200);
    // Pages as written in any letter case: none is the console's, so each is a public page.
    for (const path of [
      '/',
      '/about',
      '/services/web',
      '/assets/app.css',
      '/no-such-page',
      '/SERVICES',
      '/About',
      '/ADMIN/staff',
      '/API',
    ]) {
      const page = await t.client().get(path);
      expect(page.status, path).toBe(503);
      expect(page.headers.get('retry-after')).toBe('300');
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.text).toBe(defaultPage);
    }
    expect(defaultPage).toContain(brand.company);
    expect(defaultPage).toContain(messages.maintenance);
    expect(defaultPage).toMatch(/<html lang="en">[\s\S]*<title>[^<]+<\/title>[\s\S]*<main>[\s\S]*<h1>/);
    expect(defaultPage).not.toMatch(/<script|<link|src=/); // one request, nothing else to load
    expect(Buffer.byteLength(defaultPage)).toBeLessThan(2048);
    const head = await t.client().call('HEAD', '/');
    expect(head.status).toBe(503);
    expect(head.text).toBe('');
  });

  it('on: staff sign-in and the contact form answer 503 with the maintenance message', async () => {
    const signIn = await t.client().signIn('staff', staffEmail);
    expect(signIn).toMatchObject({ status: 503, body: { message: 'The site is under maintenance. Please try again later.' } });
    expect(signIn.headers.get('retry-after')).toBe('300');
    const enquiry = await t.client().post('/api/enquiries', { name: 'A', email: 'a@kafue.test', message: 'Hello' });
    expect(enquiry).toMatchObject({ status: 503, body: { message: messages.maintenance } });
    // The same form posted without JavaScript gets the maintenance page.
    const form = await t.client().call('POST', '/contact', 'fullName=A&email=a%40kafue.test&message=Hello', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(503);
    expect(form.text).toBe(defaultPage);
    // Refused by their declarations (refusedInMaintenance), no list of paths.
    const refused = t.endpoints.filter((e) => e.refusedInMaintenance).map((e) => `${e.method} ${e.path}`);
    expect(refused).toEqual([
      'POST /api/staff/login',
      'POST /api/enquiries',
      'GET /preview/:token',
      'POST /contact',
      'GET /quote/:token',
      'POST /quote/:token/accept',
      'POST /quote/:token/question',
      'GET /quote/:token/pdf',
      'POST /quote/:token/pay',
      'GET /quote/:token/payments/:paymentId',
      'GET /quote/:token/payments/:paymentId/receipt',
      'POST /api/subscribers',
      'POST /subscribe',
    ]);
  });

  it('on: the refused calls never get through, however their path is written (paths are matched one way)', async () => {
    const stored = async () => (await t.db.query(`SELECT count(*)::int AS n FROM enquiries`))[0].n as number;
    const before = await stored();
    const enquiry = { fullName: 'Case Probe', email: 'probe@kafue.test', message: 'Stored while maintenance is on?' };
    for (const path of ['/API/ENQUIRIES', '/Api/Enquiries', '/api/Enquiries', '/API/ENQUIRIES/']) {
      expect((await t.client().post(path, enquiry)).status, path).toBe(404);
    }
    // What the router does match (a trailing slash) is refused like the path itself.
    expect(await t.client().post('/api/enquiries/', enquiry)).toMatchObject({ status: 503, body: { message: messages.maintenance } });
    const form = 'fullName=Case+Probe&email=probe%40kafue.test&message=Stored+while+maintenance+is+on%3F';
    const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const path of ['/CONTACT', '/Contact', '/contact/']) {
      const answer = await t.client().call('POST', path, form, urlencoded);
      if (path === '/contact/') {
        expect(answer.status, path).toBe(503);
        expect(answer.text).toBe(defaultPage);
      } else {
        expect(answer.status, path).toBe(404);
        expect(answer.body).toEqual({ message: messages.notFound });
      }
    }
    expect(await stored()).toBe(before);
    for (const path of ['/API/STAFF/LOGIN', '/api/Staff/Login', '/Api/staff/login']) {
      const browser = t.client();
      const signIn = await browser.post(path, { email: staffEmail, password });
      expect(signIn.status, path).toBe(404);
      expect(browser.cookie, path).toBeUndefined();
    }
    // A console call written in another case names nothing either (and changes nothing).
    expect((await admin.post('/API/SETTINGS/GENERAL', settings(false))).status).toBe(404);
    expect((await admin.get(api.generalSettings)).body.maintenanceMode).toBe(true);
  });

  it('on: admins keep working (sign-in, reads, changes, the console) and /api/health stays 200', async () => {
    expect((await t.client().get(api.health)).status).toBe(200);
    expect((await t.client().get(api.ready)).status).toBe(200);
    const browser = t.client();
    const { email } = await t.admin('Editor');
    expect((await browser.signIn('admin', email)).status).toBe(200);
    expect((await browser.get(api.staff)).status).toBe(200);
    expect((await browser.post(api.staff, { name: 'M', email: 'm@kafue.test', role: 'Staff', status: 'Active' })).status).toBe(201);
    expect((await admin.get(api.generalSettings)).body.maintenanceMode).toBe(true);
    const console = await t.client().get('/admin/staff');
    expect(console.status).toBe(200);
    expect(console.text).toContain('Console');
  });

  it('a change through one process holds on another within 2 s, both ways', async () => {
    expect(await within2s(async () => (await other.client().get('/')).status === 503)).toBe(true);
    expect((await other.client().signIn('staff', staffEmail)).status).toBe(503);
    // The page names the company's email as its profile has it, on every process.
    expect((await admin.put(api.companySettings, { ...defaultCompany, email: 'help@kafue.test' })).status).toBe(200);
    expect(await within2s(async () => (await other.client().get('/')).text === maintenancePage('help@kafue.test'))).toBe(true);
    expect(defaultPage).not.toContain('help@kafue.test');
    // Off again, through the other process this time.
    const otherAdmin = (await other.admin('Super Admin')).client;
    expect((await otherAdmin.post(api.generalSettings, settings(false))).status).toBe(200);
    expect((await other.client().get('/')).status).toBe(200); // the process that saved it: at once
    expect(await within2s(async () => (await t.client().get('/')).status === 200)).toBe(true);
  });

  it('off again: pages and staff sign-in are restored', async () => {
    const page = await t.client().get('/about');
    expect(page.status).toBe(200);
    expect(page.headers.get('retry-after')).toBeNull();
    expect(page.text).toContain('About page');
    expect((await t.client().signIn('staff', staffEmail)).status).toBe(200);
    // The contact form's call goes through again.
    const form = { fullName: 'After Maintenance', email: 'after@kafue.test', message: 'Back again, are you open?' };
    expect(await t.client().post('/api/enquiries', form)).toMatchObject({ status: 201, body: { message: messages.enquirySent } });
    // Another letter case names no call, maintenance or not.
    expect((await t.client().post('/API/ENQUIRIES', form)).status).toBe(404);
    expect((await t.client().post('/Api/Staff/Login', { email: staffEmail, password })).status).toBe(404);
  });
});
