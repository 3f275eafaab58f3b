/**
 * The collections whose items have an address of their own, a slug unique in the collection:
 * articles (/insights/{slug}) and services (/service/{category}/{slug}). Left empty, it is made
 * from the title (with -2, -3... when that is taken); once saved it stays when the title changes,
 * so links to the item keep working.
 */
import type { EntityManager } from 'typeorm';
import { articleSlugMax, reservedArticleSlugs, slugOf } from '@kafue/common/articles';
import { isServicePosition, serviceSlugMax } from '@kafue/common/service-addresses';
import type { ContentCollection } from '@kafue/common/vocabulary';
import { HttpError } from '../http/errors.js';

interface SlugRule {
  max: number;
  /** Slugs it cannot be (list pages' words), and what it is called when the title gives none. */
  reserved: (slug: string) => boolean;
  fallback: string;
  /** Why a slug given by hand is refused. */
  taken: string;
}

/** Why an article's slug given by hand is refused. */
export const slugTaken = 'Another article already has this slug: choose another.';
/** Why a service's slug given by hand is refused. */
export const serviceSlugTaken = 'Another service already has this address: choose another.';

const slugRules: Partial<Record<ContentCollection, SlugRule>> = {
  insights: { max: articleSlugMax, reserved: (s) => reservedArticleSlugs.includes(s), fallback: 'article', taken: slugTaken },
  // Digits alone are a position (/service/Web/2, the specification's address).
  services: { max: serviceSlugMax, reserved: isServicePosition, fallback: 'service', taken: serviceSlugTaken },
};

async function slugsLike(m: EntityManager, collection: ContentCollection, base: string, id: string | undefined): Promise<Set<string>> {
  const rows: { slug: string }[] = await m.query(
    `SELECT fields->>'slug' AS slug FROM content_items
      WHERE collection = $3 AND id IS DISTINCT FROM $2::uuid AND (fields->>'slug' = $1 OR fields->>'slug' LIKE $1 || '-%')`,
    [base, id ?? null, collection],
  );
  return new Set(rows.map((r) => r.slug));
}

/**
 * The fields with the item's slug settled: the given one when free (409 when another item of the
 * collection has it), or one made from the title. Collections without slugs pass as they are.
 */
export async function settleSlug(
  m: EntityManager,
  collection: ContentCollection,
  fields: Record<string, unknown>,
  id?: string,
): Promise<Record<string, unknown>> {
  const rule = slugRules[collection];
  if (!rule) return fields;
  const given = typeof fields.slug === 'string' ? fields.slug : '';
  // Two saves at once wait here for each other: each sees the other's slug.
  await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:slugs:' || $1))`, [collection]);
  if (given) {
    if ((await slugsLike(m, collection, given, id)).has(given)) throw new HttpError(409, rule.taken);
    return fields;
  }
  const base = slugOf(typeof fields.title === 'string' ? fields.title : '', rule.max - 4) || rule.fallback;
  const taken = await slugsLike(m, collection, base, id);
  let slug = base;
  for (let n = 2; taken.has(slug) || rule.reserved(slug); n++) slug = `${base}-${n}`;
  return { ...fields, slug };
}
