import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mails we send to a client about their enquiry (acknowledgement, replies, quotes, invoices,
 * receipts), by their mail's id: its Message-ID is `<id@domain>` (mail/queue.ts), which a client's
 * answer names in In-Reply-To or References, so that the answer finds its enquiry (issue 33). The
 * replies sent so far are the first rows.
 */
/** The replies sent before the table (also run on a restore of an older backup: data-source.ts). */
export const enquiryMailsBackfill = `INSERT INTO enquiry_mails (mail_id, enquiry_id, kind, created_at) SELECT mail_id, enquiry_id, 'reply', created_at FROM enquiry_replies`;

export class EnquiryMails1795600000260 implements MigrationInterface {
  name = 'EnquiryMails1795600000260';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enquiry_mails (
        mail_id uuid PRIMARY KEY,
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('acknowledgement', 'reply', 'quote', 'invoice', 'receipt')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_mails_enquiry ON enquiry_mails (enquiry_id)`);
    await q.query(
      `INSERT INTO enquiry_mails (mail_id, enquiry_id, kind, created_at) SELECT mail_id, enquiry_id, 'reply', created_at FROM enquiry_replies`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE enquiry_mails`);
  }
}
