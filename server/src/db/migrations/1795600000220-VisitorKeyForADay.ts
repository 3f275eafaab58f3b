import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visitor key is kept for its day only (issue 24, and what the privacy page says): once a day
 * is rolled up, its raw events' `visitor` is cleared (analytics/storage.ts rollUpDays), and
 * backups leave it out. The key may therefore be empty; the hashes of the days already rolled up
 * go now. A day is rolled up in the General timezone, at most 14 hours off UTC: a raw event 14
 * hours or more before the end of the last day rolled up (as a UTC date) belongs to a day rolled up.
 */
export class VisitorKeyForADay1795600000220 implements MigrationInterface {
  name = 'VisitorKeyForADay1795600000220';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE analytics_events ALTER COLUMN visitor DROP NOT NULL`);
    await q.query(`
      UPDATE analytics_events SET visitor = NULL
       WHERE visitor IS NOT NULL
         AND at < (SELECT (max(day) + 1)::timestamp AT TIME ZONE 'UTC' - interval '14 hours' FROM analytics_rollups)`);
  }

  async down(q: QueryRunner): Promise<void> {
    // A key cleared is gone: each such page view becomes a visitor of its own, as a restore counts it.
    await q.query(`UPDATE analytics_events SET visitor = uuid_send(gen_random_uuid()) WHERE visitor IS NULL`);
    await q.query(`ALTER TABLE analytics_events ALTER COLUMN visitor SET NOT NULL`);
  }
}
