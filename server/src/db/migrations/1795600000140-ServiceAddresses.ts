import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Services get permanent addresses (/service/{category}/{slug}), and the site redirects and
 * missing pages. Every service gets a slug made from its title, unique among services (-2, -3...
 * when taken; digits alone are a position, so "365" becomes "365-2"), in the site's order, and its
 * saved revisions get the same, so that restoring one keeps the address. site_redirects holds the
 * redirects made by hand and those left by a moved service (reason says why), and the addresses
 * of deleted services (410); not_found_hits counts the site's 404s by day, path and referrer.
 */
export class ServiceAddresses1795600000140 implements MigrationInterface {
  name = 'ServiceAddresses1795600000140';

  async up(q: QueryRunner): Promise<void> {
    const rows = (await q.query(
      `SELECT id, fields FROM content_items WHERE collection = 'services' AND NOT (fields ? 'slug')
        ORDER BY fields->>'category', position, created_at, id`,
    )) as { id: string; fields: { title: string } }[];
    const taken = new Set<string>(
      (
        (await q.query(`SELECT fields->>'slug' AS slug FROM content_items WHERE collection = 'services' AND fields ? 'slug'`)) as {
          slug: string;
        }[]
      ).map((r) => r.slug),
    );
    for (const row of rows) {
      const base = slugOf(row.fields.title) || 'service';
      let slug = base;
      for (let n = 2; taken.has(slug) || /^\d+$/.test(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      await q.query(`UPDATE content_items SET fields = fields || jsonb_build_object('slug', $2::text) WHERE id = $1`, [row.id, slug]);
      await q.query(
        `UPDATE content_revisions SET snapshot = jsonb_set(snapshot, '{fields,slug}', to_jsonb($2::text))
          WHERE item_id = $1 AND NOT (snapshot->'fields' ? 'slug')`,
        [row.id, slug],
      );
    }
    await q.query(`CREATE UNIQUE INDEX content_items_service_slug ON content_items ((fields->>'slug')) WHERE collection = 'services'`);
    await q.query(`
      CREATE TABLE site_redirects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        from_path varchar(500) NOT NULL UNIQUE,
        to_target varchar(1000) NOT NULL,
        status smallint NOT NULL CHECK (status IN (301, 302, 410)),
        reason varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX site_redirects_to ON site_redirects (to_target)`);
    await q.query(`
      CREATE TABLE not_found_hits (
        day date NOT NULL,
        path varchar(500) NOT NULL,
        referrer varchar(500) NOT NULL DEFAULT '',
        hits integer NOT NULL,
        last_seen_at timestamptz NOT NULL,
        PRIMARY KEY (day, path, referrer)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE not_found_hits`);
    await q.query(`DROP TABLE site_redirects`);
    await q.query(`DROP INDEX content_items_service_slug`);
    await q.query(`UPDATE content_items SET fields = fields - 'slug' WHERE collection = 'services'`);
  }
}

/** The slug rule as it was when this migration was written (common/src/articles.ts then). */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 76)
    .replace(/-+$/, '');
}
