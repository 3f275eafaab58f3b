/**
 * Backups without pg_dump (the embedded PostgreSQL ships none): a complete logical dump of every
 * table of our schema, read in one REPEATABLE READ transaction (one consistent snapshot), written
 * as JSON with a format version, the list of migrations the schema had and the SHA-256 of its
 * content. Backups are kept in the database itself (table `backups`), so that every server
 * process on it can list and serve them. A restore verifies the checksum, runs the migrations on
 * an empty database and loads the rows back, table by table, in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { backupFormat, backupVersion, type Backup, type BackupTable } from '@kafue/common/schemas';
import { seedContent } from '@kafue/common/content-seed';
import { migrations, migrationsTable, runMigrations } from '../db/data-source.js';
import { seedAuthor } from '../content/revisions.js';
import { notifyContentChanged } from '../content/published.js';
import { partitionsForRows } from '../analytics/storage.js';

// The file's format is a documented answer (the download call), so its schema is in common.
export type { Backup };

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export interface Table {
  name: string;
  /** Its primary key's columns (rows are dumped in that order); empty when it has none. */
  key: string[];
  /** The other tables its foreign keys point to. */
  references: string[];
}

/** Where the backups themselves are kept: not part of a backup (each would hold all before it). */
const backupsTable = 'backups';
/** The visitor key's salts: never kept beyond their day, so in no backup (a restored day starts a new salt). */
const saltsTable = 'analytics_salts';

/**
 * Every table of our schema, as the database lists it (so a table a later migration adds is
 * backed up without anyone listing it here), in an order that satisfies foreign keys when
 * loading. Not the migrations table: a backup names its migrations, and a restore runs them.
 * Not the backups table either, nor the analytics salts. A partitioned table is dumped and
 * loaded through its parent (its rows once), not through its partitions.
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
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> ALL($1)
      ORDER BY c.relname`,
    [[migrationsTable, backupsTable, saltsTable]],
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

/** Hears each table as the dump reaches it (the command line prints it: large databases take a while). */
export type DumpProgress = (table: string, index: number, count: number) => void;

export async function dumpDatabase(db: DataSource, progress?: DumpProgress): Promise<Backup> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const applied = (await runner.query(`SELECT name FROM ${quote(migrationsTable)} ORDER BY timestamp, id`)) as { name: string }[];
    const out: Record<string, BackupTable> = {};
    const tables = await schemaTables(runner);
    for (const [i, table] of tables.entries()) {
      progress?.(table.name, i + 1, tables.length);
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

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const header = (checksum: string) => `{"format":"${backupFormat}","version":${backupVersion},"sha256":"${checksum}","backup":`;
const headerPattern = new RegExp(
  `^${header('@')
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('@', '([0-9a-f]{64})')}`,
);

/**
 * A backup as the bytes of its file: `{ format, version, sha256, backup }`, where sha256 is that
 * of the exact bytes of `backup`, so that any change to them, a flipped byte included, shows.
 */
export function encodeBackup({ createdAt, migrations, tables }: Backup): { content: Buffer; sha256: string } {
  const body = Buffer.from(JSON.stringify({ createdAt, migrations, tables }));
  const checksum = sha256(body);
  return { content: Buffer.concat([Buffer.from(header(checksum)), body, Buffer.from('}')]), sha256: checksum };
}

/** Reads a backup file's bytes, refusing one whose checksum does not match its content. */
export function decodeBackup(bytes: Buffer, source: string): Backup {
  const head = headerPattern.exec(bytes.subarray(0, 200).toString('latin1'));
  let parsed: Partial<Backup>;
  if (head) {
    const body = bytes.subarray(head[0].length, bytes.length - 1);
    if (bytes.at(-1) !== 0x7d || sha256(body) !== head[1]) {
      throw new Error(`${source} is damaged: its checksum does not match its content (nothing was restored)`);
    }
    parsed = { format: backupFormat, version: backupVersion, ...(JSON.parse(body.toString('utf8')) as Partial<Backup>) };
  } else {
    try {
      parsed = JSON.parse(bytes.toString('utf8')) as Partial<Backup>;
    } catch {
      throw new Error(`${source} is not a Kafue backup`);
    }
    if (parsed.format !== backupFormat) throw new Error(`${source} is not a Kafue backup`);
    // A version 2 file whose header does not read as written was changed.
    if (parsed.version === backupVersion) throw new Error(`${source} is damaged: its header was changed (nothing was restored)`);
    if (parsed.version !== 1) throw new Error(`Unsupported backup format version ${String(parsed.version)}`);
  }
  if (!Array.isArray(parsed.migrations) || typeof parsed.tables !== 'object' || !parsed.tables) {
    throw new Error(`${source} is incomplete`);
  }
  return parsed as Backup;
}

export const readBackup = (path: string): Backup => decodeBackup(readFileSync(path), path);

/** Who or what made a backup: an admin (their id, and their name as the list shows it), the schedule, the command line. */
export interface BackupMaker {
  adminId?: string;
  label: string;
}

export interface StoredBackup {
  id: string;
  name: string;
  content: Buffer;
}

/**
 * Dumps the database and keeps the backup in the backups table. `slot` names the scheduled run
 * that made it (unique: a second process making the same slot fails instead of adding a twin).
 */
export async function storeBackup(
  db: DataSource,
  maker: BackupMaker,
  options: {
    slot?: string;
    progress?: DumpProgress;
    /** Runs in the transaction that stores it (the call's audit row). */
    within?: (m: EntityManager, stored: { id: string; name: string }) => Promise<void>;
  } = {},
): Promise<StoredBackup> {
  const backup = await dumpDatabase(db, options.progress);
  const { content, sha256: checksum } = encodeBackup(backup);
  const stamp = backup.createdAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const name = `kafue-backup-${stamp}-${randomBytes(4).toString('hex')}.json`;
  const id = await db.transaction(async (m) => {
    const [{ id: stored }] = await m.query<[{ id: string }]>(
      `INSERT INTO backups (name, created_at, size, sha256, made_by, made_by_label, slot, content)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [name, backup.createdAt, content.length, checksum, maker.adminId ?? null, maker.label, options.slot ?? null, content],
    );
    await options.within?.(m, { id: stored, name });
    return stored;
  });
  return { id, name, content };
}

/** Names the server gives backups; any other name is answered 404 without asking the database (which refuses NUL). */
const backupNamePattern = /^kafue-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.json$/;

/** Slices a download reads at a time: a large backup never sits whole in the server's memory. */
const sliceBytes = 1 << 20;

/** A stored backup's content by name, streamed slice by slice; undefined when there is none. */
export async function backupContent(db: DataSource, name: string): Promise<Readable | undefined> {
  if (!backupNamePattern.test(name)) return undefined;
  const [found] = await db.query<{ id: string; size: string }[]>(`SELECT id, size FROM backups WHERE name = $1`, [name]);
  if (!found) return undefined;
  const size = Number(found.size);
  async function* slices() {
    for (let offset = 0; offset < size; offset += sliceBytes) {
      const [row] = await db.query<{ part: Buffer }[]>(`SELECT substring(content FROM $2 FOR $3) AS part FROM backups WHERE id = $1`, [
        found.id,
        offset + 1,
        sliceBytes,
      ]);
      // Deleted meanwhile: the download ends short, and the client sees a broken file.
      if (!row) throw new Error('The backup was deleted during its download');
      yield row.part;
    }
  }
  return Readable.from(slices());
}

/**
 * Loads a backup into an empty database: runs the migrations, refuses if any table holds rows,
 * then inserts every row in one transaction. Columns added by later migrations take defaults.
 */
export async function restoreBackup(db: DataSource, backup: Backup): Promise<Record<string, number>> {
  checkMigrations(backup);
  await runMigrations(db);
  const counts: Record<string, number> = {};
  await db.transaction(async (manager) => {
    const tables = await tablesOf(manager, backup);
    // The site's content, as migration Content seeded it and nobody changed it since, is no
    // content of the operator's: the backup's replaces it (a backup made before that migration
    // has none, and the seed stays).
    const seeded = await onlySeededContent(manager);
    if (seeded && backup.tables.content_items)
      await manager.query(`TRUNCATE content_schedule, content_share_links, content_revisions, content_items`);
    // The search index is made from the content: emptied here, made again for the restored content below.
    await manager.query(`TRUNCATE search_entries, search_words`);
    for (const table of tables) {
      if (seeded && contentTables.includes(table.name)) continue;
      const [{ n }] = await manager.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM ${quote(table.name)}`);
      if (n > 0) throw new Error(`The database is not empty (table ${table.name} has ${n} rows); restore needs an empty one`);
    }
    for (const table of tables) {
      counts[table.name] = await loadRows(manager, table.name, backup.tables[table.name]);
    }
    // Every server process on the database renders the site again, as the backup has it.
    await notifyContentChanged(manager, '*');
  });
  return counts;
}

