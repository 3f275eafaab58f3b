/**
 * Visitor analytics (issue 24), against real PostgreSQL: the visitor key (one a day, a new one
 * the next, no address or user agent stored anywhere), what is not counted, the beacon's limits,
 * the partitions dropped at 30 days with the rollups kept, rollups made once by two processes,
 * and a visit's beacons leading to the enquiry it converted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPath, maxBeaconBytes } from '@kafue/common/analytics';
import { api } from '@kafue/common/contract';
import type { AnalyticsReport } from '@kafue/common/schemas';
import { partitionDays, rollUpDays, runAnalyticsPass } from '../src/analytics/storage.js';
import { VisitorKeyForADay1795600000220 } from '../src/db/migrations/1795600000220-VisitorKeyForADay.js';
import { startTestServer, type TestServer } from './helpers.js';

const dayMs = 86_400_000;
/** A browser's user agent no table may hold (the test looks for it everywhere). */
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 KafueVisitor/7';
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;

function collect(t: TestServer, body: unknown, address: string, headers: Record<string, string> = {}, client = t.client()) {
  return client.post(collectPath, typeof body === 'string' ? body : JSON.stringify(body), {
    'content-type': 'text/plain;charset=UTF-8',
    'x-forwarded-for': address,
    'user-agent': userAgent,
    ...headers,
  });
}

async function report(t: TestServer, from: string, to: string, by = 'day'): Promise<AnalyticsReport> {
  const admin = await t.admin('Moderator');
  const answer = await admin.client.get<AnalyticsReport>(`${api.analytics}?from=${from}&to=${to}&by=${by}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

const eventCount = async (t: TestServer, where = 'true', values: unknown[] = []) =>
  (await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM analytics_events WHERE ${where}`, values))[0].n;

