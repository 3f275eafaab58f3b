/**
 * Several server processes on one database (DATABASE_URL), as built: they start together without
 * colliding (migrations and the first Super Admin happen once), requests may go to any of them
 * (sessions, sign-in limits and data are the database's), and when one is killed in the middle of
 * writes the other carries on, with every write a client was told succeeded kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { defaultLimits, loadConfig } from '../src/config.js';
import { migrations, openDatabase } from '../src/db/data-source.js';
import { Client, createDatabase } from './helpers.js';
import { buildForTest, cleanUp, freshDataDir, startServer, type Running } from './spawn-server.js';

const names = migrations.map((m) => new m().name);
const admin = { email: 'multi@kafue.test', password: 'multi password' };

describe('migrations', () => {
  it('several connections migrating one fresh database at once (processes starting together): each migration applied once', async () => {
    const url = await createDatabase('empty');
    const applied: string[] = [];
    const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase(loadConfig({}), (line) => applied.push(line), url)));
    try {
      expect(applied).toEqual(names.map((name) => `Migration applied: ${name}`));
      const rows: { name: string }[] = await opened[0].dataSource.query(`SELECT name FROM migrations ORDER BY id`);
      expect(rows.map((r) => r.name)).toEqual(names);
    } finally {
      await Promise.all(opened.map((db) => db.close()));
    }
  });
});

describe('two server processes on one database', () => {
  let a: Running;
  let b: Running;
  /** A signed-in admin's session (cookie), made on A. */
  let cookie: string;

  beforeAll(async () => {
    const dist = await buildForTest();
    const env = { DATABASE_URL: await createDatabase('empty'), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    [a, b] = await Promise.all([startServer(dist, freshDataDir(), env), startServer(dist, freshDataDir(), env)]);
    const signedIn = new Client(a.url);
    expect((await signedIn.signIn('admin', admin.email, admin.password)).status).toBe(200);
    cookie = signedIn.cookie!;
  });
  afterAll(cleanUp);

  it('started together on a fresh database: one of them migrated it and created the first Super Admin', () => {
    const both = a.output() + b.output();
    for (const name of names) expect(both.split(`Migration applied: ${name}`).length).toBe(2);
    expect(both.split('First Super Admin created').length).toBe(2);
  });

  it('a session made on one works on the other; signed out on the other, it ends on the first', async () => {
    const onA = new Client(a.url);
    expect((await onA.signIn('admin', admin.email, admin.password)).status).toBe(200);
    const onB = new Client(b.url, onA.cookie);
    expect((await onB.get(api.authVerify)).status).toBe(200);
    expect((await onB.post(api.authLogout)).status).toBe(200);
    // A's cache of sessions hears of it through PostgreSQL's notifications, within a moment.
    await expect.poll(async () => (await onA.get(api.authVerify)).status, { timeout: 2_000 }).toBe(401);
  });

  it('a change on one is read on the other; failed sign-ins on both count toward one limit', async () => {
    const created = await new Client(a.url, cookie).post(api.staff, {
      name: 'Shared',
      email: 'shared@kafue.test',
      role: 'Staff',
      status: 'Active',
    });
    expect(created.status).toBe(201);
    const listed = (await new Client(b.url, cookie).get(api.staff)).body as { email: string }[];
    expect(listed.map((s) => s.email)).toContain('shared@kafue.test');

    const limit = defaultLimits.failuresPerAccount;
    for (let i = 0; i < limit; i++) {
      const answer = await new Client([a, b][i % 2].url).signIn('staff', 'shared@kafue.test', 'wrong password');
      expect(answer.status).toBe(401);
    }
    // Past the limit, the right password too is refused, on either process.
    for (const s of [a, b]) {
      expect((await new Client(s.url).signIn('staff', 'shared@kafue.test', created.body.oneTimePassword)).status).toBe(429);
    }
  });

  it(
    'one killed (SIGKILL) under write load: the other keeps answering, and every acknowledged write is there',
    { timeout: 90_000 },
    async () => {
      const clients = [new Client(a.url, cookie), new Client(b.url, cookie)];
      const acknowledged: string[] = [];
      let acknowledgedByB = 0;
      /** Answers other than 201, and failures to reach B: none expected. */
      const wrong: string[] = [];
      let running = true;
      // Eight clients, each sending its creates to A and B in turn.
      const writer = async (w: number) => {
        for (let i = 0; running; i++) {
          const email = `load${w}-${i}@kafue.test`;
          const client = clients[(w + i) % 2];
          try {
            const answer = await client.post(api.staff, { name: `Load ${email}`, email, role: 'Manager', status: 'Suspended' });
            if (answer.status === 201) {
              acknowledged.push(email);
              if (client === clients[1]) acknowledgedByB++;
            } else wrong.push(`${answer.status} ${answer.text.slice(0, 80)}`);
          } catch (error) {
            // A killed: that write was never acknowledged (it may or may not have been made).
            if (client === clients[1]) wrong.push(`B: ${String(error)}`);
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, w) => writer(w));
      const until = async (done: () => boolean) => {
        while (!done() && wrong.length === 0) await new Promise((r) => setTimeout(r, 20));
      };
      await until(() => acknowledged.length >= 10);
      await a.stop('SIGKILL');
      const byBAtKill = acknowledgedByB;
      await until(() => acknowledgedByB >= byBAtKill + 10);
      running = false;
      await Promise.all(writers);
      expect(wrong).toEqual([]);

      const rows = (await clients[1].get(api.staff)).body as { name: string; email: string; role: string; status: string }[];
      const emails = new Set(rows.map((r) => r.email));
      expect(acknowledged.filter((email) => !emails.has(email))).toEqual([]);
      for (const row of rows.filter((r) => r.email.startsWith('load'))) {
        expect(row).toMatchObject({ name: `Load ${row.email}`, role: 'Manager', status: 'Suspended' });
      }
    },
  );
});
