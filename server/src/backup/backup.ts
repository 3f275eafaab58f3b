/**
 * Backups without pg_dump (the embedded PostgreSQL ships none): a complete logical dump of every
 * table of our schema, read in one REPEATABLE READ transaction (one consistent snapshot) a page
 * at a time, written as a stream (file.ts: a format version, the list of migrations the schema
 * had, every row, and the SHA-256 of the content). Backups are kept in the database itself
 * (table `backups`, their content in `backup_chunks`), so that every server process on it can
 * list and serve them. A restore verifies the checksum, runs the migrations on an empty database
 * and loads the rows back, table by table in batches, in one transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { seedContent } from '@kafue/common/content-seed';
import { migrationBackfills, migrations, migrationsTable, runMigrations } from '../db/data-source.js';
import { seedAuthor } from '../content/revisions.js';
import { notifyContentChanged } from '../content/published.js';
import { partitionsForRows } from '../analytics/storage.js';
import {
  headerLine,
  inlineBytes,
  sliceBytes,
  tableLine,
  trailerLine,
  UnreadableBackup,
  type BackupReader,
  type BackupSource,
} from './file.js';

export const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

export interface Table {
  name: string;
  /** Its primary key's columns (rows are dumped in that order); empty when it has none. */
  key: string[];
  /** The other tables its foreign keys point to. */
  references: string[];
}

/** Where the backups themselves are kept: not part of a backup (each would hold all before it). */
const backupsTables = ['backups', 'backup_chunks'];
/** The visitor key's salts: never kept beyond their day, so in no backup (a restored day starts a new salt). */
const saltsTable = 'analytics_salts';
/**
 * Columns written empty (null): the visitor key of the raw events lives for its day only, and a
 * backup may be kept for weeks (a restored page view without its key counts as a visitor of its own).
 */
const leftOut: Record<string, string[]> = { analytics_events: ['visitor'] };

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
    [[migrationsTable, ...backupsTables, saltsTable]],
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

/** Rows fetched from the dump's cursor at a time (bytea values beyond `inlineBytes` are not in them). */
const fetchRows = 100;

/** A backup being made: when, and its file's bytes as they come (the generator answers their checksum). */
export interface BackupDump {
  createdAt: string;
  content: AsyncGenerator<Buffer, string>;
}

/**
 * Dumps every table in one REPEATABLE READ snapshot through a cursor, a page of rows at a time,
 * as the lines of a backup file (file.ts); a large bytea value is read in slices. Nothing holds
 * more than a page of rows or a slice, whatever the size of the database.
 */
export function dumpDatabase(db: DataSource, progress?: DumpProgress): BackupDump {
  const createdAt = new Date().toISOString();
  async function* content(): AsyncGenerator<Buffer, string> {
    const hash = createHash('sha256');
    const out = (text: string) => {
      const bytes = Buffer.from(text);
      hash.update(bytes);
      return bytes;
    };
    const runner = db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const applied = (await runner.query(`SELECT name FROM ${quote(migrationsTable)} ORDER BY timestamp, id`)) as { name: string }[];
      yield out(
        headerLine(
          createdAt,
          applied.map((m) => m.name),
        ),
      );
      const tables = await schemaTables(runner);
      for (const [i, table] of tables.entries()) {
        progress?.(table.name, i + 1, tables.length);
        yield* dumpTable(runner, table, out);
      }
      await runner.query('COMMIT');
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
    const checksum = hash.digest('hex');
    yield Buffer.from(trailerLine(checksum));
    return checksum;
  }
  return { createdAt, content: content() };
}