describe('the visitor key and what is stored', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  });
  afterAll(() => t?.close());

  it('counts one visitor for a day of page views, a new one the next day, and keeps no address or user agent in any table', async () => {
    const first = Date.parse('2026-03-10T09:00:00Z');
    const [ada, bob] = [freshAddress(), freshAddress()];
    t.clock.at = first;
    for (const path of ['/?utm_source=facebook', '/services', '/contact']) {
      expect((await collect(t, { type: 'pageview', path, referrer: '', width: 390 }, ada)).status).toBe(204);
      t.clock.at += 60_000;
    }
    expect((await collect(t, { path: '/', referrer: 'https://www.google.com/search?q=kafue', width: 1440 }, bob)).status).toBe(204);
    t.clock.at = first + dayMs;
    expect((await collect(t, { path: '/pricing', width: 390 }, ada)).status).toBe(204);
    await t.analytics.flush();

    const keys = await t.db.query<{ day: string; visitors: number; views: number }[]>(
      `SELECT (at AT TIME ZONE 'UTC')::date::text AS day, count(DISTINCT visitor)::int AS visitors, count(*)::int AS views
         FROM analytics_events GROUP BY 1 ORDER BY 1`,
    );
    expect(keys).toEqual([
      { day: '2026-03-10', visitors: 2, views: 4 },
      { day: '2026-03-11', visitors: 1, views: 1 },
    ]);
    const [{ shared }] = await t.db.query<[{ shared: number }]>(
      `SELECT count(*)::int AS shared FROM (SELECT visitor FROM analytics_events GROUP BY visitor HAVING count(DISTINCT (at AT TIME ZONE 'UTC')::date) > 1) v`,
    );
    expect(shared).toBe(0);

    const answer = await report(t, '2026-03-10', '2026-03-11');
    expect(answer.totals).toMatchObject({ visitors: 3, pageViews: 5, visits: 3, bounceRate: 2 / 3 });
    expect(answer.totals.medianVisitSeconds).toBe(0);
    expect(answer.series).toEqual([
      { start: '2026-03-10', visitors: 2, pageViews: 4, conversions: 0 },
      { start: '2026-03-11', visitors: 1, pageViews: 1, conversions: 0 },
    ]);
    expect(answer.sources).toEqual(
      expect.arrayContaining([
        { source: 'facebook', visits: 1, visitors: 1 },
        { source: 'google.com', visits: 1, visitors: 1 },
      ]),
    );
    expect(answer.devices).toEqual([
      { device: 'phone', visits: 2, visitors: 2 },
      { device: 'desktop', visits: 1, visitors: 1 },
    ]);
    expect(answer.entryPages[0]).toMatchObject({ path: '/', visits: 2 });

    // Rolled up, the days answer the same as from the raw events; the day's salt is gone.
    expect(await rollUpDays(t.db, new Date(first + 2 * dayMs))).toEqual({ days: ['2026-03-10', '2026-03-11'], months: ['2026-03-01'] });
    const rolled = await report(t, '2026-03-10', '2026-03-11');
    expect(rolled).toEqual(answer);
    // The visitor key is kept for its day only: the days rolled up keep their page views, not the key.
    expect(await eventCount(t, `at < '2026-03-12'`)).toBe(5);
    expect(await eventCount(t, `at < '2026-03-12' AND visitor IS NOT NULL`)).toBe(0);
    await runAnalyticsPass(t.db, new Date(first + 2 * dayMs));
    expect(await t.db.query(`SELECT day FROM analytics_salts WHERE day < '2026-03-12'`)).toEqual([]);

    // No column of any table (partitions included) holds the addresses or the user agent.
    const columns = await t.db.query<{ table_name: string; column_name: string; data_type: string }[]>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'bytea', 'ARRAY', 'inet')`,
    );
    expect(columns.some((c) => c.table_name.startsWith('analytics_events_p'))).toBe(true);
    const found: string[] = [];
    for (const c of columns) {
      const column = `"${c.column_name}"`;
      const text = c.data_type === 'bytea' ? `encode(${column}, 'escape')` : `${column}::text`;
      for (const secret of [ada, bob, userAgent, 'KafueVisitor']) {
        const [{ n }] = await t.db.query<[{ n: number }]>(
          `SELECT count(*)::int AS n FROM "${c.table_name}" WHERE position($1 IN ${text}) > 0`,
          [secret],
        );
        if (n > 0) found.push(`${c.table_name}.${c.column_name}: ${secret}`);
      }
    }
    expect(found).toEqual([]);
    t.clock.at = undefined;
  });

  it('measures visits: a gap over 30 minutes starts a new one, and the median length is read from the lengths', async () => {
    const start = Date.parse('2026-04-02T08:00:00Z');
    const views = async (address: string, minutes: number[]) => {
      for (const m of minutes) {
        t.clock.at = start + m * 60_000;
        expect((await collect(t, { path: `/at-${m}`, width: 1440 }, address)).status).toBe(204);
      }
    };
    try {
      await views(freshAddress(), [0, 2.8]); // a visit of 168 s (counted up to 180)
      await views(freshAddress(), [1, 1.9, 2.6]); // 96 s (up to 120)
      await views(freshAddress(), [3]); // one page: 0 s, a bounce
      await t.analytics.flush();
      expect((await report(t, '2026-04-02', '2026-04-02')).totals).toMatchObject({
        visitors: 3,
        visits: 3,
        pageViews: 6,
        viewsPerVisit: 2,
        bounceRate: 1 / 3,
        medianVisitSeconds: 120,
      });
      // A fourth visitor comes back after 40 minutes: two visits of one page each.
      await views(freshAddress(), [10, 50]);
      await t.analytics.flush();
      expect((await report(t, '2026-04-02', '2026-04-02')).totals).toMatchObject({
        visitors: 4,
        visits: 5,
        pageViews: 8,
        bounceRate: 3 / 5,
        medianVisitSeconds: 0,
      });
    } finally {
      t.clock.at = undefined;
    }
  });

  it('does not count robots, prefetches and prerenders, the console or a signed-in admin; counts the visitor beside them', async () => {
    const address = freshAddress();
    const admin = await t.admin('Editor');
    const before = await eventCount(t);
    const answers = [
      await collect(t, { path: '/robots' }, address, {
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
      await collect(t, { path: '/robots' }, address, { 'user-agent': '' }),
      await collect(t, { path: '/prefetched' }, address, { 'sec-purpose': 'prefetch;prerender' }),
      await collect(t, { path: '/prefetched' }, address, { purpose: 'prefetch' }),
      await collect(t, { path: '/admin/enquiries' }, address),
      await collect(t, { path: '/admin' }, address),
      await collect(t, { path: '/by-an-admin' }, address, {}, admin.client),
      await collect(t, { path: '/administration-services' }, address),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(204));
    await t.analytics.flush();
    expect(await t.db.query(`SELECT path FROM analytics_events WHERE at >= now() - interval '1 hour' ORDER BY path`)).toEqual([
      { path: '/administration-services' },
    ]);
    expect(await eventCount(t)).toBe(before + 1);
  });

  it('refuses a body over 2 KB (413), another media type (415), unreadable JSON and a bad beacon (400), a foreign origin (403)', async () => {
    const address = freshAddress();
    const padded = (size: number) => {
      const body = JSON.stringify({ path: '/', referrer: '' });
      return body.replace('""', `"${'a'.repeat(size - body.length)}"`);
    };
    expect(padded(maxBeaconBytes)).toHaveLength(maxBeaconBytes);
    expect((await collect(t, padded(maxBeaconBytes + 1), address)).status).toBe(413);
    expect((await collect(t, 'x'.repeat(200_000), address)).status).toBe(413);
    // At the limit it is read (its referrer, too long for the schema, is cut: counted, not 413).
    expect((await collect(t, padded(maxBeaconBytes), address)).status).toBe(204);
    expect((await collect(t, { path: '/json' }, address, { 'content-type': 'application/json' })).status).toBe(204);
    expect((await collect(t, 'path=/', address, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await collect(t, '{"path":', address)).status).toBe(400);
    expect((await collect(t, { path: 'https://elsewhere.example/' }, address)).status).toBe(400);
    expect((await collect(t, { path: '/', width: -5 }, address)).status).toBe(400);
    expect((await collect(t, { path: '/' }, address, { origin: 'https://elsewhere.example' })).status).toBe(403);
  });

  it('cuts text fields longer than their limit instead of refusing the page view, and ignores fields it does not know', async () => {
    await t.analytics.flush();
    const before = await eventCount(t);
    const source = `utm-${'s'.repeat(300)}`;
    const long = {
      path: `/long-${'p'.repeat(520)}?utm_source=x`,
      // A search or social link: longer than the 500 characters kept, its 500th a surrogate pair's first half.
      referrer: `https://social.example/${'r'.repeat(476)}🦓${'q'.repeat(300)}`,
      utm_campaign: `Spring-${'c'.repeat(150)}`,
      utm_medium: 'm'.repeat(101),
      width: 390,
      sentBy: 'a newer script',
    };
    expect(long.referrer.length).toBeGreaterThan(500);
    expect(long.referrer.charCodeAt(499)).toBeGreaterThanOrEqual(0xd800);
    for (const beacon of [long, { path: '/utm', utm_source: source, referrer: long.referrer }]) {
      expect((await collect(t, beacon, freshAddress())).status).toBe(204);
    }
    await t.analytics.flush();
    expect(await eventCount(t)).toBe(before + 2);
    const rows = await t.db.query<{ path: string; source: string; campaign: string }[]>(
      `SELECT path, source, campaign FROM analytics_events WHERE path LIKE '/long-%' OR path = '/utm' ORDER BY path`,
    );
    expect(rows).toEqual([
      // The path is cut to 500 characters, its query with it: the referrer's host is the source.
      { path: `/long-${'p'.repeat(494)}`, source: 'social.example', campaign: `spring-${'c'.repeat(93)}` },
      { path: '/utm', source: source.slice(0, 100), campaign: null },
    ]);
  });

  it('limits the beacons of one address a minute (429), not those of another', async () => {
    const address = freshAddress();
    const limit = t.config.limits.beaconsPerMinute;
    const statuses: number[] = [];
    // Within one minute of the server's clock, however long the beacons take to send.
    t.clock.at = Date.parse('2026-04-01T10:00:30Z');
    try {
      for (let i = 0; i <= limit; i++) statuses.push((await collect(t, { path: `/page-${i}` }, address)).status);
      expect(statuses.slice(0, limit).every((s) => s === 204)).toBe(true);
      expect(statuses[limit]).toBe(429);
      expect((await collect(t, { path: '/' }, freshAddress())).status).toBe(204);
      // The next minute, the address may send again.
      t.clock.at += 60_000;
      expect((await collect(t, { path: '/' }, address)).status).toBe(204);
    } finally {
      t.clock.at = undefined;
    }
  });

  it('answers the beacon ahead of the files and the router as any call: logged, not stored by caches, no cookie; still counted in maintenance mode; other methods 405', async () => {
    const address = freshAddress();
    await t.analytics.flush();
    const before = await eventCount(t);
    const sent = await collect(t, { path: '/early' }, address);
    expect(sent.status).toBe(204);
    expect(sent.headers.get('cache-control')).toBe('no-store');
    expect(sent.headers.get('content-security-policy')).toBeTruthy();
    expect(sent.headers.getSetCookie()).toEqual([]);
    expect(t.logs.map((line) => JSON.parse(line) as { path?: string; status?: number })).toContainEqual(
      expect.objectContaining({ path: collectPath, status: 204 }),
    );
    const wrong = await t.client().get(collectPath);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');

    const { client } = await t.admin('Super Admin');
    const general = { siteName: 'Kafue', adminEmail: 'office@kafue.test', timezone: 'UTC+0' };
    expect((await client.post(api.generalSettings, { ...general, maintenanceMode: true })).status).toBe(200);
    try {
      expect((await t.client().get('/')).status).toBe(503);
      expect((await collect(t, { path: '/in-maintenance' }, address)).status).toBe(204);
    } finally {
      await client.post(api.generalSettings, { ...general, maintenanceMode: false });
    }
    await t.analytics.flush();
    expect(await eventCount(t)).toBe(before + 2);
  });
});

