/** General settings (spec section 2) and backups: the records, the request body and the answers. */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { email } from './fields';
import { timezoneValues } from './vocabulary';

/** The settings as read; empty name and email until a Super Admin saves them (spec section 3). */
export const generalSettings = z
  .object({
    siteName: z.string(),
    adminEmail: z.string(),
    timezone: z.enum(timezoneValues),
    maintenanceMode: z.boolean(),
  })
  .meta({ id: 'GeneralSettings' });
export type GeneralSettings = z.infer<typeof generalSettings>;

export const generalSettingsBody = generalSettings
  .extend({
    siteName: z.string().trim().min(1, 'Required.').max(200),
    adminEmail: email,
  })
  .meta({ id: 'GeneralSettingsBody' });

export const settingsUpdateAnswer = messageAnswer.extend({ settings: generalSettings }).meta({ id: 'SettingsUpdateAnswer' });

export const backupAnswer = messageAnswer
  .extend({
    /** Where the backup file can be downloaded (GET, Super Admin). */
    fileUrl: z.string(),
  })
  .meta({ id: 'BackupAnswer' });
export type BackupAnswer = z.infer<typeof backupAnswer>;

export const backupFormat = 'kafue-backup';
export const backupVersion = 1;

const backupTable = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type BackupTable = z.infer<typeof backupTable>;

/** A backup file: every table's rows, with the migrations the schema had (server/src/backup.ts). */
export const backup = z
  .object({
    format: z.literal(backupFormat),
    version: z.literal(backupVersion),
    createdAt: z.iso.datetime(),
    migrations: z.array(z.string()),
    tables: z.record(z.string(), backupTable),
  })
  .meta({ id: 'Backup' });
export type Backup = z.infer<typeof backup>;
