import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A backup's content in chunks of 1 MiB (`n` from 0) instead of one value: a backup with the media
 * library can pass PostgreSQL's 1 GB per value, and it is written and read a chunk at a time, never
 * whole in a server's memory. The backups kept so far move into chunks.
 */
export class BackupChunks1795600000210 implements MigrationInterface {
  name = 'BackupChunks1795600000210';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE backup_chunks (
        backup_id uuid NOT NULL REFERENCES backups (id) ON DELETE CASCADE,
        n integer NOT NULL CHECK (n >= 0),
        bytes bytea NOT NULL,
        PRIMARY KEY (backup_id, n)
      )`);
    await q.query(`
      INSERT INTO backup_chunks (backup_id, n, bytes)
      SELECT b.id, s.n, substring(b.content FROM s.n * 1048576 + 1 FOR 1048576)
        FROM backups b, generate_series(0, (octet_length(b.content) - 1) / 1048576) AS s(n)
       WHERE octet_length(b.content) > 0`);
    await q.query(`ALTER TABLE backups DROP COLUMN content`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backups ADD COLUMN content bytea`);
    await q.query(
      `UPDATE backups b SET content = coalesce((SELECT string_agg(c.bytes, '' ORDER BY c.n) FROM backup_chunks c WHERE c.backup_id = b.id), '')`,
    );
    await q.query(`ALTER TABLE backups ALTER COLUMN content SET NOT NULL, ALTER COLUMN content SET STORAGE EXTERNAL`);
    await q.query(`DROP TABLE backup_chunks`);
  }
}