describe('pages on a static host (ALLOWED_ORIGINS)', () => {
  let t: TestServer;
  const origin = 'https://pages.kafue.test';
  beforeAll(async () => {
    t = await startTestServer({ configure: (c) => ((c.trustProxy = true), (c.allowedOrigins = [origin])) });
  });
  afterAll(() => t?.close());

  it('counts their beacons, answers a preflight, and their own host is no source', async () => {
    const preflight = await t.client().call('OPTIONS', collectPath, undefined, {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const sent = await collect(t, { path: '/about', referrer: `${origin}/` }, freshAddress(), { origin });
    expect(sent.status).toBe(204);
    expect(sent.headers.get('access-control-allow-origin')).toBe(origin);
    await t.analytics.flush();
    expect(await t.db.query(`SELECT path, source FROM analytics_events`)).toEqual([{ path: '/about', source: 'direct' }]);
  });
});

describe('storage over time', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  });
  afterAll(() => t?.close());

  it('makes partitions ahead, drops a day’s partition after 30 days (not row by row) and keeps its rollups', async () => {
    const start = Date.parse('2026-05-01T12:00:00Z');
    await runAnalyticsPass(t.db, new Date(start));
    const days = await partitionDays(t.db);
    for (let i = -1; i <= 7; i++) expect(days).toContain(isoDay(start + i * dayMs));
    t.clock.at = start;
    await collect(t, { path: '/old-news' }, freshAddress());
    await t.analytics.flush();
    t.clock.at = undefined;

    await runAnalyticsPass(t.db, new Date(start + 30 * dayMs));
    expect(await partitionDays(t.db)).toContain('2026-05-01');
    const { dropped } = await runAnalyticsPass(t.db, new Date(start + 31 * dayMs));
    expect(dropped).toContain('2026-05-01');
    expect(await partitionDays(t.db)).not.toContain('2026-05-01');
    expect(await eventCount(t)).toBe(0);
    expect(await t.db.query(`SELECT day::text, visitors, page_views FROM analytics_days WHERE page_views > 0`)).toEqual([
      { day: '2026-05-01', visitors: 1, page_views: 1 },
    ]);
    const kept = await report(t, '2026-05-01', '2026-05-01');
    expect(kept.topPages).toEqual([{ path: '/old-news', pageViews: 1, visitors: 1 }]);
  });

  it('rolls each day up once when two processes run the rollups at the same time', async () => {
    const second = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      const start = Date.parse('2026-07-01T08:00:00Z');
      for (let day = 0; day < 5; day++) {
        t.clock.at = start + day * dayMs;
        for (let visitor = 0; visitor < 3; visitor++) await collect(t, { path: `/day-${day}` }, freshAddress());
      }
      t.clock.at = undefined;
      await t.analytics.flush();
      const made: string[] = [];
      // Day by day, both processes try at once, each on its own connection.
      for (let day = 1; day <= 6; day++) {
        const now = new Date(start + day * dayMs);
        const runs = await Promise.all([
          rollUpDays(t.db, now),
          rollUpDays(second.db, now),
          rollUpDays(t.db, now),
          rollUpDays(second.db, now),
        ]);
        made.push(...runs.flatMap((r) => r.days));
        // The months of the days rolled up are made by that process only.
        const months = runs.flatMap((r) => r.months);
        expect(months).toContain('2026-07-01');
        expect(months).toEqual([...new Set(months)]);
      }
      const july = made.filter((d) => d.startsWith('2026-07'));
      expect(july).toEqual(['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05', '2026-07-06']);
      const rows = await t.db.query<{ path: string; visitors: number }[]>(
        `SELECT path, visitors FROM analytics_pages WHERE day BETWEEN '2026-07-01' AND '2026-07-05' ORDER BY path`,
      );
      expect(rows).toEqual([0, 1, 2, 3, 4].map((day) => ({ path: `/day-${day}`, visitors: 3 })));
      // The month is made once too, through its last day rolled up, as the sums of its days.
      expect(await t.db.query(`SELECT through::text FROM analytics_months WHERE month = '2026-07-01'`)).toEqual([
        { through: '2026-07-06' },
      ]);
      expect(await t.db.query(`SELECT path, visitors FROM analytics_month_pages WHERE month = '2026-07-01' ORDER BY path`)).toEqual(rows);
    } finally {
      await second.close();
    }
  });
});

