import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enquiries from the contact form, their notes, and the per-address counter of the form's limit.
 *
 * The inbox pages, filters and sorts on the server (200,000 rows in server/bench/enquiries.ts): one
 * index per sort column (with id as the tie-break, so pages are stable), per filter column with the
 * date behind it, and trigram indexes (pg_trgm) for the case-insensitive search in name, email and
 * message. pg_trgm ships with PostgreSQL (the embedded one too) and is a trusted extension, so the
 * database's owner may create it; where a server lacks it, the search still works, by scanning.
 */
export class Enquiries1764100000000 implements MigrationInterface {
  name = 'Enquiries1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE enquiries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        full_name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(30),
        service varchar(40),
        message text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'Open', 'Closed', 'Spam')),
        assignee_id uuid REFERENCES staff_users (id) ON DELETE SET NULL,
        client_address varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz
      )`);
    await q.query(`CREATE INDEX enquiries_created_at ON enquiries (created_at, id)`);
    await q.query(`CREATE INDEX enquiries_status ON enquiries (status, created_at, id)`);
    await q.query(`CREATE INDEX enquiries_service ON enquiries (service, created_at, id)`);
    await q.query(`CREATE INDEX enquiries_assignee ON enquiries (assignee_id, created_at, id)`);
    await q.query(`CREATE INDEX enquiries_full_name ON enquiries (full_name, id)`);
    await q.query(`CREATE INDEX enquiries_email ON enquiries (email, id)`);
    await q.query(`CREATE INDEX enquiries_unread ON enquiries (created_at) WHERE read_at IS NULL AND status <> 'Spam'`);
    const [{ available }] = (await q.query(`SELECT count(*) > 0 AS available FROM pg_available_extensions WHERE name = 'pg_trgm'`)) as [
      { available: boolean },
    ];
    if (available) {
      await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      for (const column of ['full_name', 'email', 'message']) {
        await q.query(`CREATE INDEX enquiries_${column}_trgm ON enquiries USING gin (${column} gin_trgm_ops)`);
      }
    }

    await q.query(`
      CREATE TABLE enquiry_notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        text text NOT NULL,
        author_kind varchar(5) NOT NULL CHECK (author_kind IN ('admin', 'staff')),
        author_id uuid NOT NULL,
        author_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX enquiry_notes_enquiry ON enquiry_notes (enquiry_id, created_at)`);

    // Enquiries sent per client address within the window (design.md: counted in the database,
    // so that several server processes share the limit).
    await q.query(`
      CREATE TABLE enquiry_rate (
        address varchar(64) PRIMARY KEY,
        hits integer NOT NULL,
        window_start timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE enquiry_rate, enquiry_notes, enquiries`);
  }
}
