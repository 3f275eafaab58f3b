/**
 * The routes the app mounts and common's table of calls (common/src/endpoints.ts), which the
 * console's typed client reads, cannot drift apart: every route is declared from its entry (same
 * method, path and schemas) and every entry is served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ApiCall } from '@kafue/common/endpoints';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const table: [string, ApiCall][] = Object.entries(endpoints);

describe('the table of calls in common', () => {
  it('names each method and path once (the console finds an entry by them)', () => {
    const keys = table.map(([, entry]) => key(entry));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has an entry for every route the app mounts, with the schemas the route declares', () => {
    const byKey = new Map(table.map(([, entry]) => [key(entry), entry]));
    for (const route of t.endpoints) {
      const entry = byKey.get(key(route));
      expect(entry, `${key(route)} has no entry in common/src/endpoints.ts`).toBeDefined();
      expect(route.body, `${key(route)}: body`).toBe(entry?.body);
      expect(route.documentedBody, `${key(route)}: documented body`).toBe(entry?.documentedBody);
      expect(Object.keys(route.answer), `${key(route)}: answer statuses`).toEqual(Object.keys(entry?.answer ?? {}));
      for (const [status, schema] of Object.entries(route.answer)) {
        expect(schema, `${key(route)}: answer ${status}`).toBe(entry?.answer[Number(status)]);
      }
    }
  });

  it('has no entry the app does not serve', () => {
    const served = new Set(t.endpoints.map(key));
    const unserved = table.filter(([, entry]) => !served.has(key(entry))).map(([name]) => name);
    expect(unserved).toEqual([]);
  });
});
