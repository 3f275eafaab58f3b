import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A queued mail's extra headers: threading (In-Reply-To, References) for replies to enquirers and
 * List-Unsubscribe for newsletters.
 */
export class MailHeaders1795600000000 implements MigrationInterface {
  name = 'MailHeaders1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_queue ADD COLUMN headers jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_queue DROP COLUMN headers`);
  }
}