async function* dumpTable(runner: QueryRunner, table: Table, out: (text: string) => Buffer): AsyncGenerator<Buffer> {
  const columns = (await runner.query(
    `SELECT column_name AS name, data_type = 'bytea' AS bytea FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table.name],
  )) as { name: string; bytea: boolean }[];
  const bytea = columns.filter((c) => c.bytea).map((c) => c.name);
  yield out(
    tableLine(
      table.name,
      columns.map((c) => c.name),
      bytea,
    ),
  );
  // Identifiers come from the database's own catalogue, quoted. A bytea value is written in its
  // row up to inlineBytes; beyond, the row holds its number of slices, read after it by its
  // tuple's address (stable in this snapshot), so that tables without a key work alike.
  const values = columns.map(({ name, bytea: isBytea }) => {
    const column = `t.${quote(name)}`;
    if (leftOut[table.name]?.includes(name)) return 'NULL';
    return isBytea
      ? `CASE WHEN octet_length(${column}) <= ${inlineBytes} THEN to_json(translate(encode(${column}, 'base64'), E'\\n', ''))
              ELSE to_json((octet_length(${column}) + ${sliceBytes - 1}) / ${sliceBytes}) END`
      : column;
  });
  // json_build_array takes at most 100 arguments: a wide table's row is joined from several.
  const parts: string[] = [];
  for (let i = 0; i < values.length; i += 100) parts.push(`jsonb_build_array(${values.slice(i, i + 100).join(', ')})`);
  const large = bytea.map((name) => `CASE WHEN octet_length(t.${quote(name)}) > ${inlineBytes} THEN octet_length(t.${quote(name)}) END`);
  // A table without a primary key is ordered by its whole row.
  const order = table.key.length ? table.key.map((c) => `t.${quote(c)}`).join(', ') : 'to_jsonb(t)::text';
  await runner.query(
    `DECLARE backup_rows NO SCROLL CURSOR FOR
     SELECT (${parts.join(' || ')})::text AS line, t.tableoid::int AS rel, t.ctid::text AS tid,
            ARRAY[${large.join(', ')}]::bigint[] AS large
       FROM ${quote(table.name)} t ORDER BY ${order}`,
  );
  for (;;) {
    const rows = (await runner.query(`FETCH ${fetchRows} FROM backup_rows`)) as {
      line: string;
      rel: number;
      tid: string;
      large: (string | null)[];
    }[];
    for (const row of rows) {
      yield out(`${row.line}\n`);
      for (const [i, size] of row.large.entries()) {
        for (let offset = 0; size !== null && offset < Number(size); offset += sliceBytes) {
          const [{ part }] = (await runner.query(
            `SELECT substring(t.${quote(bytea[i])} FROM $3 FOR $4) AS part FROM ${quote(table.name)} t WHERE t.tableoid = $1 AND t.ctid = $2::tid`,
            [row.rel, row.tid, offset + 1, sliceBytes],
          )) as [{ part: Buffer }];
          yield out(`"${part.toString('base64')}"\n`);
        }
      }
    }
    if (rows.length < fetchRows) break;
  }
  await runner.query('CLOSE backup_rows');
}

/** Who or what made a backup: an admin (their id, and their name as the list shows it), the schedule, the command line. */
export interface BackupMaker {
  adminId?: string;
  label: string;
}

/** A stored backup's content is kept in chunks of this size (migration BackupChunks). */
const chunkBytes = 1024 * 1024;

/**
 * Dumps the database and keeps the backup in the backups table, its content in chunks
 * (backup_chunks) as the dump makes it, all in one transaction: the list shows it once whole.
 * `slot` names the scheduled run that made it (unique: a second process making the same slot
 * fails instead of adding a twin).
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
): Promise<{ id: string; name: string }> {
  const { createdAt, content } = dumpDatabase(db, options.progress);
  const stamp = createdAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const name = `kafue-backup-${stamp}-${randomBytes(4).toString('hex')}.json`;
  const id = await db.transaction(async (m) => {
    const [{ id: stored }] = await m.query<[{ id: string }]>(
      `INSERT INTO backups (name, created_at, size, sha256, made_by, made_by_label, slot)
       VALUES ($1, $2, 0, repeat('0', 64), $3, $4, $5) RETURNING id`,
      [name, createdAt, maker.adminId ?? null, maker.label, options.slot ?? null],
    );
    let n = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const write = async (bytes: Buffer) => {
      await m.query(`INSERT INTO backup_chunks (backup_id, n, bytes) VALUES ($1, $2, $3)`, [stored, n++, bytes]);
      size += bytes.length;
    };
    let next = await content.next();
    for (; !next.done; next = await content.next()) {
      pending.push(next.value);
      pendingBytes += next.value.length;
      while (pendingBytes >= chunkBytes) {
        const all = Buffer.concat(pending, pendingBytes);
        await write(all.subarray(0, chunkBytes));
        pending = [all.subarray(chunkBytes)];
        pendingBytes -= chunkBytes;
      }
    }
    if (pendingBytes) await write(Buffer.concat(pending, pendingBytes));
    await m.query(`UPDATE backups SET size = $2, sha256 = $3 WHERE id = $1`, [stored, size, next.value]);
    await options.within?.(m, { id: stored, name });
    return stored;
  });
  return { id, name };
}

/** Names the server gives backups; any other name is answered 404 without asking the database (which refuses NUL). */
const backupNamePattern = /^kafue-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.json$/;

/** A stored backup's content, read a chunk at a time from any offset. */
export async function storedSource(db: DataSource, id: string): Promise<BackupSource> {
  const chunks = await db.query<{ n: number; size: number }[]>(
    `SELECT n, octet_length(bytes) AS size FROM backup_chunks WHERE backup_id = $1 ORDER BY n`,
    [id],
  );
  const size = chunks.reduce((total, c) => total + c.size, 0);
  return {
    size,
    async *read(start = 0, end = size) {
      let at = 0;
      for (const chunk of chunks) {
        const from = Math.max(start - at, 0);
        const to = Math.min(end - at, chunk.size);
        at += chunk.size;
        if (from >= to) continue;
        const [row] = await db.query<{ bytes: Buffer }[]>(`SELECT bytes FROM backup_chunks WHERE backup_id = $1 AND n = $2`, [id, chunk.n]);
        // Deleted meanwhile: the reader sees the file end short, as a damaged one.
        if (!row) throw new Error('The backup was deleted while it was read');
        yield row.bytes.subarray(from, to);
      }
    },
  };
}

/** A stored backup's content by name, streamed chunk by chunk; undefined when there is none. */
export async function backupContent(db: DataSource, name: string): Promise<Readable | undefined> {
  if (!backupNamePattern.test(name)) return undefined;
  const [found] = await db.query<{ id: string }[]>(`SELECT id FROM backups WHERE name = $1`, [name]);
  return found && Readable.from((await storedSource(db, found.id)).read());
}

/**
 * Loads a backup into an empty database: runs the migrations, refuses if any table holds rows,
 * then inserts every row in one transaction. Columns added by later migrations take defaults.
 */
export async function restoreBackup(db: DataSource, backup: BackupReader): Promise<Record<string, number>> {
  checkMigrations(backup);
  await runMigrations(db);
  const counts: Record<string, number> = {};
  await db.transaction(async (manager) => {
    const tables = await tablesOf(manager, backup);
    // The site's content, as migration Content seeded it and nobody changed it since, is no
    // content of the operator's: the backup's replaces it (a backup made before that migration
    // has none, and the seed stays).
    const seeded = await onlySeededContent(manager);
    if (seeded && backup.tables.includes('content_items'))
      await manager.query(`TRUNCATE content_schedule, content_share_links, content_revisions, content_items`);
    // The search index is made from the content: emptied here, made again for the restored content below.
    await manager.query(`TRUNCATE search_entries, search_words`);
    for (const table of tables) {
      if (seeded && contentTables.includes(table.name)) continue;
      const [{ n }] = await manager.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM ${quote(table.name)}`);
      if (n > 0) throw new Error(`The database is not empty (table ${table.name} has ${n} rows); restore needs an empty one`);
    }
    for (const table of tables) {
      counts[table.name] = await loadRows(manager, table.name, backup);
    }
    // Rows of a backup made before a migration that filled its new column from them: filled so too.
    for (const [migration, sql] of migrationBackfills) if (!backup.migrations.includes(migration)) await manager.query(sql);
    // Every server process on the database renders the site again, as the backup has it.
    await notifyContentChanged(manager, '*');
  });
  return counts;
}

