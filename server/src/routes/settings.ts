/** General settings and backups. */
import { api, defaultGeneralSettings, messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { backupListQuery } from '@kafue/common/schemas';
import { diff } from '../audit.js';
import { backupContent, storeBackup } from '../backup.js';
import { backupScheduleKey, generalSettingsKey, readBackupSchedule, storedGeneralSettings } from '../backup-schedule.js';
import { SettingEntity } from '../db/entities.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { notFound } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { readSetting } from '../stored-settings.js';

interface BackupRow {
  id: string;
  name: string;
  created_at: Date;
  size: string;
  sha256: string;
  made_by_label: string;
}

export function settingsEndpoints({ db, maintenance }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.getGeneralSettings,
      access: 'anyAdmin',
      // Only known fields, over the defaults of spec section 3.
      handle: () => readSetting(db, generalSettingsKey, storedGeneralSettings, defaultGeneralSettings),
    }),
    endpoint({
      ...endpoints.saveGeneralSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await db.transaction(async (m) => {
          const before = await readSetting(m, generalSettingsKey, storedGeneralSettings, defaultGeneralSettings);
          await m.upsert(SettingEntity, { key: generalSettingsKey, value: body }, ['key']);
          await audit(m, { action: 'settings.update', target: { type: 'settings', id: generalSettingsKey, label: 'General' }, changes: diff(before, body) });
        });
        maintenance?.set(body.maintenanceMode);
        return { message: messages.settingsUpdated, settings: body };
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
        const { page, pageSize } = parseBody(backupListQuery, ctx.query);
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
        ctx.type = 'application/json';
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
          await m.upsert(SettingEntity, { key: backupScheduleKey, value: body }, ['key']);
          await audit(m, { action: 'backup_schedule.update', target: { type: 'settings', id: backupScheduleKey, label: 'Backup schedule' }, changes: diff(before, body) });
        });
        return { message: messages.settingsUpdated, schedule: body };
      },
    }),
  ];
}
