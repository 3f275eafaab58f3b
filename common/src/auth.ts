/** Signing in and passwords, for admins and staff alike. */
import { z } from 'zod';
import { admin } from './admins';
import { anyPassword, email, newPassword } from './fields';
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

export const adminLoginAnswer = z.object({ admin, token }).meta({ id: 'AdminLoginAnswer' });
export type AdminLoginAnswer = z.infer<typeof adminLoginAnswer>;

export const authCheckAnswer = z.object({ admin }).meta({ id: 'AuthCheckAnswer' });
export type AuthCheckAnswer = z.infer<typeof authCheckAnswer>;

export const staffLoginAnswer = z.object({ staff: staffSelf, token }).meta({ id: 'StaffLoginAnswer' });
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswer>;