/** Refuses a backup made by another version of the server: its migrations must be the first of ours. */
export function checkMigrations(backup: Pick<BackupReader, 'migrations'>): void {
  const known = migrations.map((m) => new m().name);
  backup.migrations.forEach((name, i) => {
    if (known[i] !== name) {
      throw new UnreadableBackup(`The backup was made by a different version of the server (migration ${name} is unknown here)`);
    }
  });
}

/** The tables of our schema in loading order, refusing a backup that holds one this database does not have. */
export async function tablesOf(m: EntityManager, backup: BackupReader): Promise<Table[]> {
  const tables = await schemaTables(m);
  const unknown = backup.tables.filter((name) => !tables.some((t) => t.name === name));
  if (unknown.length) throw new Error(`The backup holds tables this database does not have: ${unknown.join(', ')}`);
  return tables;
}

/**
 * Inserts a table's rows of a backup, a batch at a time (columns added by later migrations take
 * defaults); answers how many. A large bytea value comes in slices, put together in a large
 * object (in PostgreSQL, not here) that its row's INSERT reads and that is dropped after it.
 * `skipKnown`: rows whose key is there already stay as they are.
 */
export async function loadRows(m: EntityManager, table: string, backup: BackupReader, skipKnown = false): Promise<number> {
  const made: number[] = [];
  const store = async (slices: AsyncIterable<Buffer>) => {
    const [{ oid }] = await m.query<[{ oid: number }]>(`SELECT lo_from_bytea(0, '') AS oid`);
    made.push(oid);
    let offset = 0;
    for await (const slice of slices) {
      // The base64 text goes as bytes, decoded by PostgreSQL.
      await m.query(`SELECT lo_put($1, $2, decode(convert_from($3, 'SQL_ASCII'), 'base64'))`, [oid, offset, slice]);
      offset += base64Bytes(slice);
    }
    return oid;
  };
  let count = 0;
  for await (const { columns, bytea, rows } of backup.rows(table, store)) {
    // The raw events' rows go to their days' partitions, which this database may not have made.
    if (table === 'analytics_events') await partitionsForRows(m, rows);
    // A bytea value is base64 text, or the number of the large object holding it (file.ts).
    const values = columns.map((c) => {
      const at = bytea.indexOf(c) + 1;
      return at
        ? `CASE jsonb_typeof(e.j -> ($2::text[])[${at}]) WHEN 'number' THEN lo_get((e.j ->> ($2::text[])[${at}])::oid)
                ELSE decode(e.j ->> ($2::text[])[${at}], 'base64') END`
        : `r.${quote(c)}`;
    });
    await m.query(
      `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')})
       SELECT ${values.join(', ')}
         FROM jsonb_array_elements($1::jsonb) AS e(j), jsonb_populate_record(NULL::${quote(table)}, e.j - $2::text[]) AS r
       ${skipKnown ? 'ON CONFLICT DO NOTHING' : ''}`,
      [JSON.stringify(rows), bytea],
    );
    if (made.length) await m.query(`SELECT lo_unlink(o) FROM unnest($1::oid[]) AS o`, [made.splice(0)]);
    count += rows.length;
  }
  return count;
}

/** How many bytes base64 text (padded) stands for. */
const base64Bytes = (text: Buffer) => (text.length / 4) * 3 - (text.at(-1) === 0x3d ? (text.at(-2) === 0x3d ? 2 : 1) : 0);

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
