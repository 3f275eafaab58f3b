import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly rollups beside the daily ones (issue 24's report of a year under 200 ms): a year of
 * pages, sources and vitals is 12 rows per key instead of 365. analytics_month_pages, _sources
 * and _vitals hold the sums of the daily rows of each month (columns as the daily tables', the
 * month's first day for the day); analytics_months names each month made, and the last day
 * rolled up it sums (through), so that a month whose days changed since (a rollup after it, a
 * restore of a backup made before this migration) is made again by the rollup job, and read from
 * the daily rows until then. Made by the job (analytics/storage.ts), so nothing is filled here.
 */
export class AnalyticsMonths1795600000200 implements MigrationInterface {
  name = 'AnalyticsMonths1795600000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE analytics_months (month date PRIMARY KEY, through date NOT NULL)`);
    for (const key of ['pages', 'sources', 'vitals']) {
      // The daily table's columns and primary key (day first, renamed month with its column).
      await q.query(`CREATE TABLE analytics_month_${key} (LIKE analytics_${key} INCLUDING ALL)`);
      await q.query(`ALTER TABLE analytics_month_${key} RENAME COLUMN day TO month`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const key of ['vitals', 'sources', 'pages']) await q.query(`DROP TABLE analytics_month_${key}`);
    await q.query(`DROP TABLE analytics_months`);
  }
}
