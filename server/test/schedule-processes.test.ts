/**
 * Scheduled changes with two real server processes on one database, as built: a change goes live
 * within a second of its time and once (one revision, one audit row, whichever process took it);
 * one cancelled on the other process never does; and one whose time passes while both are stopped
 * goes live when one starts again, logged as late, at start.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { Client, createDatabase, sampleService } from './helpers.js';
import { buildForTest, cleanUp, freshDataDir, startServer, type Running } from './spawn-server.js';

const admin = { email: 'schedule@kafue.test', password: 'schedule password' };
let dist: string;
let env: Record<string, string>;
let a: Running;
let b: Running;
let onA: Client;
let onB: Client;
let db: pg.Client;

beforeAll(async () => {
  dist = await buildForTest();
  env = { DATABASE_URL: await createDatabase('migrated'), ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  a = await startServer(dist, freshDataDir(), env);
  b = await startServer(dist, freshDataDir(), env);
  onA = new Client(a.url);
  expect((await onA.signIn('admin', admin.email, admin.password)).status).toBe(200);
  onB = new Client(b.url, onA.cookie);
  db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  cleanUp();
});

/** A new published service, on A; answers its id and the body a PUT would send. */
async function service(title: string) {
  const body = { ...sampleService, title, status: 'published' };
  const created = await onA.post(api.content('services'), body);
  expect(created.status).toBe(201);
  return { id: created.body.item._id as string, body };
}

const scheduleOf = (id: string) => `${api.contentItem('services', id)}/schedule`;
const priceOf = async (id: string) =>
  (await db.query<{ price: string }>(`SELECT fields->>'price' AS price FROM content_items WHERE id = $1`, [id])).rows[0].price;
const scheduledRevisions = async (id: string) =>
  (await db.query(`SELECT 1 FROM content_revisions WHERE item_id = $1 AND author_name LIKE '%(scheduled)'`, [id])).rowCount;
const schedulerRows = async (id: string) =>
  (
    await db.query<{ changes: { schedule: { new: { lateSeconds?: number; atStart?: boolean } } } }>(
      `SELECT changes FROM audit_log WHERE target_id = $1 AND actor_name = 'scheduler'`,
      [id],
    )
  ).rows;

describe('scheduled changes across two server processes', () => {
  it('a change set on one goes live within a second of its time, once', async () => {
    for (let round = 0; round < 3; round++) {
      const { id, body } = await service(`Two Process Price ${round}`);
      const due = new Date(Date.now() + 1_500);
      const set = await (round % 2 ? onB : onA).post(scheduleOf(id), {
        at: due.toISOString(),
        action: 'apply',
        item: { ...body, price: '$77' },
      });
      expect(set.status).toBe(201);
      await expect.poll(() => priceOf(id), { timeout: 5_000, interval: 50 }).toBe('$77');
      const {
        rows: [{ applied_at }],
      } = await db.query<{ applied_at: Date }>(`SELECT applied_at FROM content_schedule WHERE id = $1`, [set.body.change._id]);
      expect(applied_at.getTime() - due.getTime()).toBeGreaterThanOrEqual(0);
      expect(applied_at.getTime() - due.getTime()).toBeLessThan(1_000);
      // Both processes woke at its time: one applied it, the other found it taken.
      await new Promise((r) => setTimeout(r, 500));
      expect(await scheduledRevisions(id)).toBe(1);
      expect(await schedulerRows(id)).toHaveLength(1);
    }
  });

  it('a change cancelled on the other process never goes live', async () => {
    const { id, body } = await service('Cancelled Across');
    const set = await onA.post(scheduleOf(id), {
      at: new Date(Date.now() + 1_500).toISOString(),
      action: 'apply',
      item: { ...body, price: '$1' },
    });
    expect(set.status).toBe(201);
    expect((await onB.delete(`/api/content/schedule/${set.body.change._id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await priceOf(id)).toBe(sampleService.price);
    expect(await schedulerRows(id)).toHaveLength(0);
  });

  it('a change due while both were stopped goes live when one starts, and the audit log says it was late, at start', async () => {
    const { id, body } = await service('Restart Price');
    const due = new Date(Date.now() + 1_500);
    const set = await onA.post(scheduleOf(id), { at: due.toISOString(), action: 'apply', item: { ...body, price: '$88' } });
    expect(set.status).toBe(201);
    await Promise.all([a.stop(), b.stop()]);
    await new Promise((r) => setTimeout(r, due.getTime() + 1_500 - Date.now()));
    expect(await priceOf(id)).toBe(sampleService.price);
    a = await startServer(dist, freshDataDir(), env);
    // Applied before the restarted process answers its first request.
    expect(await priceOf(id)).toBe('$88');
    const [row] = await schedulerRows(id);
    expect(row.changes.schedule.new.atStart).toBe(true);
    expect(row.changes.schedule.new.lateSeconds).toBeGreaterThanOrEqual(1);
    expect(a.output()).toContain('scheduled changes applied');
  });
});