describe('the visitor key for its day only (migration VisitorKeyForADay)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  });
  afterAll(() => t?.close());

  it('clears the keys of the days already rolled up, keeps those of the days not yet, and undoes to a key per page view', async () => {
    const [rolled, live] = [Date.parse('2026-09-01T09:00:00Z'), Date.parse('2026-09-03T09:00:00Z')];
    try {
      for (const at of [rolled, live]) {
        t.clock.at = at;
        for (let i = 0; i < 2; i++) await collect(t, { path: '/' }, freshAddress());
      }
    } finally {
      t.clock.at = undefined;
    }
    await t.analytics.flush();
    await rollUpDays(t.db, new Date(rolled + dayMs));
    const keyed = () =>
      t.db.query<{ day: string; keyed: number }[]>(
        `SELECT (at AT TIME ZONE 'UTC')::date::text AS day, count(visitor)::int AS keyed FROM analytics_events GROUP BY 1 ORDER BY 1`,
      );
    expect(await keyed()).toEqual([
      { day: '2026-09-01', keyed: 0 },
      { day: '2026-09-03', keyed: 2 },
    ]);
    const migration = new VisitorKeyForADay1795600000220();
    const runner = t.db.createQueryRunner();
    try {
      await migration.down(runner);
      // Undone, every page view has a key again: a visitor of its own where the day's was cleared.
      expect(await keyed()).toEqual([
        { day: '2026-09-01', keyed: 2 },
        { day: '2026-09-03', keyed: 2 },
      ]);
      await migration.up(runner);
      expect(await keyed()).toEqual([
        { day: '2026-09-01', keyed: 0 },
        { day: '2026-09-03', keyed: 2 },
      ]);
    } finally {
      await runner.release();
    }
  });

  it('counts a page view without its key (restored from a backup) as a visitor of its own', async () => {
    const at = Date.parse('2026-09-05T09:00:00Z');
    const address = freshAddress();
    try {
      for (const minutes of [0, 1, 2]) {
        t.clock.at = at + minutes * 60_000;
        await collect(t, { path: `/restored-${minutes}` }, address);
      }
    } finally {
      t.clock.at = undefined;
    }
    await t.analytics.flush();
    // One visitor's three page views, as a restore brings them back: without the key.
    await t.db.query(`UPDATE analytics_events SET visitor = NULL WHERE path LIKE '/restored-%'`);
    expect((await report(t, '2026-09-05', '2026-09-05')).totals).toMatchObject({ visitors: 3, visits: 3, pageViews: 3 });
  });
});

