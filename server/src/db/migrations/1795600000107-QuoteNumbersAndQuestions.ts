import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What quotes need beyond the LeadFollowThrough tables: a counter row per year, locked by the
 * transaction that numbers a quote so that numbers run without gaps or duplicates across
 * processes; when a quote was withdrawn (for the enquiry's timeline); and the questions asked on
 * the public quote page.
 */
export class QuoteNumbersAndQuestions1795600000107 implements MigrationInterface {
  name = 'QuoteNumbersAndQuestions1795600000107';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE quote_counters (year integer PRIMARY KEY, last integer NOT NULL)`);
    await q.query(`ALTER TABLE quotes ADD COLUMN withdrawn_at timestamptz`);
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quote_questions, quote_counters`);
    await q.query(`ALTER TABLE quotes DROP COLUMN withdrawn_at`);
  }
}
