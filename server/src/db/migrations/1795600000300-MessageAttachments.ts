import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The files a client's message brought (issue 33): each kept with its message, its type as read
 * from its content; one refused (an executable or a script, over a size limit) is kept as a row
 * without its bytes, saying why, so that the timeline notes it.
 */
export class MessageAttachments1795600000300 implements MigrationInterface {
  name = 'MessageAttachments1795600000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enquiry_attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES enquiry_messages (id) ON DELETE CASCADE,
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        data bytea,
        refused text,
        CHECK ((data IS NULL) <> (refused IS NULL))
      )`);
    await q.query(`CREATE INDEX enquiry_attachments_enquiry ON enquiry_attachments (enquiry_id)`);
    await q.query(`CREATE INDEX enquiry_attachments_message ON enquiry_attachments (message_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE enquiry_attachments`);
  }
}
