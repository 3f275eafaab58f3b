/**
 * A visitor of the site's contact form, for the specs that send enquiries: the form's fields, a
 * visitor of their own, and the enquiries they sent, read back through the admin API.
 */
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { api } from '@kafue/common/contract';
import { test, expect } from './fixtures';
import { siteAdmin } from '../playwright.config';

export function contactForm(page: Page) {
  const region = page.getByRole('region', { name: 'Send us a Message' });
  return {
    region,
    name: region.getByRole('textbox', { name: 'Full Name' }),
    phone: region.getByRole('textbox', { name: /Phone Number/ }),
    email: region.getByRole('textbox', { name: 'Email Address' }),
    service: region.getByRole('combobox', { name: /Service/ }),
    message: region.getByRole('textbox', { name: 'Message' }),
    send: region.getByRole('button', { name: 'Send Message' }),
    status: region.getByRole('status'),
    error: region.locator('.error-note'),
  };
}

let visitors = 0;
/**
 * A visitor of its own: a unique name, e-mail and tag to find their enquiry by, and a client
 * address of their own (the server trusts the test's X-Forwarded-For), so that the limit of five
 * messages per address in ten minutes counts each test apart.
 */
export async function visitor(page: Page) {
  visitors += 1;
  const tag = `t${Date.now().toString(36)}${visitors}`;
  // One of 65,024 addresses of the benchmarking range (198.18.0.0/15): with many specs sending,
  // one /24 of 250 made two tests meet on an address now and then.
  const n = Math.floor(Math.random() * 254 * 256);
  const address = `198.18.${n % 256}.${1 + Math.floor(n / 256)}`;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
  return { tag, address, name: `Chanda Mwale ${tag}`, email: `${tag}@example.com` };
}

export function baseURL(): string {
  return test.info().project.use.baseURL!;
}

let signedIn: Promise<APIRequestContext> | undefined;
/** The admin API, signed in once per worker (a sign-in checks the password with argon2: slow on purpose). */
function adminApi(): Promise<APIRequestContext> {
  signedIn ??= (async () => {
    const admin = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
    expect((await admin.post(api.adminLogin, { data: siteAdmin })).status()).toBe(200);
    return admin;
  })();
  return signedIn;
}

/** The enquiries whose text holds `tag`, any status, read through the admin API. */
export async function enquiriesMatching(tag: string): Promise<Array<Record<string, unknown>>> {
  const admin = await adminApi();
  const found: Array<Record<string, unknown>> = [];
  for (const status of ['New', 'Spam']) {
    const res = await admin.get(`/api/enquiries?q=${tag}&status=${status}`);
    expect(res.status()).toBe(200);
    found.push(...((await res.json()) as { items: Array<Record<string, unknown>> }).items);
  }
  return found;
}
