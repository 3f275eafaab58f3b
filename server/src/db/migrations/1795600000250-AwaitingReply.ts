import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reply clock runs for every message from the client, not only the first (issue 33): an
 * enquiry is awaiting our reply from the client's oldest unanswered message
 * (`awaiting_reply_since`) until the next reply or logged contact; `first_response_at` keeps the
 * first response, which the reports measure. The enquiries waiting today are those never
 * answered. The reminders' scans and the inbox's "time left" order read the new column.
 */
/** The enquiries awaiting a reply when the column came: those never answered (also run on a restore of an older backup: data-source.ts). */
export const awaitingReplyBackfill = `UPDATE enquiries SET awaiting_reply_since = created_at WHERE first_response_at IS NULL AND status NOT IN ('Spam', 'Closed')`;

export class AwaitingReply1795600000250 implements MigrationInterface {
  name = 'AwaitingReply1795600000250';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiries ADD COLUMN awaiting_reply_since timestamptz`);
    await q.query(awaitingReplyBackfill);
    await this.indexes(q, 'awaiting_reply_since IS NOT NULL', 'awaiting_reply_since IS NULL');
    // The inbox's "awaiting our reply" filter, oldest message first.
    await q.query(`
      CREATE INDEX enquiries_awaiting ON enquiries (awaiting_reply_since, id)
       WHERE awaiting_reply_since IS NOT NULL AND status NOT IN ('Spam', 'Closed')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiries_awaiting`);
    await this.indexes(q, 'first_response_at IS NULL', 'first_response_at IS NOT NULL');
    await q.query(`ALTER TABLE enquiries DROP COLUMN awaiting_reply_since`);
  }

  /** The clock's three indexes (migration ReplyClock), for enquiries waiting as `waiting` says. */
  private async indexes(q: QueryRunner, waiting: string, answered: string): Promise<void> {
    await q.query(`DROP INDEX enquiries_remind, enquiries_overdue, enquiries_time_left`);
    await q.query(`
      CREATE INDEX enquiries_remind ON enquiries (remind_at)
       WHERE ${waiting} AND reminded_at IS NULL AND status NOT IN ('Spam', 'Closed')`);
    await q.query(`
      CREATE INDEX enquiries_overdue ON enquiries (response_due_at)
       WHERE ${waiting} AND overdue_reminded_at IS NULL AND status NOT IN ('Spam', 'Closed')`);
    await q.query(`
      CREATE INDEX enquiries_time_left ON enquiries
        ((${answered} OR response_due_at IS NULL OR status = 'Closed'), response_due_at, id)`);
  }
}
