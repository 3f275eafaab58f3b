import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Saved replies: the texts a reply to an enquirer starts from, kept under Settings. */
export class SavedReplies1795600000106 implements MigrationInterface {
  name = 'SavedReplies1795600000106';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_replies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL,
        subject varchar(200) NOT NULL,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_replies_name ON saved_replies (lower(name), id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_replies`);
  }
}
