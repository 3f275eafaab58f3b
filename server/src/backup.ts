/**
 * Backups without pg_dump (the embedded PostgreSQL ships none): a complete logical dump of every
 * table of our schema, read in one REPEATABLE READ transaction (one consistent snapshot), written
 * as JSON with a format version and the list of migrations the schema had. A restore runs the
 * migrations on an empty database and loads the rows back, table by table, in one transaction.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { backupFormat, backupVersion, type Backup, type BackupTable } from '@kafue/common/schemas';
import { migrations, migrationsTable, runMigrations } from './db/data-source.js';

// The file's format is a documented answer (the download call), so its schema is in common.
export type { Backup };

/** Names the server writes; the download call accepts nothing else (no path tricks). */
export const backupNamePattern = /^kafue-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.json$/;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

interface Table {
  name: string;
  /** Its primary key's columns (rows are dumped in that order); empty when it has none. */
  key: string[];
  /** The other tables its foreign keys point to. */
  references: string[];
}

/**
 * Every table of our schema, as the database lists it (so a table a later migration adds is
 * backed up without anyone listing it here), in an order that satisfies foreign keys when
 * loading. Not the migrations table: a backup names its migrations, and a restore runs them.
 */
async function schemaTables(db: QueryRunner | EntityManager): Promise<Table[]> {
  const found = (await db.query(
    `SELECT c.relname AS name,
            coalesce((SELECT array_agg(a.attname::text ORDER BY k.n)
                        FROM pg_index i, unnest(i.indkey) WITH ORDINALITY AS k(attnum, n), pg_attribute a
                       WHERE i.indrelid = c.oid AND i.indisprimary AND a.attrelid = c.oid AND a.attnum = k.attnum), '{}') AS key,
            coalesce((SELECT array_agg(DISTINCT r.relname::text)
                        FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
                       WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '{}') AS references
       FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND c.relname <> $1
      ORDER BY c.relname`,
    [migrationsTable],
  )) as Table[];
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < found.length) {
    const next = found.filter((t) => !placed.has(t.name) && t.references.every((r) => placed.has(r)));
    if (next.length === 0) throw new Error('The tables reference each other in a cycle; a backup cannot order them');
    for (const t of next) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

export async function dumpDatabase(db: DataSource): Promise<Backup> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = (await runner.query(`SELECT name FROM ${quote(migrationsTable)} ORDER BY timestamp, id`)) as { name: string }[];
    const out: Record<string, BackupTable> = {};
    for (const table of await schemaTables(runner)) {
      const columns = (await runner.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table.name],
      )) as { column_name: string }[];
      // Identifiers come from the database's own catalogue, quoted; a table without a primary
      // key is ordered by its whole row.
      const order = table.key.length ? table.key.map((c) => `t.${quote(c)}`).join(', ') : 'to_jsonb(t)::text';
      const [{ rows }] = (await runner.query(
        `SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY ${order}), '[]'::jsonb) AS rows FROM ${quote(table.name)} t`,
      )) as [{ rows: Record<string, unknown>[] }];
      out[table.name] = { columns: columns.map((c) => c.column_name), rows };
    }
    await runner.query('COMMIT');
    return {
      format: backupFormat,
      version: backupVersion,
      createdAt: new Date().toISOString(),
      migrations: applied.map((m) => m.name),
      tables: out,
    };
  } catch (error) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.release();
  }
}

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** Writes a backup file under DATA_DIR/backups (mode 0600, written whole then renamed). */
export async function writeBackup(db: DataSource, dataDir: string): Promise<{ name: string; path: string }> {
  const backup = await dumpDatabase(db);
  const dir = backupsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = backup.createdAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const name = `kafue-backup-${stamp}-${randomBytes(4).toString('hex')}.json`;
  const path = join(dir, name);
  writeFileSync(`${path}.partial`, JSON.stringify(backup), { mode: 0o600 });
  renameSync(`${path}.partial`, path);
  return { name, path };
}

/** Path of a backup file by name, or undefined when the name is not one the server writes. */
export function backupPath(dataDir: string, name: string): string | undefined {
  if (!backupNamePattern.test(name)) return undefined;
  const path = join(backupsDir(dataDir), name);
  return existsSync(path) ? path : undefined;
}

export function readBackup(path: string): Backup {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<Backup>;
  if (parsed.format !== backupFormat) throw new Error(`${path} is not a Kafue backup`);
  if (parsed.version !== backupVersion) throw new Error(`Unsupported backup format version ${String(parsed.version)}`);
  if (!Array.isArray(parsed.migrations) || typeof parsed.tables !== 'object' || !parsed.tables) {
    throw new Error(`${path} is incomplete`);
  }
  return parsed as Backup;
}

/**
 * Loads a backup into an empty database: runs the migrations, refuses if any table holds rows,
 * then inserts every row in one transaction. Columns added by later migrations take defaults.
 */
export async function restoreBackup(db: DataSource, backup: Backup): Promise<Record<string, number>> {
  const known = migrations.map((m) => new m().name);
  backup.migrations.forEach((name, i) => {
    if (known[i] !== name) {
      throw new Error(`The backup was made by a different version of the server (migration ${name} is unknown here)`);
    }
  });
  await runMigrations(db);
  const counts: Record<string, number> = {};
  await db.transaction(async (manager) => {
    const tables = await schemaTables(manager);
    const unknown = Object.keys(backup.tables).filter((name) => !tables.some((t) => t.name === name));
    if (unknown.length) throw new Error(`The backup holds tables this database does not have: ${unknown.join(', ')}`);
    for (const table of tables) {
      const [{ n }] = await manager.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM ${quote(table.name)}`);
      if (n > 0) throw new Error(`The database is not empty (table ${table.name} has ${n} rows); restore needs an empty one`);
    }
    for (const table of tables) {
      const data = backup.tables[table.name];
      counts[table.name] = data?.rows.length ?? 0;
      if (!data || data.rows.length === 0) continue;
      const columns = data.columns.map(quote).join(', ');
      await manager.query(
        `INSERT INTO ${quote(table.name)} (${columns})
         SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quote(table.name)}, $1::jsonb)`,
        [JSON.stringify(data.rows)],
      );
    }
  });
  return counts;
}
