import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tech Insights become articles with their own pages: each gets a slug (its address,
 * /insights/{slug}, unique in the collection), an author and a Markdown body; the Read More link
 * goes (Read More leads to the article). The seeded insights get the short bodies below; any other
 * starts with its description as its body, to be written in the console. Their saved revisions get
 * the same fields, so that restoring one gives a whole article.
 */
export class Articles1795600000101 implements MigrationInterface {
  name = 'Articles1795600000101';

  async up(q: QueryRunner): Promise<void> {
    const rows = (await q.query(
      `SELECT id, fields FROM content_items WHERE collection = 'insights' ORDER BY position, created_at, id`,
    )) as { id: string; fields: { title: string; description: string } }[];
    const taken = new Set<string>();
    for (const row of rows) {
      const base = slugOf(row.fields.title) || 'article';
      let slug = base;
      for (let n = 2; taken.has(slug) || reserved.includes(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      const added = { slug, author, body: seededBodies[row.fields.title] ?? row.fields.description };
      await q.query(`UPDATE content_items SET fields = (fields - 'link') || $2::jsonb WHERE id = $1`, [row.id, JSON.stringify(added)]);
      await q.query(
        `UPDATE content_revisions SET snapshot = jsonb_set(snapshot, '{fields}', ((snapshot->'fields') - 'link') || $2::jsonb)
          WHERE item_id = $1 AND NOT (snapshot->'fields' ? 'slug')`,
        [row.id, JSON.stringify(added)],
      );
    }
    await q.query(`CREATE UNIQUE INDEX content_items_article_slug ON content_items ((fields->>'slug')) WHERE collection = 'insights'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX content_items_article_slug`);
    await q.query(
      `UPDATE content_items SET fields = fields - 'slug' - 'author' - 'body' - 'cover' - 'coverAlt' || '{"link": "#"}'::jsonb
        WHERE collection = 'insights'`,
    );
  }
}

const author = 'Kafue Technologies';
const reserved = ['page', 'category', 'feed'];

/** The slug rule as it was when this migration was written (common/src/content.ts then). */
function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** The seeded insights' bodies, by title, as common/src/content-seed.ts had them then (a copy: the seed may change, this may not). */
const seededBodies: Record<string, string> = {
  'Choosing the right hosting plan for your business website':
    'A business website lives on a server somewhere, and the kind of hosting you choose decides how fast it loads, how often it is down and what you pay each month.\n\n## Shared hosting\n\nYour site shares one server with many others. It is the cheapest option and suits a small brochure site with modest traffic. The trade-off: a busy neighbour can slow you down.\n\n## Cloud hosting\n\nYour site runs on resources that can grow when traffic grows, and move to healthy hardware when something fails. It costs more than shared hosting but keeps an online shop or booking system steady.\n\n## Dedicated servers\n\nA whole machine is yours. It makes sense for heavy applications or strict data rules, and it needs someone to look after it.\n\n## How to choose\n\n- Count your visitors and what they do on the site.\n- Ask what uptime the host promises and how backups work.\n- Check that support answers when you need it.\n\nIf you are unsure, [talk to us](/contact) and we will suggest a plan that fits.',
  'Five cybersecurity habits every small business needs':
    'Most attacks on small businesses do not need clever tricks: they use a reused password, a missed update or an email that looked real. Five habits close the biggest gaps.\n\n1. **Turn on two-step sign-in** for email, banking and any tool that offers it.\n2. **Update** computers, phones and routers when updates arrive.\n3. **Back up** important files automatically, and keep one copy away from the office network.\n4. **Use a password manager** so that every account has its own long password.\n5. **Pause before you click**: check the sender of any email that asks for money, passwords or urgent action.\n\nNone of these slows your team down for long, and together they stop most everyday attacks. We can help you set them up: see our [security services](/services).',
  'Getting found on Google: local SEO for Zambian businesses':
    'When someone nearby searches for what you sell, local search decides whether they find you or a competitor.\n\n## Complete your Google Business Profile\n\nAdd your address, opening hours, phone number, photos and the services you offer. Keep them current: a closed shop that still shows as open loses trust.\n\n## Ask for reviews\n\nHappy customers are usually glad to leave a review when asked. Answer every review, good or bad, politely.\n\n## Use the words your customers use\n\nName your town and your services plainly on your website, the way customers search for them.\n\nWant help with any of this? [Contact us](/contact).',
};