describe('monthly rollups', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('answers a range over partial and whole months from the months as from the days, and makes again a month never made', async () => {
    // Daily rollups from 10 January to 20 April 2026, each row's figures its own (day and key).
    const days = `(SELECT g::date AS day, extract(doy FROM g)::int AS n FROM generate_series('2026-01-10'::date, '2026-04-20', '1 day') g) d`;
    await t.db.query(`INSERT INTO analytics_rollups (day) SELECT day FROM ${days}`);
    await t.db.query(
      `INSERT INTO analytics_days SELECT day, 10 + n, 30 + n, 12 + n, n % 7, ARRAY(SELECT (n * i) % 5 FROM generate_series(1, 14) i) FROM ${days}`,
    );
    await t.db.query(
      `INSERT INTO analytics_pages SELECT day, '/p' || p, n + p, n % 9 + p, n % 4 + p, n % 3 + p, n % 2 FROM ${days}, generate_series(1, 4) p`,
    );
    await t.db.query(
      `INSERT INTO analytics_sources SELECT day, s, c, v, n % 11 + 1, n % 5 + 1
         FROM ${days}, unnest(ARRAY['direct', 'google.com']) s, unnest(ARRAY['', 'spring']) c, unnest(ARRAY['phone', 'desktop']) v`,
    );
    await t.db.query(
      `INSERT INTO analytics_vitals SELECT day, '/p' || p, m, 20, ${Array.from({ length: 20 }, (_, i) => `(n * ${i + 1} + p) % 6`).join(', ')}
         FROM ${days}, generate_series(1, 3) p, unnest(ARRAY['LCP', 'INP', 'CLS', 'TTFB']) m`,
    );
    const ranges = [
      ['2026-01-15', '2026-04-10', 'month'],
      ['2026-02-01', '2026-03-31', 'week'],
      ['2026-02-10', '2026-03-20', 'day'],
    ];
    // Never made yet (as after the upgrade, or a restore of an older backup): read from the days.
    const fromDays = await Promise.all(ranges.map(([from, to, by]) => report(t, from, to, by)));
    expect(await rollUpDays(t.db, new Date('2026-04-21T12:00:00Z'))).toEqual({
      days: [],
      months: ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'],
    });
    expect(await t.db.query(`SELECT month::text, through::text FROM analytics_months ORDER BY 1`)).toEqual([
      { month: '2026-01-01', through: '2026-01-31' },
      { month: '2026-02-01', through: '2026-02-28' },
      { month: '2026-03-01', through: '2026-03-31' },
      { month: '2026-04-01', through: '2026-04-20' },
    ]);
    for (const [i, [from, to, by]] of ranges.entries()) expect(await report(t, from, to, by)).toEqual(fromDays[i]);
    expect(fromDays[0].topPages[0].pageViews).toBeGreaterThan(0);

    // The whole months are read from the monthly rows: a change there shows (and only in those ranges).
    await t.db.query(`UPDATE analytics_month_pages SET page_views = page_views + 1000 WHERE month = '2026-02-01' AND path = '/p4'`);
    expect((await report(t, '2026-01-15', '2026-04-10')).topPages[0]).toMatchObject({
      path: '/p4',
      pageViews: fromDays[0].topPages.find((p) => p.path === '/p4')!.pageViews + 1000,
    });
    expect(await report(t, '2026-02-10', '2026-03-20', 'day')).toEqual(fromDays[2]);
    // A month whose last day rolled up is not the one it was made through is read from the days, and made again by the next pass.
    await t.db.query(`UPDATE analytics_months SET through = '2026-02-27' WHERE month = '2026-02-01'`);
    expect(await report(t, '2026-01-15', '2026-04-10', 'month')).toEqual(fromDays[0]);
    expect(await rollUpDays(t.db, new Date('2026-04-21T12:00:00Z'))).toEqual({ days: [], months: ['2026-02-01'] });
    expect(await t.db.query(`SELECT through::text FROM analytics_months WHERE month = '2026-02-01'`)).toEqual([{ through: '2026-02-28' }]);
    expect(await report(t, '2026-01-15', '2026-04-10', 'month')).toEqual(fromDays[0]);
  });
});

