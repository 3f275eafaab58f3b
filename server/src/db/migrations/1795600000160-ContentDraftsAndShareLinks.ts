import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Editing safely:
 * - An item's pending changes (`draft`, its fields as the console last saved them) sit beside its
 *   live fields until someone publishes them: visitors keep seeing the live ones meanwhile.
 * - Share links open an item's page, as it would look, to someone without an account: the token is
 *   kept only as its SHA-256 hash; a link may pin one revision; it ends at its expiry or when
 *   revoked (deleted), and goes with its item.
 */
export class ContentDraftsAndShareLinks1795600000160 implements MigrationInterface {
  name = 'ContentDraftsAndShareLinks1795600000160';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE content_items ADD COLUMN draft jsonb`);
    await q.query(`
      CREATE TABLE content_share_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        item_id uuid NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
        revision_id uuid REFERENCES content_revisions (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        author_id uuid REFERENCES admins (id) ON DELETE SET NULL,
        author_name varchar(100) NOT NULL
      )`);
    await q.query(`CREATE INDEX content_share_links_item ON content_share_links (item_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_share_links`);
    await q.query(`ALTER TABLE content_items DROP COLUMN draft`);
  }
}
