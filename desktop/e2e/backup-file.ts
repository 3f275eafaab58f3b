/**
 * A downloaded backup file as the tests read it: NDJSON (server/src/backup/file.ts), a header line,
 * per table a line naming it, a line per row, and the checksum last.
 */
import { readFile } from 'node:fs/promises';

export async function readBackupFile(path: string): Promise<{ header: unknown; tables: string[]; text: string }> {
  const text = await readFile(path, 'utf8');
  const lines = text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
  const tables = lines.flatMap((l) => (typeof l === 'object' && l !== null && 'table' in l ? [String(l.table)] : []));
  return { header: lines[0], tables, text };
}
