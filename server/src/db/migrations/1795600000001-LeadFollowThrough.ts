import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Following each lead to the end: an enquiry's stage (common/src/leads.ts) and reply clock, the
 * replies sent from the console and the contacts made outside it, and quotes.
 */
export class LeadFollowThrough1795600000001 implements MigrationInterface {
  name = 'LeadFollowThrough1795600000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enquiries
        ADD COLUMN stage varchar(10) NOT NULL DEFAULT 'new' CHECK (stage IN ('new', 'contacted', 'quoted', 'won', 'lost')),
        ADD COLUMN lost_reason varchar(20)
          CHECK (lost_reason IN ('price', 'timing', 'another-provider', 'no-answer', 'not-a-fit', 'other')),
        ADD COLUMN lost_reason_text varchar(200),
        ADD COLUMN response_due_at timestamptz,
        ADD COLUMN first_response_at timestamptz`);
    await q.query(`CREATE INDEX enquiries_stage ON enquiries (stage, created_at, id)`);
    // The inbox's "time left" order and the reminders' scan: enquiries still waiting for a response.
    await q.query(`CREATE INDEX enquiries_waiting ON enquiries (response_due_at, id) WHERE first_response_at IS NULL AND status <> 'Spam'`);

    await q.query(`
      CREATE TABLE enquiry_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        subject varchar(200) NOT NULL,
        body text NOT NULL,
        -- The mail_queue row that carries it (gone once delivered) and the Message-ID it was sent with.
        mail_id uuid NOT NULL,
        message_id varchar(300) NOT NULL,
        author_kind varchar(5) NOT NULL CHECK (author_kind IN ('admin', 'staff')),
        author_id uuid NOT NULL,
        author_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_replies_enquiry ON enquiry_replies (enquiry_id, created_at)`);

    await q.query(`
      CREATE TABLE enquiry_contacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        channel varchar(10) NOT NULL CHECK (channel IN ('phone', 'whatsapp', 'meeting', 'email')),
        note text NOT NULL DEFAULT '',
        author_kind varchar(5) NOT NULL CHECK (author_kind IN ('admin', 'staff')),
        author_id uuid NOT NULL,
        author_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_contacts_enquiry ON enquiry_contacts (enquiry_id, created_at)`);

    await q.query(`
      CREATE TABLE quotes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- Q-2026-0001: sequential per year without gaps (year, seq unique).
        number varchar(20) NOT NULL UNIQUE,
        year integer NOT NULL,
        seq integer NOT NULL,
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'sent', 'accepted', 'withdrawn')),
        currency varchar(3) NOT NULL CHECK (currency IN ('USD', 'ZMW')),
        lines jsonb NOT NULL,
        vat_rate numeric(5, 2),
        valid_until date NOT NULL,
        notes text NOT NULL DEFAULT '',
        -- Totals with VAT, kept with the lines so that lists and reports need not add them up.
        total_once numeric(14, 2) NOT NULL DEFAULT 0,
        total_monthly numeric(14, 2) NOT NULL DEFAULT 0,
        token_hash varchar(64) UNIQUE,
        sent_at timestamptz,
        accepted_at timestamptz,
        accepted_name varchar(100),
        accepted_address varchar(64),
        created_by_kind varchar(5) NOT NULL CHECK (created_by_kind IN ('admin', 'staff')),
        created_by_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (year, seq)
      )`);
    await q.query(`CREATE INDEX quotes_enquiry ON quotes (enquiry_id, created_at)`);
    await q.query(`CREATE INDEX quotes_sent ON quotes (sent_at) WHERE sent_at IS NOT NULL`);
    await q.query(`CREATE INDEX quotes_accepted ON quotes (accepted_at) WHERE accepted_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quotes, enquiry_contacts, enquiry_replies`);
    await q.query(`
      ALTER TABLE enquiries DROP COLUMN stage, DROP COLUMN lost_reason, DROP COLUMN lost_reason_text,
        DROP COLUMN response_due_at, DROP COLUMN first_response_at`);
  }
}
