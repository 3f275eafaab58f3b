import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WhatsApp (issue 33): a client's message starts an enquiry of kind `whatsapp` with a phone and
 * no email (so an enquiry needs one of the two), or joins the open enquiry of its number, found
 * by the number's digits (kafue_phone_key: a local 0... number is Zambia's, +260). Our WhatsApp
 * replies are outbound messages with their author and delivery state (sent, delivered, read,
 * failed). Meta's notifications are kept as they came before they are handled, so that one
 * answered 200 is never lost; whatsapp_state keeps the number's last check for Settings.
 */
export class WhatsApp1795600000320 implements MigrationInterface {
  name = 'WhatsApp1795600000320';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE enquiries DROP CONSTRAINT enquiries_kind_check`);
    await q.query(
      `ALTER TABLE enquiries ADD CONSTRAINT enquiries_kind_check CHECK (kind IN ('message', 'service', 'quote', 'consultation', 'email', 'whatsapp'))`,
    );
    await q.query(`ALTER TABLE enquiries ALTER COLUMN email DROP NOT NULL`);
    await q.query(`ALTER TABLE enquiries ADD CONSTRAINT enquiries_reachable CHECK (email IS NOT NULL OR phone IS NOT NULL)`);
    await q.query(`
      CREATE FUNCTION kafue_phone_key(phone text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN d LIKE '00%' THEN substr(d, 3) WHEN d LIKE '0%' THEN '260' || substr(d, 2) ELSE d END
          FROM (SELECT regexp_replace(phone, '\\D', '', 'g') AS d) digits
      $$`);
    await q.query(
      `CREATE INDEX enquiries_open_phone ON enquiries (kafue_phone_key(phone)) WHERE status IN ('New', 'Open') AND phone IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE enquiry_messages
        ADD COLUMN author_kind text CHECK (author_kind IN ('admin', 'staff')),
        ADD COLUMN author_id uuid,
        ADD COLUMN delivery_state text CHECK (delivery_state IN ('sent', 'delivered', 'read', 'failed')),
        ADD COLUMN delivery_error text`);
    // The 24-hour window: a client's last WhatsApp message on an enquiry.
    await q.query(
      `CREATE INDEX enquiry_messages_whatsapp_in ON enquiry_messages (enquiry_id, received_at) WHERE channel = 'whatsapp' AND direction = 'in'`,
    );
    await q.query(`
      CREATE TABLE whatsapp_notifications (
        id bigserial PRIMARY KEY,
        body text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        -- Claimed by a process until then; NULL once handled.
        next_try_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        last_error text
      )`);
    await q.query(`CREATE INDEX whatsapp_notifications_waiting ON whatsapp_notifications (next_try_at) WHERE next_try_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE whatsapp_state (
        phone_number_id text PRIMARY KEY,
        checked_at timestamptz,
        connected boolean NOT NULL DEFAULT false,
        last_message_at timestamptz,
        last_error text,
        last_error_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE whatsapp_state, whatsapp_notifications`);
    await q.query(`DROP INDEX enquiry_messages_whatsapp_in`);
    await q.query(
      `ALTER TABLE enquiry_messages DROP COLUMN author_kind, DROP COLUMN author_id, DROP COLUMN delivery_state, DROP COLUMN delivery_error`,
    );
    await q.query(`DROP INDEX enquiries_open_phone`);
    await q.query(`DROP FUNCTION kafue_phone_key(text)`);
    await q.query(`DELETE FROM enquiries WHERE kind = 'whatsapp' OR email IS NULL`);
    await q.query(`ALTER TABLE enquiries DROP CONSTRAINT enquiries_reachable`);
    await q.query(`ALTER TABLE enquiries ALTER COLUMN email SET NOT NULL`);
    await q.query(`ALTER TABLE enquiries DROP CONSTRAINT enquiries_kind_check`);
    await q.query(
      `ALTER TABLE enquiries ADD CONSTRAINT enquiries_kind_check CHECK (kind IN ('message', 'service', 'quote', 'consultation', 'email'))`,
    );
  }
}
