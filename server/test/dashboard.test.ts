/** GET /api/dashboard: every figure from the database or the catalogue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPath } from '@kafue/common/analytics';
import { api } from '@kafue/common/contract';
import { publishedServices } from '../src/content/catalogue.js';
import { change, monthStart, recordStorageReading } from '../src/dashboard/dashboard.js';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ configure: (c) => (c.storageQuotaMb = 512) });
});
afterAll(() => t?.close());

/** `months` months before now, on the 10th at noon UTC (inside that month in every timezone offered). */
function monthsAgo(months: number): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 10, 12));
}

describe('GET /api/dashboard', () => {
  it('counts from the database: New enquiries, Active staff, the months, storage against the quota', async () => {
    const admin = await t.admin('Moderator');
    const insertStaff = (name: string, status: string, at: Date) =>
      t.db.query(`INSERT INTO staff_users (name, email, role, status, password_hash, created_at) VALUES ($1, $2, 'Staff', $3, 'x', $4)`, [
        name,
        `${name.toLowerCase().replace(/\W/g, '')}@kafue.test`,
        status,
        at,
      ]);
    const insertEnquiry = (name: string, status: string, at: Date) =>
      t.db.query(`INSERT INTO enquiries (full_name, email, message, status, created_at) VALUES ($1, 'v@visitor.test', 'm', $2, $3)`, [
        name,
        status,
        at,
      ]);
    await insertStaff('Old Active', 'Active', monthsAgo(3));
    await insertStaff('Old Suspended', 'Suspended', monthsAgo(3));
    await insertStaff('New Active', 'Active', monthsAgo(0));
    await insertEnquiry('Long Ago', 'New', monthsAgo(8));
    await insertEnquiry('Last Month 1', 'Open', monthsAgo(1));
    await insertEnquiry('Last Month 2', 'Closed', monthsAgo(1));
    await insertEnquiry('This Month 1', 'New', monthsAgo(0));
    await insertEnquiry('This Month 2', 'New', monthsAgo(0));
    await insertEnquiry('This Month 3', 'New', monthsAgo(0));
    await insertEnquiry('Spam', 'Spam', monthsAgo(0));

    const answer = await admin.client.get(api.dashboard);
    expect(answer.status).toBe(200);
    const d = answer.body;
    expect(d.newMessages).toEqual({ value: 4, change: 50 });
    expect(d.activeUsers).toEqual({ value: 2, change: 100 });
    expect(d.totalServices).toEqual({ value: 18, change: 0 });
    expect(d.storageUsed.quotaBytes).toBe(512 * 1024 * 1024);
    expect(d.storageUsed.bytes).toBeGreaterThan(1_000_000);
    expect(d.storageUsed.value).toBeCloseTo((d.storageUsed.bytes / d.storageUsed.quotaBytes) * 100, 1);
    // No reading from last month yet.
    expect(d.storageUsed.change).toBeNull();

    expect(d.monthlyActivity).toHaveLength(7);
    expect(d.monthlyActivity.map((m: { month: string }) => m.month)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((n) => monthsAgo(n).toISOString().slice(0, 7)),
    );
    expect(d.monthlyActivity.map((m: { serviceRequests: number }) => m.serviceRequests)).toEqual([0, 0, 0, 0, 0, 2, 3]);
    expect(d.monthlyActivity.map((m: { newUsers: number }) => m.newUsers)).toEqual([0, 0, 0, 2, 0, 0, 1]);
    expect(d.monthlyActivity[6].label).toBe(
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][new Date().getUTCMonth()],
    );

    expect(d.servicesByCategory).toEqual([
      { category: 'Web', label: 'Web & Hosting', count: 3 },
      { category: 'Digital', label: 'Digital Marketing', count: 3 },
      { category: 'IT', label: 'IT & Office', count: 3 },
      { category: 'Design', label: 'Design & Development', count: 2 },
      { category: 'Security', label: 'Security', count: 2 },
      { category: 'Growth', label: 'Business Growth', count: 2 },
      { category: 'CCTV', label: 'CCTV', count: 3 },
    ]);

    // Newest first: enquiries (no spam) and staff, interleaved by time.
    const recent = d.recentActivity.map((r: { user: string; kind: string }) => `${r.kind}:${r.user}`);
    expect(recent.slice(0, 4).sort()).toEqual(['enquiry:This Month 1', 'enquiry:This Month 2', 'enquiry:This Month 3', 'staff:New Active']);
    expect(recent).not.toContain('enquiry:Spam');
    expect(recent.length).toBeLessThanOrEqual(10);
    expect(recent.indexOf('enquiry:Last Month 1')).toBeLessThan(recent.indexOf('staff:Old Active'));
  });

  it("adds the site's visitors to Monthly Activity: each month's, from the analytics", async () => {
    const admin = await t.admin('Moderator');
    const beacon = (path: string, browser: string) =>
      t.client().post(collectPath, JSON.stringify({ path }), { 'content-type': 'text/plain', 'user-agent': `Mozilla/5.0 ${browser}` });
    try {
      // Two visitors last month (one of them twice the same day), three this month.
      t.clock.at = monthsAgo(1).getTime();
      for (const browser of ['Firefox/140.0', 'Firefox/140.0', 'Chrome/141.0']) expect((await beacon('/', browser)).status).toBe(204);
      t.clock.at = monthsAgo(0).getTime();
      for (const browser of ['Firefox/140.0', 'Chrome/141.0', 'Safari/18.0']) expect((await beacon('/services', browser)).status).toBe(204);
    } finally {
      t.clock.at = undefined;
    }
    await t.analytics.flush();
    const { body } = await admin.client.get(api.dashboard);
    expect(body.monthlyActivity.map((m: { visitors: number }) => m.visitors)).toEqual([0, 0, 0, 0, 0, 2, 3]);
  });

  it('compares storage with the reading kept last month', async () => {
    const { client } = await t.admin('Moderator');
    const lastMonth = monthStart(new Date(), 'UTC+0', 1).key;
    await t.db.query(`INSERT INTO settings (key, value) VALUES ($1, '1000000')`, [`dashboard.storage.${lastMonth}`]);
    const d = (await client.get(api.dashboard)).body;
    expect(d.storageUsed.change).toBe(change(d.storageUsed.bytes, 1_000_000));
    expect(d.storageUsed.change).toBeGreaterThan(0);
  });

  it("writes nothing: the settings, the audit log and every table's row count are as before the GET", async () => {
    const { client } = await t.admin('Moderator');
    // No reading kept for this month yet: the GET must not take one.
    await t.db.query(`DELETE FROM settings WHERE key LIKE 'dashboard.storage.%'`);
    const state = async () => ({
      settings: await t.db.query(`SELECT key, value, updated_at FROM settings ORDER BY key`),
      rows: await t.db.query(
        `SELECT table_schema, table_name,
                (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I', table_schema, table_name), false, true, '')))[1]::text AS n
           FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
          ORDER BY 1, 2`,
      ),
    });
    const before = await state();
    expect(before.rows.some((r: { table_name: string }) => r.table_name === 'audit_log')).toBe(true);
    expect((await client.get(api.dashboard)).status).toBe(200);
    expect(await state()).toEqual(before);
  });

  it('keeps the first storage reading of a month (every process records one hourly)', async () => {
    const now = new Date('2031-05-20T12:00:00Z');
    await recordStorageReading(t.db, now);
    const [first] = await t.db.query(`SELECT value FROM settings WHERE key = 'dashboard.storage.2031-05'`);
    expect(typeof first.value).toBe('number');
    expect(first.value).toBeGreaterThan(1_000_000);
    await t.db.query(`UPDATE settings SET value = '1234' WHERE key = 'dashboard.storage.2031-05'`);
    await recordStorageReading(t.db, now);
    expect((await t.db.query(`SELECT value FROM settings WHERE key = 'dashboard.storage.2031-05'`))[0].value).toBe(1234);
  });

  it('percent changes and month starts', () => {
    expect(change(3, 2)).toBe(50);
    expect(change(1, 3)).toBe(-66.7);
    // A first month (nothing last month) shows no change, not "+0% increase".
    expect(change(0, 0)).toBeNull();
    expect(change(2, 0)).toBeNull();
    // 2026-03-01 02:00 UTC is still February at UTC-5.
    const now = new Date('2026-03-01T02:00:00Z');
    expect(monthStart(now, 'UTC-5')).toMatchObject({ key: '2026-02', label: 'Feb', at: new Date('2026-02-01T05:00:00Z') });
    expect(monthStart(now, 'UTC+8', 2)).toMatchObject({ key: '2026-01', at: new Date('2025-12-31T16:00:00Z') });
  });

  it("reads the catalogue: published services by category, and admins' content saves as recent activity", async () => {
    const before = (await (await t.admin('Moderator')).client.get(api.dashboard)).body;
    const editor = await t.admin('Editor');
    const draft = { category: 'CCTV', title: 'Dashboard Draft', price: '$5', description: 'Not yet.', features: [] };
    const added = await editor.client.post(api.content('services'), draft);
    expect(added.status).toBe(201);
    let after = (await editor.client.get(api.dashboard)).body;
    expect(after.totalServices.value).toBe(before.totalServices.value);
    expect(after.recentActivity[0]).toMatchObject({
      kind: 'content',
      user: expect.stringMatching(/^Editor \d+$/),
      action: 'edited Services: Dashboard Draft',
    });
    await editor.client.put(api.contentItem('services', added.body.item._id as string), { ...draft, status: 'published' });
    after = (await editor.client.get(api.dashboard)).body;
    expect(after.totalServices.value).toBe(before.totalServices.value + 1);
    const cctv = (d: typeof after) => d.servicesByCategory.find((c: { category: string }) => c.category === 'CCTV');
    expect(cctv(after).count).toBe(cctv(before).count + 1);
    expect(await publishedServices(t.db)).toContainEqual(expect.objectContaining({ title: 'Dashboard Draft', category: 'CCTV' }));
  });
});
