import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Visitor analytics (issue 24), in the company's own database:
 * - analytics_salts: the day's random salt of the visitor key (a day of the General timezone),
 *   deleted once its day is over; addresses and user agents are stored nowhere.
 * - analytics_events: the raw beacons, kept 30 days in daily partitions (declarative range
 *   partitions on `at`, one per UTC day, made ahead and dropped whole: analytics/storage.ts).
 * - analytics_days, _pages, _sources, _vitals: the daily rollups, kept forever, made once per day
 *   across processes (a row per day made in analytics_rollups, in the same transaction). The
 *   distributions (visit lengths; each metric per page) are fixed buckets (analytics/buckets.ts):
 *   a day's visit lengths as an array; a page's metric as 20 columns c1..c20, which a year of
 *   pages adds up column by column far faster than array elements.
 * - enquiries and subscribers: the landing page, source and campaign of the visit that converted.
 */
export class Analytics1795600000180 implements MigrationInterface {
  name = 'Analytics1795600000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE analytics_salts (day date PRIMARY KEY, salt bytea NOT NULL)`);
    await q.query(`
      CREATE TABLE analytics_events (
        at timestamptz NOT NULL,
        visitor bytea NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('pageview', 'vitals')),
        path varchar(500) NOT NULL,
        source varchar(100) NOT NULL,
        campaign varchar(100),
        device varchar(8) NOT NULL CHECK (device IN ('phone', 'tablet', 'desktop')),
        lcp double precision,
        inp double precision,
        cls double precision,
        ttfb double precision
      ) PARTITION BY RANGE (at)`);
    await q.query(`CREATE TABLE analytics_rollups (day date PRIMARY KEY, made_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`
      CREATE TABLE analytics_days (
        day date PRIMARY KEY,
        visitors int NOT NULL,
        page_views int NOT NULL,
        visits int NOT NULL,
        bounces int NOT NULL,
        lengths int[] NOT NULL
      )`);
    await q.query(`
      CREATE TABLE analytics_pages (
        day date NOT NULL,
        path varchar(500) NOT NULL,
        page_views int NOT NULL,
        visitors int NOT NULL,
        entries int NOT NULL,
        entry_visitors int NOT NULL,
        bounces int NOT NULL,
        PRIMARY KEY (day, path)
      )`);
    await q.query(`
      CREATE TABLE analytics_sources (
        day date NOT NULL,
        source varchar(100) NOT NULL,
        campaign varchar(100) NOT NULL,
        device varchar(8) NOT NULL,
        visits int NOT NULL,
        visitors int NOT NULL,
        PRIMARY KEY (day, source, campaign, device)
      )`);
    await q.query(`
      CREATE TABLE analytics_vitals (
        day date NOT NULL,
        path varchar(500) NOT NULL,
        metric varchar(4) NOT NULL,
        samples int NOT NULL,
        ${Array.from({ length: 20 }, (_, i) => `c${i + 1} int NOT NULL`).join(', ')},
        PRIMARY KEY (day, path, metric)
      )`);
    for (const table of ['enquiries', 'subscribers']) {
      await q.query(
        `ALTER TABLE ${table} ADD COLUMN landing_page varchar(500), ADD COLUMN source varchar(100), ADD COLUMN campaign varchar(100)`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['enquiries', 'subscribers']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN landing_page, DROP COLUMN source, DROP COLUMN campaign`);
    }
    for (const table of ['vitals', 'sources', 'pages', 'days', 'rollups', 'events', 'salts']) {
      await q.query(`DROP TABLE analytics_${table}`);
    }
  }
}
