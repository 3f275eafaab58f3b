/** Settings kept as JSON rows of the settings table, read over their defaults. */
import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import { preparedQuery } from './db/data-source.js';

/** Only the fields `schema` (a partial one) accepts, over `defaults`; a stored value it refuses reads as the defaults. */
export async function readSetting<T extends object>(db: DataSource, key: string, schema: z.ZodType<Partial<T>>, defaults: T): Promise<T> {
  const rows = await preparedQuery<{ value: unknown }>(db, 'kafue_setting', `SELECT value FROM settings WHERE key = $1`, [key]);
  const stored = schema.safeParse(rows[0]?.value ?? {});
  return { ...defaults, ...(stored.success ? stored.data : {}) };
}
