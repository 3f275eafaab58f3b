/**
 * Restore from the console: a running installation's data replaced by a backup's. Unlike the
 * command line's restore (an empty database), this one deletes what is there and loads the
 * backup's rows in one transaction, so that a failure anywhere leaves the data as it was. Before
 * it, an automatic backup keeps the state being replaced; one restore at a time, across every
 * server process on the database (a PostgreSQL advisory lock, released with its connection if the
 * process dies).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { checkMigrations, loadRows, quote, storeBackup, tablesOf } from './backup.js';
import type { BackupReader } from './file.js';
import { notifyContentChanged } from '../content/published.js';

/**
 * Tables a restore leaves as they are now: mail waiting goes out and mail sent is not sent again,
 * a digest made is not made again, and the sign-in and enquiry limits hold through a restore.
 */
const keptAsTheyAre = new Set(['mail_queue', 'digest_runs', 'login_failures', 'enquiry_rate']);
/**
 * Emptied and not loaded: every session ends (the restorer's own is put back when their account
 * is in the backup), and a password reset link used since the backup must not work again.
 */
const ended = ['sessions', 'password_resets'];
/** Append-only (the database refuses to empty it): the backup's rows that are not here are added. */
const merged = 'audit_log';

/** How the list names the backup made before a restore. */
export const automaticBackupLabel = 'Automatic, before a restore';

/** Another restore holds the lock. */
export class RestoreRunning extends Error {
  constructor() {
    super('A restore is already running');
  }
}

export interface RestoreOutcome {
  automaticBackup: { id: string; name: string };
  /** False when the restorer's admin account is not in the backup: their session ended with the others. */
  stillSignedIn: boolean;
}

export async function restoreInstallation(
  db: DataSource,
  backup: BackupReader,
  options: {
    /** The restorer's session. */
    sessionId: string;
    /** Writes the call's audit row, in the restore's transaction, once the data is replaced. */
    audit: (m: EntityManager, automaticBackup: { id: string; name: string }) => Promise<void>;
  },
): Promise<RestoreOutcome> {
  checkMigrations(backup);
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext('kafue:restore')) AS locked`)) as [{ locked: boolean }];
    if (!locked) throw new RestoreRunning();
    try {
      const { id, name } = await storeBackup(db, { label: automaticBackupLabel });
      await runner.startTransaction();
      const stillSignedIn = await replaceData(runner.manager, backup, options.sessionId);
      await options.audit(runner.manager, { id, name });
      // Every server process on the database renders the site again, as the backup has it.
      await notifyContentChanged(runner.manager, '*');
      await runner.commitTransaction();
      return { automaticBackup: { id, name }, stillSignedIn };
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.query(`SELECT pg_advisory_unlock(hashtext('kafue:restore'))`);
    }
  } finally {
    await runner.release();
  }
}

/** Deletes the data and loads the backup's; answers whether the restorer's session was put back. */
async function replaceData(m: EntityManager, backup: BackupReader, sessionId: string): Promise<boolean> {
  const tables = await tablesOf(m, backup);
  const [own] = await m.query<{ row: object }[]>(`SELECT to_jsonb(s) AS row FROM sessions s WHERE id = $1`, [sessionId]);
  for (const table of ended) await m.query(`DELETE FROM ${quote(table)}`);
  // A table the backup does not have (made before the migration that added it) stays as it is.
  const replaced = tables.filter(
    (t) => backup.tables.includes(t.name) && !keptAsTheyAre.has(t.name) && !ended.includes(t.name) && t.name !== merged,
  );
  // DELETE, not TRUNCATE: the backups table refers to admins, and the enquiries' tally is kept by
  // DELETE and INSERT triggers.
  for (const table of [...replaced].reverse()) await m.query(`DELETE FROM ${quote(table.name)}`);
  for (const table of replaced) await loadRows(m, table.name, backup);
  await loadRows(m, merged, backup, true);
  if (!own) return false;
  const kept = await m.query<unknown[]>(
    `INSERT INTO sessions SELECT r.* FROM jsonb_populate_record(NULL::sessions, $1::jsonb) r
      WHERE EXISTS (SELECT 1 FROM admins a WHERE a.id = r.admin_id) RETURNING id`,
    [JSON.stringify(own.row)],
  );
  return kept.length > 0;
}
