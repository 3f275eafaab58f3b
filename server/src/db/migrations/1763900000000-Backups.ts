import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Backups live in the database, content and all: several server processes share one database
 * but no disk, so a backup made through one must download through any other. `slot` names the
 * scheduled run that made it (unique: one backup per slot, whichever process got there first).
 */
export class Backups1763900000000 implements MigrationInterface {
  name = 'Backups1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE backups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(100) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        size bigint NOT NULL,
        sha256 char(64) NOT NULL,
        made_by uuid REFERENCES admins (id) ON DELETE SET NULL,
        made_by_label varchar(100) NOT NULL,
        slot varchar(40) UNIQUE,
        content bytea NOT NULL
      )`);
    // Stored uncompressed, so that a download reads it slice by slice (substring) without
    // decompressing the whole value for every slice.
    await q.query(`ALTER TABLE backups ALTER COLUMN content SET STORAGE EXTERNAL`);
    await q.query(`CREATE INDEX backups_created_at ON backups (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE backups`);
  }
}
