/**
 * Articles (the `insights` collection): each has a slug, its address /insights/{slug}, unique in
 * the collection. Left empty, it is made from the title (with -2, -3... when that is taken); once
 * saved it stays when the title changes, so links to the article keep working.
 */
import type { EntityManager } from 'typeorm';
import { articleSlugMax, reservedArticleSlugs, slugOf } from '@kafue/common/articles';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { HttpError } from '../http/errors.js';

/** Why a slug given by hand is refused. */
export const slugTaken = 'Another article already has this slug: choose another.';

async function slugsLike(m: EntityManager, base: string, id: string | undefined): Promise<Set<string>> {
  const rows: { slug: string }[] = await m.query(
    `SELECT fields->>'slug' AS slug FROM content_items
      WHERE collection = 'insights' AND id IS DISTINCT FROM $2::uuid AND (fields->>'slug' = $1 OR fields->>'slug' LIKE $1 || '-%')`,
    [base, id ?? null],
  );
  return new Set(rows.map((r) => r.slug));
}

/**
 * The fields with the article's slug settled: the given one when free (409 when another article
 * has it), or one made from the title. Other collections' fields pass as they are.
 */
export async function settleSlug(
  m: EntityManager,
  collection: ContentCollection,
  fields: Record<string, unknown>,
  id?: string,
): Promise<Record<string, unknown>> {
  if (collection !== 'insights') return fields;
  const given = typeof fields.slug === 'string' ? fields.slug : '';
  // Two saves at once wait here for each other: each sees the other's slug.
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:article-slugs'))`);
  if (given) {
    if ((await slugsLike(m, given, id)).has(given)) throw new HttpError(409, slugTaken);
    return fields;
  }
  const base = slugOf(typeof fields.title === 'string' ? fields.title : '', articleSlugMax - 4) || 'article';
  const taken = await slugsLike(m, base, id);
  let slug = base;
  for (let n = 2; taken.has(slug) || reservedArticleSlugs.includes(slug); n++) slug = `${base}-${n}`;
  return { ...fields, slug };
}
