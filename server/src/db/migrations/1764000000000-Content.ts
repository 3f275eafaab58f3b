import type { MigrationInterface, QueryRunner } from 'typeorm';
import { seedContent } from '@kafue/common/content-seed';
import { categoryKeys, contentCollections } from '@kafue/common/vocabulary';

/** The author of the seeded revisions: the content as it was when it moved into the database. */
export const seedAuthor = 'Initial content';

/**
 * The public site's content (issue 10): one row per item of every collection, its fields as
 * JSON, and every saved version in content_revisions (who, when, the item as saved). Seeded with
 * the site's content of before, word for word, all published: after this migration the site
 * reads exactly as it did. Positions count within the collection (services: within their category).
 */
export class Content1764000000000 implements MigrationInterface {
  name = 'Content1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        collection text NOT NULL,
        status text NOT NULL CHECK (status IN ('draft', 'published')),
        position int NOT NULL DEFAULT 0,
        fields jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX content_items_listing ON content_items (collection, status, position)`);
    // clock_timestamp: two revisions saved in one transaction still have an order.
    await q.query(`
      CREATE TABLE content_revisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        item_id uuid NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
        author_id uuid REFERENCES admins (id) ON DELETE SET NULL,
        author_name varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        snapshot jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX content_revisions_item ON content_revisions (item_id, created_at DESC)`);

    const rows: { collection: string; position: number; fields: unknown }[] = [];
    for (const collection of contentCollections) {
      const items = seedContent[collection];
      if (collection === 'services') {
        for (const category of categoryKeys) {
          seedContent.services.filter((s) => s.category === category).forEach((fields, position) => rows.push({ collection, position, fields }));
        }
      } else {
        items.forEach((fields, position) => rows.push({ collection, position, fields }));
      }
    }
    await q.query(
      `WITH seed AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS s (collection text, position int, fields jsonb)
       ), items AS (
         INSERT INTO content_items (collection, status, position, fields)
         SELECT collection, 'published', position, fields FROM seed
         RETURNING id, status, position, fields
       )
       INSERT INTO content_revisions (item_id, author_name, snapshot)
       SELECT id, $2, jsonb_build_object('status', status, 'position', position, 'fields', fields) FROM items`,
      [JSON.stringify(rows), seedAuthor],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE content_revisions`);
    await q.query(`DROP TABLE content_items`);
  }
}
