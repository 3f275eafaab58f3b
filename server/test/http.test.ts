/**
 * What every call shares: body limit, malformed JSON, unknown paths, methods a path does not
 * take (405 with Allow, on pages and files too), security headers, cookie flags in production,
 * request logs without secrets, health and database outages; and the serving of the built site
 * and console.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginPath } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { connectTimeoutMs, poolSize } from '../src/db/data-source.js';
import { password, rawRequest, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
const files = mkdtempSync(join(tmpdir(), 'kafue-static-'));
const write = (path: string, text: string) => {
  mkdirSync(join(files, path, '..'), { recursive: true });
  writeFileSync(join(files, path), text);
};

beforeAll(async () => {
  write('site/index.html', '<h1>Home page</h1>');
  write('site/about/index.html', '<h1>About page</h1>');
  write('site/contact/index.html', '<h1>Contact page</h1>');
  write('site/service/Web/0/index.html', '<h1>Website Creation</h1>');
  write('site/404.html', '<h1>Oops 404</h1>');
  write('site/robots.txt', 'User-agent: *');
  write('site/assets/app-abc123.js', 'console.log("site")');
  write('console/index.html', '<div id="root">console</div>');
  write('console/assets/index-xyz.js', 'console.log("console")');
  write('console/favicon.svg', '<svg/>');
  write('secret.txt', 'top secret');
  t = await startTestServer({
    withOutage: true,
    configure: (c) => {
      c.siteDir = join(files, 'site');
      c.consoleDir = join(files, 'console');
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('request bodies', () => {
  it('a body over the limit: 413 with a message', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70 * 1024) });
    const answer = await t.client().post(api.adminLogin, big);
    expect(answer).toMatchObject({ status: 413, body: { message: messages.bodyTooLarge } });
  });

  it('malformed JSON: 400 with a message', async () => {
    for (const body of ['{bad json', '{"email": "a@b.co",}', '"just a string"', 'nul']) {
      const answer = await t.client().post(api.adminLogin, body);
      expect(answer.status, body).toBe(400);
      expect([messages.malformedJson, messages.invalidInput], body).toContain(answer.body.message);
    }
    expect((await t.client().post(api.adminLogin, '{bad')).body).toEqual({ message: messages.malformedJson });
  });

  it('a JSON array or null where an object is expected: 400, not 500', async () => {
    const { client } = await t.admin('Super Admin');
    for (const body of ['[]', 'null', '[{"name":"x"}]', '123']) {
      expect((await client.post(api.staff, body)).status, body).toBe(400);
    }
  });

  it('a password over 256 characters is refused before hashing (400)', async () => {
    const answer = await t.client().post(api.adminLogin, { email: 'a@kafue.test', password: 'x'.repeat(257) });
    expect(answer.status).toBe(400);
  });
});

describe('unknown API paths and methods', () => {
  it('answers 404 { message } for an unknown path and 405 for a wrong method', async () => {
    expect(await t.client().get('/api/nothing-here')).toMatchObject({ status: 404, body: { message: messages.notFound } });
    expect(await t.client().call('PATCH', api.staff)).toMatchObject({ status: 405, body: { message: messages.methodNotAllowed } });
    expect((await t.client().get('/api')).status).toBe(404);
  });
});

const send = (method: string, path: string) => rawRequest(`${t.url}${path}`, { method });

const oddMethods = ['TRACE', 'PROPFIND', 'MKCOL', 'SEARCH', 'PATCH', 'OPTIONS'];
const logLines = () =>
  t.logs.map((line) => JSON.parse(line) as { level: number; msg: string; method?: string; path?: string; status?: number });

describe('methods a path does not take (rawRequest sends them: fetch refuses TRACE)', () => {
  const paths = [
    { what: 'an API path', path: api.staff, allow: 'HEAD, GET, POST' },
    { what: 'a page', path: '/about', allow: 'GET, HEAD' },
    { what: 'a page that takes a form post', path: '/contact', allow: 'GET, HEAD, POST' },
    { what: 'a console path', path: '/admin/staff', allow: 'GET, HEAD' },
    { what: 'the admin sign-in page', path: adminLoginPath, allow: 'GET, HEAD' },
    { what: 'a site asset', path: '/assets/app-abc123.js', allow: 'GET, HEAD' },
    { what: 'a console asset', path: '/admin/assets/index-xyz.js', allow: 'GET, HEAD' },
  ];

  for (const { what, path, allow } of paths) {
    it(`${what} (${path}): each odd method answers 405 with Allow: ${allow}, logged at info without a stack`, async () => {
      const before = t.logs.length;
      for (const method of oddMethods) {
        const answer = await send(method, path);
        expect(answer.status, method).toBe(405);
        expect(answer.headers.get('allow'), method).toBe(allow);
        expect(answer.body, method).toEqual({ message: messages.methodNotAllowed });
      }
      const lines = logLines().slice(before);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      expect(lines.filter((l) => l.msg === 'request').map((l) => [l.level, l.method, l.path, l.status])).toEqual(
        oddMethods.map((method) => [30, method, path, 405]),
      );
      expect(lines.map((l) => JSON.stringify(l)).join('\n')).not.toMatch(/stack/i);
      // The methods it takes still work.
      expect((await send('GET', path)).status).not.toBe(405);
    });
  }

  it('a path that names nothing stays a 404, whatever the method: an API path no route matches, a page that does not exist, another letter case', async () => {
    for (const path of ['/api/nothing-here', '/nothing-here', '/API/STAFF', '/About']) {
      for (const method of [...oddMethods, 'POST', 'PUT', 'DELETE']) {
        const answer = await send(method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body, `${method} ${path}`).toEqual({ message: messages.notFound });
      }
    }
  });

  it('a method Node does not know never reaches the app: 400 from the HTTP parser, nothing logged as an error', async () => {
    const before = t.logs.length;
    expect((await send('FROBNICATE', api.staff)).status).toBe(400);
    expect(
      logLines()
        .slice(before)
        .filter((l) => l.level >= 50),
    ).toEqual([]);
  });
});

describe('security headers and cookies', () => {
  it('sets the usual security headers on API answers and pages; API answers are not cached', async () => {
    for (const path of [api.health, '/']) {
      const answer = await t.client().get(path);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(answer.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
    expect((await t.client().get(api.health)).headers.get('cache-control')).toBe('no-store');
  });

  it('with NODE_ENV=production: Secure cookie and HSTS', async () => {
    const prod = await startTestServer({ configure: (c) => (c.production = true) });
    try {
      const { email } = await prod.admin('Editor');
      const answer = await prod.client().post(api.adminLogin, { email, password });
      expect(answer.headers.getSetCookie()[0]).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await prod.close();
    }
  });
});

describe('request log', () => {
  it('logs method, path, status and duration as JSON, never bodies, cookies, tokens or the Authorization header', async () => {
    const { email } = await t.admin('Editor');
    const c = t.client();
    const login = await c.post(`${api.adminLogin}?probe=querysecret`, { email, password, session: 'bearer' });
    const token: string = login.body.token;
    c.bearer = token;
    await c.get(api.staff);
    const cookieClient = t.client();
    await cookieClient.signIn('admin', email);
    await cookieClient.get(api.staff);
    const lines = t.logs.map((l) => JSON.parse(l));
    expect(lines).toContainEqual(expect.objectContaining({ method: 'POST', path: api.adminLogin, status: 200, ms: expect.any(Number) }));
    expect(lines).toContainEqual(expect.objectContaining({ method: 'GET', path: api.staff, status: 200 }));
    const all = t.logs.join('\n');
    for (const secret of [password, token, cookieClient.cookie!, 'querysecret', email]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('health and database outages', () => {
  it('GET /api/health: 200 { status: ok } while the database answers', async () => {
    expect(await t.client().get(api.health)).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('database down: 503 with a message (health and calls), no crash; back without a restart', async () => {
    const { client } = await t.admin('Super Admin');
    expect((await client.get(api.staff)).status).toBe(200);
    await t.outage!.cut();
    try {
      const health = await t.client().get(api.health);
      expect(health).toMatchObject({ status: 503, body: { status: 'unavailable', message: messages.databaseUnavailable } });
      const list = await client.get(api.staff);
      expect(list).toMatchObject({ status: 503, body: { message: messages.databaseUnavailable } });
      const login = await t.client().post(api.adminLogin, { email: 'x@kafue.test', password: 'whatever' });
      expect(login).toMatchObject({ status: 503, body: { message: messages.databaseUnavailable } });
      expect(JSON.stringify(list.body)).not.toMatch(/ECONN|at |stack/);
    } finally {
      await t.outage!.restore();
    }
    expect((await t.client().get(api.health)).status).toBe(200);
    expect((await client.get(api.staff)).status).toBe(200);
  });
});

describe('a busy pool', () => {
  it('a request waiting longer than the connect timeout for a pooled connection is served, not refused with 503', async () => {
    // Every pooled connection busy a second past the connect timeout; the request waits its turn.
    const busy = Array.from({ length: poolSize }, () => t.db.query(`SELECT pg_sleep($1)`, [connectTimeoutMs / 1000 + 1]));
    await new Promise((r) => setTimeout(r, 200));
    const waited = Date.now();
    const answer = await t.client().get(api.health);
    expect(Date.now() - waited).toBeGreaterThan(connectTimeoutMs);
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
    await Promise.all(busy);
  });
});

describe('database cut while requests run', () => {
  it('each request in flight or arriving answers 200 or 503 { message } (no 500, no hang); all 200 again once it returns', async () => {
    const { client } = await t.admin('Super Admin');
    const settings = { siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+0', maintenanceMode: false };
    const seen: number[] = [];
    const wrong: string[] = [];
    let running = true;
    const worker = async (i: number) => {
      while (running) {
        const answer =
          i % 3 === 0 ? await client.post(api.generalSettings, settings) : await client.get(i % 3 === 1 ? api.staff : api.generalSettings);
        seen.push(answer.status);
        const ok = answer.status === 200 || (answer.status === 503 && answer.body.message === messages.databaseUnavailable);
        if (!ok) wrong.push(`${answer.status} ${answer.text.slice(0, 100)}`);
      }
    };
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    };
    const workers = Array.from({ length: 12 }, (_, i) => worker(i));
    await until(() => seen.length >= 60);
    await t.outage!.cut();
    const atCut = seen.length;
    await until(() => seen.slice(atCut).filter((s) => s === 503).length >= 30);
    await t.outage!.restore();
    const atRestore = seen.length;
    await until(() => seen.slice(atRestore).filter((s) => s === 200).length >= 60);
    running = false;
    await Promise.all(workers);
    expect(wrong).toEqual([]);
    expect(seen.slice(atCut, atRestore)).toContain(503);
    expect(seen.slice(-20)).toEqual(Array(20).fill(200));
    expect((await t.client().get(api.health)).status).toBe(200);
  });
});

describe('serving the built site and console', () => {
  it('serves site pages from site/dist: /x/y -> x/y/index.html, HTML not cached', async () => {
    const home = await t.client().get('/');
    expect(home).toMatchObject({ status: 200, text: '<h1>Home page</h1>' });
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect((await t.client().get('/about')).text).toBe('<h1>About page</h1>');
    expect((await t.client().get('/about/')).text).toBe('<h1>About page</h1>');
    expect((await t.client().get('/service/Web/0')).text).toBe('<h1>Website Creation</h1>');
    expect((await t.client().get('/robots.txt')).text).toBe('User-agent: *');
  });

  it('hashed assets are cached for a year, immutable', async () => {
    const asset = await t.client().get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('anything unknown gets 404.html with status 404', async () => {
    for (const path of ['/nope', '/service/Web/99', '/assets/missing.js']) {
      expect(await t.client().get(path), path).toMatchObject({ status: 404, text: '<h1>Oops 404</h1>' });
    }
  });

  it('does not serve files outside the build (path traversal)', async () => {
    for (const path of ['/..%2Fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2F..%2Fsecret.txt', '/admin/..%2F..%2Fsecret.txt']) {
      const answer = await t.client().get(path);
      expect(answer.text, path).not.toContain('top secret');
      expect(answer.status, path).not.toBe(500);
    }
  });

  it('console routes get the console index.html (status 200); its assets live under /admin/assets', async () => {
    for (const path of [
      '/admin',
      '/admin/users',
      '/admin/settings/backup',
      '/kafue-secure-admin',
      '/staff-login',
      '/staff',
      '/staff/dashboard',
    ]) {
      expect(await t.client().get(path), path).toMatchObject({ status: 200, text: '<div id="root">console</div>' });
    }
    const asset = await t.client().get('/admin/assets/index-xyz.js');
    expect(asset).toMatchObject({ status: 200, text: 'console.log("console")' });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await t.client().get('/admin/favicon.svg')).text).toBe('<svg/>');
    expect((await t.client().get('/admin/assets/missing.js')).status).toBe(404);
  });

  it('answers 304 to a conditional request for an unchanged file', async () => {
    const first = await t.client().get('/assets/app-abc123.js');
    // (fetch adds "Cache-Control: no-cache" to conditional requests unless one is given.)
    const again = await t.client().get('/assets/app-abc123.js', {
      'if-none-match': first.headers.get('etag')!,
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
  });

  it('a build that is missing: plain-text 503, not a crash', async () => {
    const bare = await startTestServer(); // points at folders that do not exist
    try {
      const site = await bare.client().get('/');
      expect(site.status).toBe(503);
      expect(site.headers.get('content-type')).toMatch(/text\/plain/);
      expect(site.text).toMatch(/site has not been built/);
      expect((await bare.client().get('/admin')).text).toMatch(/console has not been built/);
      expect((await bare.client().get(api.health)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
