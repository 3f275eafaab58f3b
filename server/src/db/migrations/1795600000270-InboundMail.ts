import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The conversation with a client (issue 33): the messages that reach us (email now; WhatsApp
 * next), each once, on its enquiry; an enquiry a mail starts is of kind `email`. The watched
 * mailbox's place (mailbox_state): the last UID taken under its UIDVALIDITY, so that each message
 * is taken once across processes and restarts.
 */
export class InboundMail1795600000270 implements MigrationInterface {
  name = 'InboundMail1795600000270';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiries DROP CONSTRAINT enquiries_kind_check`);
    await q.query(
      `ALTER TABLE enquiries ADD CONSTRAINT enquiries_kind_check CHECK (kind IN ('message', 'service', 'quote', 'consultation', 'email'))`,
    );
    await q.query(`
      CREATE TABLE enquiry_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        direction text NOT NULL CHECK (direction IN ('in', 'out')),
        channel text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
        -- The Message-ID (email), or the message's id on its channel: each message kept once.
        external_id text NOT NULL,
        sender_name text NOT NULL,
        sender text NOT NULL,
        subject text,
        body text NOT NULL,
        quoted text NOT NULL DEFAULT '',
        -- The whole message as it came (an email's source, as text).
        original text,
        automatic boolean NOT NULL DEFAULT false,
        from_other_address boolean NOT NULL DEFAULT false,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX enquiry_messages_external ON enquiry_messages (channel, external_id)`);
    await q.query(`CREATE INDEX enquiry_messages_enquiry ON enquiry_messages (enquiry_id, received_at)`);
    await q.query(`
      CREATE TABLE mailbox_state (
        mailbox text PRIMARY KEY,
        uid_validity bigint NOT NULL,
        last_uid bigint NOT NULL,
        last_message_at timestamptz,
        connected_at timestamptz,
        last_error text,
        last_error_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mailbox_state`);
    await q.query(`DROP TABLE enquiry_messages`);
    await q.query(`DELETE FROM enquiries WHERE kind = 'email'`);
    await q.query(`ALTER TABLE enquiries DROP CONSTRAINT enquiries_kind_check`);
    await q.query(
      `ALTER TABLE enquiries ADD CONSTRAINT enquiries_kind_check CHECK (kind IN ('message', 'service', 'quote', 'consultation'))`,
    );
  }
}
