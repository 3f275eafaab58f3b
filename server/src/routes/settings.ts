/** General settings, the company profile and backups. */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Context } from 'koa';
import type { DataSource } from 'typeorm';
import { api, messages, type BackupRestoreAnswer } from '@kafue/common/contract';
import { backupListQuery } from '@kafue/common/schemas';
import { checkMediaFields, heroMediaKinds } from '../media/library.js';
import { endpoints } from '@kafue/common/endpoints';
import { diff } from '../audit/audit.js';
import { backupContent, checkMigrations, storeBackup, storedSource } from '../backup/backup.js';
import { fileSource, openBackup, UnreadableBackup, type BackupReader, type BackupSource } from '../backup/file.js';
import { restoreInstallation, RestoreRunning } from '../backup/restore.js';
import { notifyContentChanged } from '../content/published.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Call, type Endpoint } from '../web/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { rawBody } from '../http/body.js';
import { parseQuery } from '../http/validate.js';
import {
  readBackupSchedule,
  readCompanyProfile,
  readGeneralSettings,
  readReplyTargets,
  readHeroSettings,
  saveSetting,
  settingsKeys,
} from '../settings/settings.js';

interface BackupRow {
  id: string;
  name: string;
  created_at: Date;
  size: string;
  sha256: string;
  made_by_label: string;
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

/**
 * Runs `work` on the request's body kept in a temporary file (a restore reads the file twice, and
 * it may be far larger than a request should hold in memory), deleted after.
 */
async function withUploadedFile<T>(ctx: Context, limit: number, work: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'kafue-restore-'));
  try {
    const path = join(dir, 'backup');
    await pipeline(rawBody(ctx, 'application/octet-stream', limit, messages.backupTooLarge), createWriteStream(path, { mode: 0o600 }));
    return await work(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restores `backup` for the calling Super Admin; the audit row names `source` (a kept backup, or the uploaded file). */
async function restore(
  db: DataSource,
  { principal, audit }: Call<unknown>,
  backup: BackupReader,
  source: { id: string | null; label: string },
): Promise<BackupRestoreAnswer> {
  try {
    const { automaticBackup, stillSignedIn } = await restoreInstallation(db, backup, {
      sessionId: principal.sessionId,
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

export function settingsEndpoints({ db, maintenance, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getGeneralSettings,
      access: 'anyAdmin',
      // Only known fields, over the defaults of spec section 3.
      handle: () => readGeneralSettings(db),
    }),
    endpoint({
      ...endpoints.saveGeneralSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readGeneralSettings(m);
          await saveSetting(m, settingsKeys.general, body);
          await audit(m, {
            action: 'settings.update',
            target: { type: 'settings', id: settingsKeys.general, label: 'General' },
            changes: diff(before, body),
          });
        });
        maintenance?.set(body.maintenanceMode);
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
    endpoint({
      ...endpoints.getCompanyProfile,
      access: 'anyAdmin',
      handle: () => readCompanyProfile(db),
    }),
    endpoint({
      ...endpoints.saveCompanyProfile,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readCompanyProfile(m);
          await saveSetting(m, settingsKeys.company, body);
          await audit(m, {
            action: 'settings.update',
            target: { type: 'settings', id: settingsKeys.company, label: 'Company' },
            changes: diff(before, body),
          });
          // Every page shows the profile: every process re-renders them all, as after a content change.
          await notifyContentChanged(m, '*');
        });
        return { message: messages.settingsUpdated, company: body };
      },
    }),
    endpoint({
      ...endpoints.getReplyTargets,
      access: 'anyAdmin',
      handle: () => readReplyTargets(db),
    }),
    endpoint({
      ...endpoints.saveReplyTargets,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readReplyTargets(m);
          await saveSetting(m, settingsKeys.replyTargets, body);
          await audit(m, {
            action: 'settings.update',
            target: { type: 'settings', id: settingsKeys.replyTargets, label: 'Reply targets' },
            changes: diff(before, body),
          });
        });
        return { message: messages.settingsUpdated, targets: body };
      },
    }),
    endpoint({
      ...endpoints.getHeroSettings,
      access: 'anyAdmin',
      handle: () => readHeroSettings(db),
    }),
    endpoint({
      ...endpoints.saveHeroSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readHeroSettings(m);
          await checkMediaFields(m, body, heroMediaKinds);
          await saveSetting(m, settingsKeys.hero, body);
          await audit(m, {
            action: 'settings.update',
            target: { type: 'settings', id: settingsKeys.hero, label: 'Home page video' },
            changes: diff(before, body),
          });
          // Only the home page carries the hero: the others' data is unchanged, so they are not rendered again.
          await notifyContentChanged(m, '*');
        });
        return { message: messages.settingsUpdated, hero: body };
      },
    }),
    endpoint({
      ...endpoints.runBackup,
      access: 'superAdmin',
      async handle({ principal, audit }) {
        const { name } = await storeBackup(
          db,
          { adminId: principal.id, label: principal.name },
          { within: (m, stored) => audit(m, { action: 'backup.create', target: { type: 'backup', id: stored.id, label: stored.name } }) },
        );
        return { message: messages.backupCompleted, fileUrl: api.backupFile(name) };
      },
    }),
    endpoint({
      ...endpoints.listBackups,
      access: 'superAdmin',
      async handle({ ctx }) {
        const { page, pageSize } = parseQuery(backupListQuery, ctx.query);
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
      },
    }),
    endpoint({
      ...endpoints.downloadBackup,
      access: 'superAdmin',
      async handle({ ctx, params }) {
        // Read from the database, so that any server process on it serves any backup.
        const content = await backupContent(db, params.name ?? '');
        if (!content) throw notFound();
        ctx.type = 'application/x-ndjson';
        ctx.attachment(params.name);
        return content;
      },
    }),
    endpoint({
      ...endpoints.deleteBackup,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await db.transaction(async (m) => {
          // TypeORM answers a DELETE with its rows and their count.
          const [[row]] = await m.query<[{ id: string; name: string }[], number]>(`DELETE FROM backups WHERE id = $1 RETURNING id, name`, [
            params.id,
          ]);
          if (!row) throw notFound();
          await audit(m, { action: 'backup.delete', target: { type: 'backup', id: row.id, label: row.name } });
        });
        return { message: messages.backupDeleted };
      },
    }),
    endpoint({
      ...endpoints.restoreBackup,
      access: 'superAdmin',
      async handle(call) {
        const [row] = await db.query<{ id: string; name: string }[]>(`SELECT id, name FROM backups WHERE id = $1`, [call.params.id]);
        if (!row) throw notFound();
        const backup = await restorable(await storedSource(db, row.id), `Backup ${row.name}`);
        return restore(db, call, backup, { id: row.id, label: row.name });
      },
    }),
    endpoint({
      ...endpoints.restoreUploadedBackup,
      access: 'superAdmin',
      handle: (call) =>
        withUploadedFile(call.ctx, config.limits.backupUploadBytes, async (path) => {
          const backup = await restorable(fileSource(path), 'The uploaded file');
          return restore(db, call, backup, { id: null, label: `Uploaded backup of ${backup.createdAt}` });
        }),
    }),
    endpoint({
      ...endpoints.getBackupSchedule,
      access: 'superAdmin',
      handle: () => readBackupSchedule(db),
    }),
    endpoint({
      ...endpoints.saveBackupSchedule,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readBackupSchedule(m);
          await saveSetting(m, settingsKeys.backupSchedule, body);
          await audit(m, {
            action: 'backup_schedule.update',
            target: { type: 'settings', id: settingsKeys.backupSchedule, label: 'Backup schedule' },
            changes: diff(before, body),
          });
        });
        return { message: messages.settingsUpdated, schedule: body };
      },
    }),
  ];
}
