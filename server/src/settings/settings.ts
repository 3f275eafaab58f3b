/** Settings kept as JSON rows of the settings table, read over their defaults. */
import type { z } from 'zod';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../db/data-source.js';

/** Only the fields `schema` (a partial one) accepts, over `defaults`; a stored value it refuses reads as the defaults. */
export async function readSetting<T extends object>(
  db: DataSource | EntityManager,
  key: string,
  schema: z.ZodType<Partial<T>>,
  defaults: T,
): Promise<T> {
  // In a transaction (an EntityManager), through it; otherwise a prepared statement on the pool.
  const text = `SELECT value FROM settings WHERE key = $1`;
  const rows: { value: unknown }[] =
    'manager' in db ? await preparedQuery<{ value: unknown }>(db, 'kafue_setting', text, [key]) : await db.query(text, [key]);
  const stored = schema.safeParse(rows[0]?.value ?? {});
  return { ...defaults, ...(stored.success ? stored.data : {}) };
}
