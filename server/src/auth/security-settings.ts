/** What the security settings (settings/settings.ts) ask of an admin: two-factor sign-in, and password age. */
import type { AdminPending, SecuritySettings } from '@kafue/common/contract';

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
