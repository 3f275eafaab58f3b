import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices on accepted quotes (issue "Getting paid"): numbered per year without gaps (INV-2026-0001,
 * a counter row per year, as quotes and receipts), each a frozen copy of what it says when made
 * (the lines, VAT apart, the TPIN, the payments applied, the balance due). An invoice mails a link
 * to the quote's page of its own: quote_links holds the hashes of such further links.
 */
export class Invoices1795600000240 implements MigrationInterface {
  name = 'Invoices1795600000240';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE invoice_counters (year integer PRIMARY KEY, last integer NOT NULL)`);
    await q.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number varchar(20) NOT NULL UNIQUE,
        year integer NOT NULL,
        seq integer NOT NULL,
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE RESTRICT,
        content jsonb NOT NULL,
        created_by_kind varchar(5) NOT NULL CHECK (created_by_kind IN ('admin', 'staff')),
        created_by_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        UNIQUE (year, seq)
      )`);
    await q.query(`CREATE INDEX invoices_quote ON invoices (quote_id, created_at)`);
    await q.query(`
      CREATE TABLE quote_links (
        token_hash varchar(64) PRIMARY KEY,
        quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX quote_links_quote ON quote_links (quote_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quote_links`);
    await q.query(`DROP TABLE invoices`);
    await q.query(`DROP TABLE invoice_counters`);
  }
}
