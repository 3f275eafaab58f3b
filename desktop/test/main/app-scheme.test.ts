/**
 * The app scheme's protocol handler (src/main/app-scheme.ts): the renderer's files, the console's
 * routes answered with index.html, the CSP on every answer, and nothing outside the renderer.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createAppProtocolHandler, isAppUrl } from '../../src/main/app-scheme';

let dir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kafue-scheme-'));
  const root = join(dir, 'renderer');
  await mkdir(join(root, 'assets'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(join(root, 'setup.html'), '<!doctype html><title>setup</title>');
  await writeFile(join(root, 'assets', 'index-abc.js'), 'export const x = 1;');
  await writeFile(join(root, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(join(dir, 'secret.txt'), 'TOP SECRET');
  await mkdir(join(dir, 'renderer-evil'));
  await writeFile(join(dir, 'renderer-evil', 'x.js'), 'TOP SECRET');
  handle = createAppProtocolHandler(root);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const get = (url: string, init?: RequestInit & { initiatorOrigin?: string }) => {
  const request = new Request(url, init);
  if (init?.initiatorOrigin !== undefined) Object.assign(request, { initiatorOrigin: init.initiatorOrigin });
  return handle(request);
};

describe('the app scheme', () => {
  it('serves the built files with their types and the CSP', async () => {
    const js = await get('kafue://app/assets/index-abc.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await js.text()).toBe('export const x = 1;');
    expect((await get('kafue://app/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    const setup = await get('kafue://app/setup.html');
    expect(await setup.text()).toContain('<title>setup</title>');
  });

  it("answers the console's routes with index.html (the router takes it from there)", async () => {
    for (const path of [
      '/',
      '/admin',
      '/admin/dashboard',
      '/admin/settings/general',
      '/kafue-secure-admin',
      '/staff-login',
      '/staff/dashboard',
      '/no/such/route',
    ]) {
      const res = await get(`kafue://app${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), path).toBe(contentSecurityPolicy);
      expect(await res.text(), path).toContain('<title>console</title>');
    }
  });

  it('answers a missing file with 404, not with the page', async () => {
    expect((await get('kafue://app/assets/missing.js')).status).toBe(404);
    expect((await get('kafue://app/favicon.ico')).status).toBe(404);
  });

  it('never serves anything outside the renderer folder', async () => {
    for (const path of [
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/..%2frenderer-evil%2fx.js',
      '/%00index.html',
      '/%E0%A4%A',
    ]) {
      const res = await get(`kafue://app${path}`);
      expect([400, 403], path).toContain(res.status);
      expect(await res.text(), path).not.toContain('TOP SECRET');
    }
    // Literal dot segments are resolved by the URL parser before the handler sees them.
    const parsed = await get('kafue://app/assets/../../secret.txt');
    expect(await parsed.text()).not.toContain('TOP SECRET');
  });

  it('serves only GET and HEAD of host "app", to the app itself', async () => {
    expect((await get('kafue://app/', { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await get('kafue://app/');
    expect(head.status).toBe(200);
    expect((await get('kafue://other/index.html')).status).toBe(404);
    for (const initiator of ['https://evil.example', 'null', 'file://', 'kafue://other']) {
      expect((await get('kafue://app/', { initiatorOrigin: initiator })).status, initiator).toBe(403);
    }
    expect((await get('kafue://app/assets/index-abc.js', { initiatorOrigin: 'kafue://app' })).status).toBe(200);
  });

  it('recognises its own URLs only', () => {
    expect(isAppUrl('kafue://app/admin')).toBe(true);
    for (const url of ['kafue://apps/', 'kafue://app.evil.example/', 'https://app/', 'file:///app', 'not a url'])
      expect(isAppUrl(url), url).toBe(false);
  });
});
