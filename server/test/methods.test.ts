/**
 * Methods a path does not take: 405 with `Allow` on API paths, pages, the console and assets,
 * logged as an ordinary request (info), never a 500 with a stack trace. rawRequest sends them,
 * since fetch refuses TRACE.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLoginPath } from '@kafue/common/brand';
import { api, messages } from '@kafue/common/contract';
import { rawRequest, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
const files = mkdtempSync(join(tmpdir(), 'kafue-methods-'));
const write = (path: string, text: string) => {
  mkdirSync(join(files, path, '..'), { recursive: true });
  writeFileSync(join(files, path), text);
};

beforeAll(async () => {
  write('site/about/index.html', '<h1>About page</h1>');
  write('site/assets/app-abc123.js', 'console.log("site")');
  write('console/index.html', '<div id="root">console</div>');
  write('console/assets/index-xyz.js', 'console.log("console")');
  t = await startTestServer({
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

const send = (method: string, path: string) => rawRequest(`${t.url}${path}`, { method });

const oddMethods = ['TRACE', 'PROPFIND', 'MKCOL', 'SEARCH', 'PATCH', 'OPTIONS'];
const logLines = () => t.logs.map((line) => JSON.parse(line) as { level: number; msg: string; method?: string; path?: string; status?: number });

describe('methods a path does not take', () => {
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
      expect(lines.filter((l) => l.level >= 40)).toEqual([]);
      expect(lines.map((l) => [l.level, l.msg, l.method, l.path, l.status])).toEqual(
        oddMethods.map((method) => [30, 'request', method, path, 405]),
      );
      expect(lines.map((l) => JSON.stringify(l)).join('\n')).not.toMatch(/stack/i);
      // The methods it takes still work.
      expect((await send('GET', path)).status).not.toBe(405);
    });
  }

  it('an API path no route matches stays a 404, whatever the method', async () => {
    for (const method of oddMethods) {
      const answer = await send(method, '/api/nothing-here');
      expect(answer.status, method).toBe(404);
      expect(answer.body).toEqual({ message: messages.notFound });
    }
  });

  it('a method Node does not know never reaches the app: 400 from the HTTP parser, nothing logged as an error', async () => {
    const before = t.logs.length;
    expect((await send('FROBNICATE', api.staff)).status).toBe(400);
    expect(logLines().slice(before).filter((l) => l.level >= 40)).toEqual([]);
  });
});
