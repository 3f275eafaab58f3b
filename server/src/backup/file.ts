/**
 * The backup file, written and read as a stream, never whole in memory (a media library of
 * hundreds of MB goes in it). Format version 3 is NDJSON:
 *
 *   {"format":"kafue-backup","version":3,"createdAt":"…","migrations":["…",…]}
 *   {"table":"media","columns":["id",…,"content",…],"bytea":["content"]}
 *   ["…",…]           one line per row, its values in the columns' order
 *   "…"               a large bytea value's slices in base64, one a line, right after its row
 *   {"sha256":"…"}    the SHA-256 of every byte before this line
 *
 * A bytea value in a row is null, its bytes in base64 (up to `inlineBytes`), or the number of
 * slice lines after the row that hold it (the row's large values one after the other). A
 * restore reads the file twice: once to check the checksum and find where each table's rows are,
 * then table by table in the order the target database needs.
 * Versions 1 and 2 (one JSON document, made before media) are still read, whole.
 */
import { createHash } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { backupFormat, backupVersion } from '@kafue/common/schemas';

/** Bytea values up to this size are written in their row; larger ones in slices after it. */
export const inlineBytes = 64 * 1024;
/** The size of a large bytea value's slices (the last one shorter). */
export const sliceBytes = 1024 * 1024;
/** A version 1 or 2 file is read whole: refused beyond this size (the server never made them larger). */
const legacyMaxBytes = 512 * 1024 * 1024;
/** Rows loaded per INSERT, and the most bytes of rows held for one. */
const batchRows = 500;
const batchBytes = 4 * 1024 * 1024;

/** A backup file's bytes, readable any number of times, from any offset. */
export interface BackupSource {
  size: number;
  /** Bytes [start, end) (by default the whole file), in pieces. */
  read(start?: number, end?: number): AsyncIterable<Buffer>;
}

export const fileSource = (path: string): BackupSource => ({
  size: statSync(path).size,
  read: (start = 0, end) => createReadStream(path, { start, end: end === undefined ? undefined : end - 1 }),
});

export const headerLine = (createdAt: string, migrations: string[]) =>
  `${JSON.stringify({ format: backupFormat, version: backupVersion, createdAt, migrations })}\n`;
export const tableLine = (table: string, columns: string[], bytea: string[]) => `${JSON.stringify({ table, columns, bytea })}\n`;
export const trailerLine = (sha256: string) => `${JSON.stringify({ sha256 })}\n`;
/** How every file of version 2 on begins (version 1's did too, most often). */
const versionAtStart = /^\{"format":"kafue-backup","version":(\d+),/;

/** The lines of `pieces` (without their newline) and the offset each starts at; `ended` false for a last one without a newline. */
async function* lines(pieces: AsyncIterable<Buffer>, offset: number): AsyncGenerator<{ line: Buffer; at: number; ended: boolean }> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let at = offset;
  for await (const piece of pieces) {
    let from = 0;
    for (let nl = piece.indexOf(10); nl !== -1; nl = piece.indexOf(10, from)) {
      const part = piece.subarray(from, nl);
      const line = heldBytes ? Buffer.concat([...held, part]) : part;
      held = [];
      heldBytes = 0;
      yield { line, at, ended: true };
      at += line.length + 1;
      from = nl + 1;
    }
    if (from < piece.length) {
      held.push(piece.subarray(from));
      heldBytes += piece.length - from;
    }
  }
  if (heldBytes) yield { line: Buffer.concat(held), at, ended: false };
}

/** A table's rows ready for INSERT: each an object of column values, bytea in base64 or as the large object holding it. */
export interface RowBatch {
  columns: string[];
  /** Its bytea columns whose values are base64 text, or a number naming a large object (version 3). */
  bytea: string[];
  rows: Record<string, unknown>[];
}

/**
 * Keeps a large value's slices (each its base64 text's bytes: never made a string here, where
 * slices of 1 MiB would pile up as garbage) somewhere the INSERT can take it from, and answers
 * what stands for it in the row (a large object's id).
 */
