/** Backup files in tests: made, read back, opened and looked into as a restore sees them. */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { dumpDatabase } from '../src/backup/backup.js';
import { openBackup, type BackupReader, type BackupSource } from '../src/backup/file.js';

/** A backup of `db` as the server makes one: its file's bytes. */
export async function backupBytes(db: DataSource): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const piece of dumpDatabase(db).content) pieces.push(piece);
  return Buffer.concat(pieces);
}

/** A kept backup's content as the database holds it, its chunks put together. */
export async function storedBytes(db: DataSource, name: string): Promise<Buffer> {
  const chunks = await db.query<{ bytes: Buffer }[]>(
    `SELECT c.bytes FROM backup_chunks c JOIN backups b ON b.id = c.backup_id WHERE b.name = $1 ORDER BY c.n`,
    [name],
  );
  return Buffer.concat(chunks.map((c) => c.bytes));
}

const bytesSource = (bytes: Buffer): BackupSource => ({
  size: bytes.length,
  async *read(start = 0, end = bytes.length) {
    yield bytes.subarray(start, end);
  },
});

/** A backup file's bytes, checked and opened as a restore does. */
export const openBytes = (bytes: Buffer, label = 'The backup'): Promise<BackupReader> => openBackup(bytesSource(bytes), label);

/** A backup of `db`, opened for a restore. */
export const backupOf = async (db: DataSource) => openBytes(await backupBytes(db));

export interface TableRows {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** Every table of a backup with its rows as objects, a bytea value as base64 (tests read small backups whole). */
export async function tablesIn(backup: BackupReader): Promise<Record<string, TableRows>> {
  const tables: Record<string, TableRows> = {};
  for (const table of backup.tables) {
    const large: string[] = [];
    const data: TableRows = { columns: [], rows: [] };
    const store = async (slices: AsyncIterable<Buffer>) => {
      const parts: Buffer[] = [];
      for await (const slice of slices) parts.push(Buffer.from(slice.toString('latin1'), 'base64'));
      return large.push(Buffer.concat(parts).toString('base64')) - 1;
    };
    for await (const { columns, bytea, rows } of backup.rows(table, store)) {
      data.columns = columns;
      for (const row of rows) {
        for (const c of bytea) if (typeof row[c] === 'number') row[c] = large[row[c]];
        data.rows.push(row);
      }
    }
    tables[table] = data;
  }
  return tables;
}

/**
 * Fills the media library with `videos` videos of 50 MB and `photos` photographs of 5 MB, each with
 * three renditions (200 KB, beyond what a backup keeps in a row, and 40 KB), random bytes all
 * (as incompressible as real media); put together in PostgreSQL from 1 MiB parts, so that this
 * process never holds more than one.
 */
export async function fillMediaLibrary(db: DataSource, { videos, photos }: { videos: number; photos: number }): Promise<void> {
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(`CREATE TEMP TABLE media_parts (n integer, part bytea)`);
    const add = async (kind: 'image' | 'video', megabytes: number, i: number) => {
      await runner.query(`TRUNCATE media_parts`);
      for (let n = 0; n < megabytes; n++) await runner.query(`INSERT INTO media_parts VALUES ($1, $2)`, [n, randomBytes(1024 * 1024)]);
      const [{ id }] = (await runner.query(
        `INSERT INTO media (kind, type, hash, filename, size, width, height, content, renditions_pending)
         SELECT $1, $2, md5($3), $3, $4 * 1048576, 1920, 1080, string_agg(part, '' ORDER BY n), false FROM media_parts
         RETURNING id`,
        [kind, kind === 'video' ? 'video/mp4' : 'image/jpeg', `${kind}-${i}`, megabytes],
      )) as [{ id: string }];
      if (kind === 'image') {
        for (const [width, bytes] of [
          [320, 40 * 1024],
          [960, 200 * 1024],
          [1920, 200 * 1024],
        ]) {
          await runner.query(
            `INSERT INTO media_renditions (media_id, width, format, height, size, content) VALUES ($1, $2, 'webp', $2, $3, $4)`,
            [id, width, bytes, randomBytes(bytes)],
          );
        }
      }
    };
    for (let i = 0; i < videos; i++) await add('video', 50, i);
    for (let i = 0; i < photos; i++) await add('image', 5, i);
    await runner.query(`DROP TABLE media_parts`);
  } finally {
    await runner.release();
  }
}

/** Every media file and rendition of `db`: its key, size and SHA-256 (to compare two databases byte for byte). */
export const mediaDigests = (db: DataSource) =>
  db.query<{ key: string; size: number; sha256: string }[]>(
    `SELECT id::text AS key, octet_length(content) AS size, encode(sha256(content), 'hex') AS sha256 FROM media
     UNION ALL
     SELECT media_id || '/' || width || '/' || format, octet_length(content), encode(sha256(content), 'hex') FROM media_renditions
     ORDER BY 1`,
  );
