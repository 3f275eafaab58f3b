/** Signing in and passwords, for admins and staff alike. */
import { z } from 'zod';
import { admin } from './admins';
import { anyPassword, email, newPassword } from './fields';
import { twoFactorCode } from './security';
import { staffSelf } from './staff';

/**
 * Sign-in for admins and staff. `session: 'bearer'` asks for a token in the answer instead of a
 * cookie: the desktop app's main process uses it and never hands the token to its renderer.
 */
export const loginBody = z
  .object({
    email,
    password: anyPassword,
    session: z.enum(['cookie', 'bearer']).default('cookie'),
    /** Admins with two-factor on: a current TOTP or an unused recovery code. */
    code: twoFactorCode.optional(),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.input<typeof loginBody>;

export const changePasswordBody = z
  .object({
    currentPassword: anyPassword,
    newPassword,
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** Only when `session: 'bearer'` was asked for. */
const token = z.string().optional();

/**
 * What the signed-in admin must do before anything else: choose a new password (it is older than
 * the security settings allow), or enrol in two-factor sign-in (required for every admin). Until
 * then every other admin call answers 403.
 */
export const adminPending = z.enum(['passwordChange', 'twoFactorEnrolment']);
export type AdminPending = z.infer<typeof adminPending>;

const adminSession = {
  admin,
  twoFactorEnabled: z.boolean(),
  pending: adminPending.optional(),
};

export const adminLoginAnswer = z.object({ ...adminSession, token }).meta({ id: 'AdminLoginAnswer' });
export type AdminLoginAnswer = z.infer<typeof adminLoginAnswer>;

export const authCheckAnswer = z.object(adminSession).meta({ id: 'AuthCheckAnswer' });
export type AuthCheckAnswer = z.infer<typeof authCheckAnswer>;

export const staffLoginAnswer = z.object({ staff: staffSelf, token }).meta({ id: 'StaffLoginAnswer' });
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswer>;