export type LargeValueStore = (slices: AsyncIterable<Buffer>) => Promise<number>;

/** A backup file checked and opened: what it says of itself, and each table's rows in batches. */
export interface BackupReader {
  createdAt: string;
  migrations: string[];
  /** The tables it holds. */
  tables: string[];
  rows(table: string, store: LargeValueStore): AsyncIterable<RowBatch>;
}

/** A file that cannot be restored (damaged, not a backup, another version's), which the console answers 400. */
export class UnreadableBackup extends Error {}

const damaged = (source: string) =>
  new UnreadableBackup(`${source} is damaged: its checksum does not match its content (nothing was restored)`);
const notABackup = (source: string) => new UnreadableBackup(`${source} is not a Kafue backup`);
const incomplete = (source: string) => new UnreadableBackup(`${source} is incomplete`);
const unsupported = (version: unknown) => new UnreadableBackup(`Unsupported backup format version ${String(version)}`);

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

function parse(line: Buffer): unknown {
  try {
    return JSON.parse(line.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

async function firstBytes(source: BackupSource, n: number): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of source.read(0, Math.min(n, source.size))) {
    pieces.push(piece);
    size += piece.length;
  }
  return Buffer.concat(pieces, size);
}

/**
 * Checks a backup file (its checksum over every byte, in one pass; its format and version) and
 * opens it; throws, saying why, for a file that is damaged or not a backup (nothing was restored).
 */
export async function openBackup(source: BackupSource, label: string): Promise<BackupReader> {
  const version = Number(versionAtStart.exec((await firstBytes(source, 64)).toString('latin1'))?.[1]);
  if (version > backupVersion) throw unsupported(version);
  if (version !== backupVersion) return openLegacy(source, label);
  const hash = createHash('sha256');
  interface Section {
    columns: string[];
    bytea: string[];
    start: number;
    end: number;
  }
  const sections = new Map<string, Section>();
  let header: { createdAt?: unknown; migrations?: unknown } | undefined;
  let trailer: { sha256?: unknown } | undefined;
  let current: Section | undefined;
  let wellFormed = true;
  let last: { line: Buffer; at: number; ended: boolean } | undefined;
  // Every line is hashed once the next shows it was not the last (the checksum's own).
  for await (const entry of lines(source.read(), 0)) {
    if (last) hash.update(last.line).update('\n');
    last = entry;
    const { line, at } = entry;
    if (!header) {
      header = parse(line) as typeof header;
      continue;
    }
    // A closing line followed by more is out of place: the file is not as it was written.
    if (trailer) wellFormed = false;
    if (line[0] !== 0x7b) continue; // a row or a slice: only counted by the hash here
    if (current) current.end = at;
    const entryValue = parse(line) as { table?: unknown; columns?: unknown; bytea?: unknown; sha256?: unknown } | undefined;
    if (typeof entryValue?.sha256 === 'string') {
      trailer = entryValue;
      current = undefined;
    } else if (
      typeof entryValue?.table === 'string' &&
      isStrings(entryValue.columns) &&
      isStrings(entryValue.bytea) &&
      !sections.has(entryValue.table)
    ) {
      current = { columns: entryValue.columns, bytea: entryValue.bytea, start: at + line.length + 1, end: at + line.length + 1 };
      sections.set(entryValue.table, current);
    } else {
      wellFormed = false;
    }
  }
  if (!last?.ended || !trailer || hash.digest('hex') !== trailer.sha256) throw damaged(label);
  if (!wellFormed || typeof header?.createdAt !== 'string' || !isStrings(header.migrations)) throw incomplete(label);
  return {
    createdAt: header.createdAt,
    migrations: header.migrations,
    tables: [...sections.keys()],
    async *rows(table, store) {
      const section = sections.get(table);
      if (!section || section.start === section.end) return;
      const { columns, bytea } = section;
      const byteaAt = bytea.map((name) => columns.indexOf(name));
      const entries = lines(source.read(section.start, section.end), section.start)[Symbol.asyncIterator]();
      // The slices of one large value: the next `count` lines, each a JSON string of base64 (no escapes).
      async function* slices(count: number): AsyncGenerator<Buffer> {
        for (let i = 0; i < count; i++) {
          const next = await entries.next();
          const line = next.done ? undefined : next.value.line;
          if (!line || line.length < 2 || line[0] !== 0x22 || line.at(-1) !== 0x22) throw incomplete(label);
          yield line.subarray(1, -1);
        }
      }
      let rows: Record<string, unknown>[] = [];
      let bytes = 0;
      for (let next = await entries.next(); !next.done; next = await entries.next()) {
        const values = parse(next.value.line);
        if (!Array.isArray(values) || values.length !== columns.length) throw incomplete(label);
        for (const i of byteaAt) {
          const value: unknown = values[i];
          if (typeof value === 'number') {
            if (!Number.isInteger(value) || value < 0) throw incomplete(label);
            values[i] = await store(slices(value));
          } else if (value !== null && typeof value !== 'string') throw incomplete(label);
        }
        rows.push(Object.fromEntries(columns.map((c, i) => [c, values[i]])));
        bytes += next.value.line.length;
        if (rows.length >= batchRows || bytes >= batchBytes) {
          yield { columns, bytea, rows };
          rows = [];
          bytes = 0;
        }
      }
      if (rows.length) yield { columns, bytea, rows };
    },
  };
}

/** A version 1 or 2 file: one JSON document, read whole (they were made before the media library). */
async function openLegacy(source: BackupSource, label: string): Promise<BackupReader> {
  if (source.size > legacyMaxBytes) throw notABackup(label);
  const pieces: Buffer[] = [];
  for await (const piece of source.read()) pieces.push(piece);
  const backup = decodeBackup(Buffer.concat(pieces), label);
  return {
    createdAt: backup.createdAt,
    migrations: backup.migrations,
    tables: Object.keys(backup.tables),
    async *rows(table) {
      const data = backup.tables[table];
      // Their bytea values are PostgreSQL's own hex text, which the INSERT reads as it is.
      for (let i = 0; data && i < data.rows.length; i += batchRows) {
        yield { columns: data.columns, bytea: [], rows: data.rows.slice(i, i + batchRows) };
      }
    },
  };
}

/** What a version 1 or 2 file holds: every table's rows, with the migrations the schema had. */
interface Backup {
  createdAt: string;
  migrations: string[];
  tables: Record<string, { columns: string[]; rows: Record<string, unknown>[] }>;
  format: string;
  version: number;
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
/** Version 2's header: the checksum of the exact bytes of `backup`, which follow it. */
const v2Header = /^\{"format":"kafue-backup","version":2,"sha256":"([0-9a-f]{64})","backup":/;

/** Reads a version 1 or 2 file's bytes, refusing one whose checksum does not match its content. */
function decodeBackup(bytes: Buffer, source: string): Backup {
  const head = v2Header.exec(bytes.subarray(0, 200).toString('latin1'));
  let parsed: Partial<Backup>;
  if (head) {
    const body = bytes.subarray(head[0].length, bytes.length - 1);
    if (bytes.at(-1) !== 0x7d || sha256(body) !== head[1]) throw damaged(source);
    parsed = { format: backupFormat, version: 2, ...(JSON.parse(body.toString('utf8')) as Partial<Backup>) };
  } else {
    try {
      parsed = JSON.parse(bytes.toString('utf8')) as Partial<Backup>;
    } catch {
      throw notABackup(source);
    }
    if (parsed.format !== backupFormat) throw notABackup(source);
    // A version 2 file whose header does not read as written was changed.
    if (parsed.version === 2) throw new UnreadableBackup(`${source} is damaged: its header was changed (nothing was restored)`);
    if (parsed.version !== 1) throw unsupported(parsed.version);
  }
  if (!Array.isArray(parsed.migrations) || typeof parsed.tables !== 'object' || !parsed.tables) throw incomplete(source);
  return parsed as Backup;
}
