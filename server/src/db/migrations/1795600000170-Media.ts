import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library, in the database (every process serves it, every backup holds it): each
 * file's bytes as stored (an image re-encoded without its metadata, a video as uploaded), named
 * by their hash; and an image's renditions, made off the request path by whichever process claims
 * the file first (`renditions_claimed_until`, a lease a crashed process's claim runs out of).
 */
export class Media1795600000170 implements MigrationInterface {
  name = 'Media1795600000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE media (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind varchar(5) NOT NULL CHECK (kind IN ('image', 'video')),
        type varchar(20) NOT NULL,
        hash char(32) NOT NULL,
        filename varchar(255) NOT NULL,
        size integer NOT NULL,
        width integer,
        height integer,
        alt varchar(300) NOT NULL DEFAULT '',
        content bytea NOT NULL,
        renditions_pending boolean NOT NULL,
        renditions_claimed_until timestamptz,
        uploaded_by uuid REFERENCES admins (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX media_hash ON media (hash)`);
    await q.query(`CREATE INDEX media_created ON media (created_at DESC, id)`);
    await q.query(`CREATE INDEX media_renditions_pending ON media (created_at) WHERE renditions_pending`);
    await q.query(`
      CREATE TABLE media_renditions (
        media_id uuid NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        width integer NOT NULL,
        format varchar(4) NOT NULL CHECK (format IN ('avif', 'webp', 'jpg')),
        height integer NOT NULL,
        size integer NOT NULL,
        content bytea NOT NULL,
        PRIMARY KEY (media_id, width, format)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE media_renditions`);
    await q.query(`DROP TABLE media`);
  }
}
