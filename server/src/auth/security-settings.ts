/** The security settings (issue 12): two-factor required for every admin, and password age. */
import type { DataSource, EntityManager } from 'typeorm';
import { defaultSecuritySettings, type AdminPending, type SecuritySettings } from '@kafue/common/contract';
import { securitySettings } from '@kafue/common/schemas';
import { readSetting } from '../settings/settings.js';

/** Its row in the settings table (the session lookup in sessions.ts reads it too, by this key). */
export const securitySettingsKey = 'security';

export const readSecuritySettings = (db: DataSource | EntityManager): Promise<SecuritySettings> =>
  readSetting(db, securitySettingsKey, securitySettings.partial(), defaultSecuritySettings);

const dayMs = 24 * 3600 * 1000;

/** Whether a password set at `changedAt` is older than the settings allow. */
export const passwordExpired = (settings: SecuritySettings, changedAt: Date, now = Date.now()) =>
  settings.passwordMaxAgeDays > 0 && changedAt.getTime() < now - settings.passwordMaxAgeDays * dayMs;

/** What an admin must do first (the session lookup in sessions.ts computes the same in SQL). */
export function adminPendingOf(
  settings: SecuritySettings,
  admin: { passwordChangedAt: Date; totpSecret: string | null },
): AdminPending | undefined {
  if (passwordExpired(settings, admin.passwordChangedAt)) return 'passwordChange';
  if (settings.requireTwoFactor && !admin.totpSecret) return 'twoFactorEnrolment';
  return undefined;
}
