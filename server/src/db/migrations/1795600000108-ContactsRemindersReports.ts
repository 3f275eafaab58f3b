import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts (the enquiries of one email address, any case), reminders set on an enquiry, and the
 * indexes the lead report reads a year through.
 */
export class ContactsRemindersReports1795600000108 implements MigrationInterface {
  name = 'ContactsRemindersReports1795600000108';

  async up(q: QueryRunner): Promise<void> {
    // One contact per address, whatever its case: the contact list groups by it, a new enquiry looks up its earlier ones.
    await q.query(`CREATE INDEX enquiries_contact ON enquiries (lower(email), created_at)`);

    await q.query(`
      CREATE TABLE enquiry_reminders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        due_at timestamptz NOT NULL,
        note varchar(500) NOT NULL DEFAULT '',
        -- The person who set it, who is mailed when it is due (the address as it was then).
        author_kind varchar(5) NOT NULL CHECK (author_kind IN ('admin', 'staff')),
        author_id uuid NOT NULL,
        author_name varchar(100) NOT NULL,
        author_email varchar(254) NOT NULL,
        -- Set in the transaction that queues its mail: a reminder is mailed once, whichever process claims it.
        mailed_at timestamptz,
        done_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_reminders_enquiry ON enquiry_reminders (enquiry_id, due_at)`);
    // The scheduler's scan: open reminders not yet mailed, by due time.
    await q.query(`CREATE INDEX enquiry_reminders_unmailed ON enquiry_reminders (due_at) WHERE mailed_at IS NULL AND done_at IS NULL`);
    // The dashboard's: one person's open reminders.
    await q.query(`CREATE INDEX enquiry_reminders_author ON enquiry_reminders (author_id, due_at) WHERE done_at IS NULL`);

    // The lead report: enquiries of a period with what it counts, read from the index alone.
    await q.query(`
      CREATE INDEX enquiries_report ON enquiries (created_at)
        INCLUDE (kind, service, stage, first_response_at, response_due_at) WHERE status <> 'Spam'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX enquiries_report`);
    await q.query(`DROP TABLE enquiry_reminders`);
    await q.query(`DROP INDEX enquiries_contact`);
  }
}