describe('conversions', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
  });
  afterAll(() => t?.close());

  it('attributes an enquiry to the landing page and source of the visit its beacons made', async () => {
    const address = freshAddress();
    const today = isoDay(Date.now());
    await collect(
      t,
      { path: '/services?utm_source=facebook&utm_campaign=Spring', utm_source: 'facebook', utm_campaign: 'Spring', width: 390 },
      address,
    );
    await collect(t, { path: '/pricing', referrer: 'http://localhost/services', width: 390 }, address);
    await collect(t, { path: '/contact', referrer: 'http://localhost/pricing', width: 390 }, address);
    await collect(t, { type: 'vitals', path: '/contact', vitals: { LCP: 1800, INP: 120, CLS: 0.02, TTFB: 300 } }, address);
    await collect(t, { type: 'vitals', path: '/contact', vitals: { LCP: 4200, INP: 90, CLS: 0.3, TTFB: 900 } }, freshAddress());
    await t.analytics.flush();

    // What the site's script sends with the form: the visit's first page and source, from sessionStorage.
    const sent = await t.client().post(
      api.enquiries,
      {
        fullName: 'Chanda Mwale',
        email: 'chanda@example.com',
        message: 'A quote for a new website, please.',
        // A quote request (a plan from the pricing page): counted as an enquiry and as a quote request.
        request: { plan: 'Business', addons: ['Priority Support'] },
        startedAt: Date.now() - 60_000,
        page: '/contact',
        landingPage: '/services',
        source: 'facebook',
        campaign: 'spring',
      },
      { 'x-forwarded-for': address },
    );
    expect(sent.status).toBe(201);
    // Without JavaScript: no attribution, so the form's page and "direct".
    const plain = await t.client().postForm(
      '/contact?topic=consultation',
      {
        fullName: 'Mutale Banda',
        email: 'mutale@example.com',
        message: 'Call me.',
        startedAt: String(Date.now() - 60_000),
        landingPage: '',
        source: '',
      },
      { 'x-forwarded-for': freshAddress() },
    );
    // Without the site's build, the server answers with the contact page's address (303).
    expect(plain.status).toBe(303);
    const signup = await t
      .client()
      .post(
        api.subscribers,
        { email: 'reader@example.com', startedAt: Date.now() - 60_000, page: '/pricing', landingPage: '/services', source: 'facebook' },
        { 'x-forwarded-for': freshAddress() },
      );
    expect(signup.status).toBe(200);

    const admin = await t.admin('Editor');
    const inbox = await admin.client.get<{ items: { fullName: string; landingPage: string; source: string; campaign: string | null }[] }>(
      api.enquiries,
    );
    expect(inbox.body.items.map((e) => [e.fullName, e.landingPage, e.source, e.campaign]).sort()).toEqual([
      ['Chanda Mwale', '/services', 'facebook', 'spring'],
      ['Mutale Banda', '/contact', 'direct', null],
    ]);
    const subscribers = await admin.client.get<{ items: { landingPage: string; source: string }[] }>(api.subscribers);
    expect(subscribers.body.items).toEqual([expect.objectContaining({ landingPage: '/services', source: 'facebook', campaign: null })]);

    const answer = await report(t, today, today);
    expect(answer.totals).toMatchObject({ visitors: 1, pageViews: 3, visits: 1, viewsPerVisit: 3, bounceRate: 0, conversions: 3 });
    expect(answer.sources).toEqual([{ source: 'facebook', visits: 1, visitors: 1 }]);
    expect(answer.campaigns).toEqual([{ campaign: 'spring', visits: 1, visitors: 1 }]);
    expect(answer.conversionsBySource).toEqual([
      { source: 'facebook', visitors: 1, enquiries: 1, quoteRequests: 1, signups: 1, rate: 2 },
      { source: 'direct', visitors: 0, enquiries: 1, quoteRequests: 0, signups: 0, rate: null },
    ]);
    expect(answer.conversionsByPage[0]).toEqual({
      landingPage: '/services',
      visitors: 1,
      enquiries: 1,
      quoteRequests: 1,
      signups: 1,
      rate: 2,
    });
    expect(answer.vitals).toEqual([
      {
        path: '/contact',
        samples: 2,
        LCP: { p75: 5000, good: 0.5 },
        INP: { p75: 125, good: 1 },
        CLS: { p75: 0.3, good: 0.5 },
        TTFB: { p75: 1000, good: 0.5 },
      },
    ]);
    expect(answer.series).toEqual([{ start: today, visitors: 1, pageViews: 3, conversions: 3 }]);
    expect(answer.previous).toMatchObject({ visitors: 0, conversions: 0, medianVisitSeconds: null, bounceRate: null });
  });

  it('refuses a report to anyone but an admin, and a range it cannot read', async () => {
    expect((await t.client().get(`${api.analytics}?from=2026-01-01&to=2026-01-31`)).status).toBe(401);
    const staff = await t.staff();
    expect((await staff.client.get(`${api.analytics}?from=2026-01-01&to=2026-01-31`)).status).toBe(403);
    const admin = await t.admin('Moderator');
    expect((await admin.client.get(`${api.analytics}?from=2026-02-01&to=2026-01-31`)).status).toBe(400);
    expect((await admin.client.get(`${api.analytics}?from=2026-01-01&to=2026-01-31&by=year`)).status).toBe(400);
    const months = await admin.client.get<AnalyticsReport>(`${api.analytics}?from=2026-01-15&to=2026-03-02&by=month`);
    expect(months.body.series.map((s) => s.start)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
  });
});
