/** Backup files in tests: made, read back, opened and looked into as a restore sees them. */
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
    const store = async (slices: AsyncIterable<string>) => {
      const parts: Buffer[] = [];
      for await (const slice of slices) parts.push(Buffer.from(slice, 'base64'));
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
