/**
 * The backups the Backups page lists: made, listed, deleted and restored, each change with its
 * audit row in the change's own transaction.
 */
import type { DataSource } from 'typeorm';
import { api, messages, type BackupRestoreAnswer } from '@kafue/common/contract';
import type { AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { checkMigrations, storeBackup, storedSource } from './backup.js';
import { fileSource, openBackup, UnreadableBackup, type BackupReader, type BackupSource } from './file.js';
import { restoreInstallation, RestoreRunning } from './restore.js';

interface BackupRow {
  id: string;
  name: string;
  created_at: Date;
  size: string;
  sha256: string;
  made_by_label: string;
}

/** Who asks: the admin whose session a restore keeps signed in. */
interface Requester {
  id: string;
  name: string;
  sessionId: string;
}

/** Makes a backup now, for `admin`; answers its name. */
export async function makeBackup(db: DataSource, admin: Requester, audit: AuditRecorder): Promise<string> {
  const { name } = await storeBackup(
    db,
    { adminId: admin.id, label: admin.name },
    { within: (m, stored) => audit(m, { action: 'backup.create', target: { type: 'backup', id: stored.id, label: stored.name } }) },
  );
  return name;
}

/** A page of the kept backups, newest first. */
export async function listBackups(db: DataSource, page: number, pageSize: number) {
  const [{ total }] = await db.query<[{ total: number }]>(`SELECT count(*)::int AS total FROM backups`);
  const rows = await db.query<BackupRow[]>(
    `SELECT id, name, created_at, size, sha256, made_by_label FROM backups
      ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const backups = rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.created_at.toISOString(),
    size: Number(r.size),
    sha256: r.sha256.trim(),
    madeBy: r.made_by_label,
    fileUrl: api.backupFile(r.name),
  }));
  return { backups, total, page, pageSize };
}

/** Deletes a kept backup; 404 when there is none. */
export async function deleteBackup(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    // TypeORM answers a DELETE with its rows and their count.
    const [[row]] = await m.query<[{ id: string; name: string }[], number]>(`DELETE FROM backups WHERE id = $1 RETURNING id, name`, [id]);
    if (!row) throw notFound();
    await audit(m, { action: 'backup.delete', target: { type: 'backup', id: row.id, label: row.name } });
  });
}

/** A backup file checked and opened, or 400 saying why it cannot be restored (damaged, not a backup, another version's). */
async function restorable(source: BackupSource, label: string): Promise<BackupReader> {
  try {
    const backup = await openBackup(source, label);
    checkMigrations(backup);
    return backup;
  } catch (error) {
    if (error instanceof UnreadableBackup) throw new HttpError(400, error.message);
    throw error;
  }
}

/** Restores `backup` for `admin`; the audit row names `source` (a kept backup, or the uploaded file). */
async function restore(
  db: DataSource,
  admin: Requester,
  audit: AuditRecorder,
  backup: BackupReader,
  source: { id: string | null; label: string },
): Promise<BackupRestoreAnswer> {
  try {
    const { automaticBackup, stillSignedIn } = await restoreInstallation(db, backup, {
      sessionId: admin.sessionId,
      audit: (m, automatic) =>
        audit(m, {
          action: 'backup.restore',
          target: { type: 'backup', ...source },
          changes: { restoredFrom: { new: backup.createdAt }, automaticBackup: { new: automatic.name } },
        }),
    });
    return {
      message: messages.backupRestored,
      restoredFrom: backup.createdAt,
      automaticBackup: { name: automaticBackup.name, fileUrl: api.backupFile(automaticBackup.name) },
      stillSignedIn,
    };
  } catch (error) {
    if (error instanceof RestoreRunning) throw new HttpError(409, messages.restoreRunning);
    throw error;
  }
}

/** Restores the kept backup `id`; 404 when there is none. */
export async function restoreKeptBackup(db: DataSource, id: string, admin: Requester, audit: AuditRecorder): Promise<BackupRestoreAnswer> {
  const [row] = await db.query<{ id: string; name: string }[]>(`SELECT id, name FROM backups WHERE id = $1`, [id]);
  if (!row) throw notFound();
  const backup = await restorable(await storedSource(db, row.id), `Backup ${row.name}`);
  return restore(db, admin, audit, backup, { id: row.id, label: row.name });
}

/** Restores the backup file at `path` (an upload). */
export async function restoreBackupFile(
  db: DataSource,
  path: string,
  admin: Requester,
  audit: AuditRecorder,
): Promise<BackupRestoreAnswer> {
  const backup = await restorable(fileSource(path), 'The uploaded file');
  return restore(db, admin, audit, backup, { id: null, label: `Uploaded backup of ${backup.createdAt}` });
}
