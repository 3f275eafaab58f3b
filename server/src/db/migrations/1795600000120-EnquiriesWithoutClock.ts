import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The open enquiries whose reply clock never started (stored before it, or kept out of it as
 * Spam): a partial index, empty once each has its due time, that the start-up step reads
 * (enquiries/clock.ts startOldClocks). The due times themselves are set there, by the reply
 * clock's own code: a migration must not import live code, and the business hours, timezone and
 * targets it counts with are settings.
 */
export class EnquiriesWithoutClock1795600000120 implements MigrationInterface {
  name = 'EnquiriesWithoutClock1795600000120';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX enquiries_without_clock ON enquiries (id)
       WHERE response_due_at IS NULL AND status NOT IN ('Spam', 'Closed') AND stage NOT IN ('won', 'lost')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiries_without_clock`);
  }
}
