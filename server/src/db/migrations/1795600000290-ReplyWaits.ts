import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waits there were, from the enquiries (also run on a restore of an older backup:
 * data-source.ts): the first, answered at the first response; and the one awaited now when a later
 * message started it (the first one's due time was then replaced: unknown).
 */
export const replyWaitsBackfill = `
  INSERT INTO reply_waits (enquiry_id, since, due_at, answered_at)
  SELECT id, created_at, CASE WHEN awaiting_reply_since IS NULL OR awaiting_reply_since = created_at THEN response_due_at END, first_response_at
    FROM enquiries WHERE response_due_at IS NOT NULL
  UNION ALL
  SELECT id, awaiting_reply_since, response_due_at, NULL FROM enquiries WHERE awaiting_reply_since > created_at
  ON CONFLICT DO NOTHING`;

/**
 * Every wait for our reply (issue 33, item 5): the enquiry itself, then each client message that
 * made it await our reply again, with its due time and when it was answered, so that the lead
 * report's response figures count every client message, not only the first (enquiries keeps the
 * current wait only). The report reads a period's waits by `since`.
 */
export class ReplyWaits1795600000290 implements MigrationInterface {
  name = 'ReplyWaits1795600000290';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reply_waits (
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        -- When the client wrote: the enquiry's arrival, or a later message.
        since timestamptz NOT NULL,
        due_at timestamptz,
        answered_at timestamptz,
        PRIMARY KEY (enquiry_id, since)
      )`);
    // The lead report reads a period's waits from this index alone.
    await q.query(`CREATE INDEX reply_waits_report ON reply_waits (since) INCLUDE (enquiry_id, due_at, answered_at)`);
    // The few Spam enquiries, whose waits the report leaves out: one small set, not a lookup per wait.
    await q.query(`CREATE INDEX enquiries_spam ON enquiries (id) WHERE status = 'Spam'`);
    await q.query(replyWaitsBackfill);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiries_spam`);
    await q.query(`DROP TABLE reply_waits`);
  }
}
