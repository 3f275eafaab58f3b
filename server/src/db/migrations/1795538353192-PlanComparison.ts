import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The author of the seed revisions (migration Content). */
const seedAuthor = 'Initial content';

const shared = ['24/7 email and chat support', 'Free SSL certificate', 'No setup fees'];
const rows = (emails: string, pages: string, storage: string, support: string, reports: string) => [
  `Email accounts: ${emails}`,
  `Website pages: ${pages}`,
  `Storage: ${storage}`,
  `Support response: ${support}`,
  `Reports: ${reports}`,
  ...shared,
];

/**
 * The Detailed Plan Comparison moves into the plans (their `comparison` rows), so that one edit of
 * a plan changes every price the pricing page shows. The seeded plans, by name, get the rows the
 * table showed until now (a copy: later edits of the seed never change what this migration
 * does); a plan renamed or added since gets none and shows "Not included" until edited.
 */
const comparisons: { name: string; comparison: string[] }[] = [
  { name: 'Starter', comparison: rows('5', 'Up to 5', '10GB', '24–48 hours', 'Monthly') },
  { name: 'Business', comparison: rows('Unlimited', 'Unlimited', '50GB', '4–8 hours', 'Weekly') },
  { name: 'Enterprise', comparison: [...rows('Unlimited', 'Unlimited', 'Unlimited', '1–2 hours', 'Daily'), 'Dedicated account manager'] },
];

export class PlanComparison1795538353192 implements MigrationInterface {
  name = 'PlanComparison1795538353192';

  async up(q: QueryRunner): Promise<void> {
    // The seed revision of each such plan gets the rows too: the table was part of the content
    // that moved into the database, and a seeded site keeps one seed revision per item (which a
    // restore recognises as no content of the operator's).
    await q.query(
      `WITH rows AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r (name text, comparison jsonb)
       ), items AS (
         UPDATE content_items i SET fields = i.fields || jsonb_build_object('comparison', rows.comparison)
         FROM rows
         WHERE i.collection = 'plans' AND i.fields->>'name' = rows.name AND NOT i.fields ? 'comparison'
         RETURNING i.id, rows.comparison
       )
       UPDATE content_revisions r SET snapshot = jsonb_set(r.snapshot, '{fields,comparison}', items.comparison)
       FROM items
       WHERE r.item_id = items.id AND r.author_id IS NULL AND r.author_name = $2`,
      [JSON.stringify(comparisons), seedAuthor],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE content_items SET fields = fields - 'comparison' WHERE collection = 'plans'`);
  }
}
