import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message's files in the order the client attached them: ordering by the random id shuffled
 * them on every timeline. Rows kept before this have no order to recover and stay at 0.
 */
export class AttachmentOrder1795600000310 implements MigrationInterface {
  name = 'AttachmentOrder1795600000310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiry_attachments ADD COLUMN position integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiry_attachments DROP COLUMN position`);
  }
}
