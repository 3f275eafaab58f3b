/** General settings (spec section 2). */
import { z } from 'zod';
import { email } from './fields';
import { timezoneValues } from './vocabulary';

export const generalSettingsBody = z.object({
  siteName: z.string().trim().min(1, 'Required.').max(200),
  adminEmail: email,
  timezone: z.enum(timezoneValues),
  maintenanceMode: z.boolean(),
});
export type GeneralSettings = z.output<typeof generalSettingsBody>;

/** Automatic backups: how often, at which hour of the General settings' timezone, how many kept. */
export const backupFrequencies = ['off', 'daily', 'weekly'] as const;
export const backupScheduleBody = z.object({
  frequency: z.enum(backupFrequencies),
  hour: z.number().int().min(0).max(23),
  /** 0 Sunday ... 6 Saturday; read only when weekly. */
  weekday: z.number().int().min(0).max(6),
  keep: z.number().int().min(1).max(100),
});
export type BackupSchedule = z.output<typeof backupScheduleBody>;

/** The page of the backup list asked for in the query string. */
export const backupListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
