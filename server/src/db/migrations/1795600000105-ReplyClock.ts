import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reply clock's reminders and the visitor's acknowledgement: when the target time falls
 * (`remind_at`), and when each of the two reminders went (set in the transaction that queues the
 * mail, so that each goes once whichever process finds it first); the last acknowledgement per
 * address, so that the form mails an address at most once an hour.
 */
export class ReplyClock1795600000105 implements MigrationInterface {
  name = 'ReplyClock1795600000105';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enquiries
        ADD COLUMN remind_at timestamptz,
        ADD COLUMN reminded_at timestamptz,
        ADD COLUMN overdue_reminded_at timestamptz`);
    // The reminders' scans: only enquiries still waiting whose reminder has not gone.
    await q.query(`
      CREATE INDEX enquiries_remind ON enquiries (remind_at)
       WHERE first_response_at IS NULL AND reminded_at IS NULL AND status NOT IN ('Spam', 'Closed')`);
    await q.query(`
      CREATE INDEX enquiries_overdue ON enquiries (response_due_at)
       WHERE first_response_at IS NULL AND overdue_reminded_at IS NULL AND status NOT IN ('Spam', 'Closed')`);
    // The inbox's "time left" order: the waiting ones first, by due time (enquiries.ts waitingLast).
    await q.query(`
      CREATE INDEX enquiries_time_left ON enquiries
        ((first_response_at IS NOT NULL OR response_due_at IS NULL OR status = 'Closed'), response_due_at, id)`);
    await q.query(`
      CREATE TABLE enquiry_acknowledgements (
        -- The address in lower case.
        email varchar(254) PRIMARY KEY,
        sent_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE enquiry_acknowledgements`);
    await q.query(`DROP INDEX enquiries_time_left`);
    await q.query(`ALTER TABLE enquiries DROP COLUMN remind_at, DROP COLUMN reminded_at, DROP COLUMN overdue_reminded_at`);
  }
}