/** Refuses a backup made by another version of the server: its migrations must be the first of ours. */
export function checkMigrations(backup: Backup): void {
  const known = migrations.map((m) => new m().name);
  backup.migrations.forEach((name, i) => {
    if (known[i] !== name) {
      throw new Error(`The backup was made by a different version of the server (migration ${name} is unknown here)`);
    }
  });
}

/** The tables of our schema in loading order, refusing a backup that holds one this database does not have. */
export async function tablesOf(m: EntityManager, backup: Backup): Promise<Table[]> {
  const tables = await schemaTables(m);
  const unknown = Object.keys(backup.tables).filter((name) => !tables.some((t) => t.name === name));
  if (unknown.length) throw new Error(`The backup holds tables this database does not have: ${unknown.join(', ')}`);
  return tables;
}

/**
 * Inserts a table's rows of a backup (columns added by later migrations take defaults); answers
 * how many. `skipKnown`: rows whose key is there already stay as they are.
 */
export async function loadRows(m: EntityManager, table: string, data: BackupTable | undefined, skipKnown = false): Promise<number> {
  if (!data || data.rows.length === 0) return 0;
  // The raw events' rows go to their days' partitions, which this database may not have made.
  if (table === 'analytics_events') await partitionsForRows(m, data.rows);
  const columns = data.columns.map(quote).join(', ');
  await m.query(
    `INSERT INTO ${quote(table)} (${columns})
     SELECT ${columns} FROM jsonb_populate_recordset(NULL::${quote(table)}, $1::jsonb)${skipKnown ? ' ON CONFLICT DO NOTHING' : ''}`,
    [JSON.stringify(data.rows)],
  );
  return data.rows.length;
}

const contentTables = ['content_items', 'content_revisions'];

/** True when the content tables hold exactly what migration Content seeded: every item, one seed revision each. */
async function onlySeededContent(m: EntityManager): Promise<boolean> {
  const [{ items, revisions, seeded }] = await m.query<[{ items: number; revisions: number; seeded: number }]>(
    `SELECT (SELECT count(*)::int FROM content_items) AS items,
            (SELECT count(*)::int FROM content_revisions) AS revisions,
            (SELECT count(*)::int FROM content_revisions WHERE author_id IS NULL AND author_name = $1) AS seeded`,
    [seedAuthor],
  );
  const seedItems = Object.values(seedContent).reduce((n, list) => n + list.length, 0);
  return items === seedItems && items === revisions && revisions === seeded;
}
