import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A note can come from the client: a question asked on a quote's page is a note on its enquiry
 * (author kind `client`, with no author id but the quote and the client's address), so that the
 * team reads it with the enquiry's other notes. The questions kept until now move there.
 */
export class ClientNotes1795600000121 implements MigrationInterface {
  name = 'ClientNotes1795600000121';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enquiry_notes
        DROP CONSTRAINT enquiry_notes_author_kind_check,
        ALTER COLUMN author_kind TYPE varchar(6),
        ALTER COLUMN author_id DROP NOT NULL,
        ADD COLUMN quote_id uuid REFERENCES quotes (id) ON DELETE CASCADE,
        ADD COLUMN client_address varchar(64),
        ADD CONSTRAINT enquiry_notes_author_kind_check CHECK (author_kind IN ('admin', 'staff', 'client')),
        ADD CONSTRAINT enquiry_notes_client CHECK (
          (author_kind = 'client') = (author_id IS NULL) AND (author_kind = 'client') = (quote_id IS NOT NULL)
          AND (author_kind = 'client') = (client_address IS NOT NULL))`);
    await q.query(`CREATE INDEX enquiry_notes_quote ON enquiry_notes (quote_id, created_at) WHERE quote_id IS NOT NULL`);
    await q.query(`
      INSERT INTO enquiry_notes (enquiry_id, text, author_kind, author_name, quote_id, client_address, created_at)
      SELECT q.enquiry_id, x.text, 'client', x.name, x.quote_id, x.client_address, x.created_at
        FROM quote_questions x JOIN quotes q ON q.id = x.quote_id`);
    await q.query(`DROP TABLE quote_questions`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE quote_questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        text text NOT NULL,
        client_address varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX quote_questions_quote ON quote_questions (quote_id, created_at)`);
    await q.query(`
      INSERT INTO quote_questions (quote_id, name, text, client_address, created_at)
      SELECT quote_id, author_name, text, client_address, created_at FROM enquiry_notes WHERE author_kind = 'client'`);
    await q.query(`DELETE FROM enquiry_notes WHERE author_kind = 'client'`);
    await q.query(`
      ALTER TABLE enquiry_notes
        DROP CONSTRAINT enquiry_notes_client,
        DROP CONSTRAINT enquiry_notes_author_kind_check,
        DROP COLUMN client_address,
        DROP COLUMN quote_id,
        ALTER COLUMN author_id SET NOT NULL,
        ALTER COLUMN author_kind TYPE varchar(5),
        ADD CONSTRAINT enquiry_notes_author_kind_check CHECK (author_kind IN ('admin', 'staff'))`);
  }
}
