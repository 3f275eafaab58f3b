/**
 * Zero-downtime restart: /api/ready for load balancers (503 while draining, /api/health still the
 * liveness check), and a rolling restart of the built server, two processes on one database
 * behind a load balancer (balancer.ts), under 50 connections of reads and writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { lowCostVariable } from '../src/auth/passwords.js';
import { Balancer, lostWrites, mixedLoad, rollingRestart, seedStaff, signInBearer } from './balancer.js';
import { createDatabase, startTestServer, type TestServer } from './helpers.js';
import { buildForTest, cleanUp, dataDirWithCluster, freshDataDir, startServer } from './spawn-server.js';

let dist = '';
let t: TestServer;

beforeAll(async () => {
  dist = await buildForTest();
  t = await startTestServer({ withOutage: true });
});
afterAll(async () => {
  await t.close();
  cleanUp();
});

describe('GET /api/ready', () => {
  it('200 { status: ready } while serving; 503 draining while draining, when /api/health and other calls still answer 200', async () => {
    const { client } = await t.admin('Editor');
    expect(await t.client().get(api.ready)).toMatchObject({ status: 200, body: { status: 'ready' } });
    t.lifecycle.draining = true;
    try {
      const ready = await t.client().get(api.ready);
      expect(ready).toMatchObject({ status: 503, body: { status: 'draining', message: messages.draining } });
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await t.client().get(api.health)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect((await client.get(api.staff)).status).toBe(200);
    } finally {
      t.lifecycle.draining = false;
    }
    expect((await t.client().get(api.ready)).status).toBe(200);
  });

  it('503 unavailable while the database is away, like /api/health', async () => {
    await t.outage!.cut();
    try {
      expect(await t.client().get(api.ready)).toMatchObject({
        status: 503,
        body: { status: 'unavailable', message: messages.databaseUnavailable },
      });
    } finally {
      await t.outage!.restore();
    }
    expect((await t.client().get(api.ready)).status).toBe(200);
  });
});

describe('the server process after SIGTERM', () => {
  it('drains for DRAIN_SECONDS: ready 503 at once, health and calls 200 with Connection: close; then stops', async () => {
    const s = await startServer(dist, dataDirWithCluster(), { DRAIN_SECONDS: '2' });
    const signalled = Date.now();
    const exited = s.stop('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(s.url + api.ready);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining', message: messages.draining });
    const health = await fetch(s.url + api.health);
    expect(health.status).toBe(200);
    expect(health.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(2000);
    expect(s.output()).toMatch(/SIGTERM: not ready; serving 2 s more/);
  }, 60_000);
});

describe('rolling restart behind a load balancer', () => {
  it('two restarts under 50 connections of reads and writes: 0 failed requests, every acknowledged write stored', async () => {
    const databaseUrl = await createDatabase('migrated');
    const admin = { email: 'roll@kafue.test', password: 'roll password' };
    // Creates hash at the test cost: at argon2's own, 50 clients' creates queued for its two slots
    // past the 10 s a stopping process gives requests in flight, on a loaded machine.
    const env = {
      DATABASE_URL: databaseUrl,
      DRAIN_SECONDS: '1',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      [lowCostVariable]: '1',
    };
    const start = () => startServer(dist, freshDataDir(), env);
    const balancer = new Balancer(100);
    await balancer.listen();
    try {
      const a = await start();
      await balancer.addReady(a.url);
      const token = await signInBearer(balancer.url, admin);

      const load = mixedLoad(balancer.url, token, await seedStaff(databaseUrl, 50));
      const b = await rollingRestart(balancer, a, start);
      const again = await rollingRestart(balancer, b.running, start);
      const servedByB = balancer.served(b.running.url);
      await load.stop();
      await again.running.stop('SIGTERM');

      expect(load.failed.length, load.failed.slice(0, 5).join('\n')).toBe(0);
      expect([b.exitCode, again.exitCode]).toEqual([0, 0]);
      expect(servedByB).toBeGreaterThan(0);
      expect(load.ok).toBeGreaterThan(500);
      expect(await lostWrites(databaseUrl, load.acknowledged)).toEqual([]);
      expect(load.acknowledged.size).toBeGreaterThanOrEqual(50);
      expect([...load.acknowledged.keys()].some((email) => email.startsWith('load'))).toBe(true);
    } finally {
      await balancer.close();
    }
  }, 180_000);
});
