import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reply the client's mail server refused (issue 33): a delivery-failure report about it marks
 * it bounced, with the reason the report gives, and its author hears of it.
 */
export class ReplyBounces1795600000280 implements MigrationInterface {
  name = 'ReplyBounces1795600000280';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiry_replies ADD COLUMN bounced_at timestamptz, ADD COLUMN bounce_reason text`);
    // A report names our mail by its id: found by it.
    await q.query(`CREATE INDEX enquiry_replies_mail ON enquiry_replies (mail_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiry_replies_mail`);
    await q.query(`ALTER TABLE enquiry_replies DROP COLUMN bounced_at, DROP COLUMN bounce_reason`);
  }
}
