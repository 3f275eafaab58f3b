/** Signing in and passwords, for admins and staff alike. */
import { z } from 'zod';
import { anyPassword, email, newPassword } from './fields';

/**
 * Sign-in for admins and staff. `session: 'bearer'` asks for a token in the answer instead of a
 * cookie: the desktop app's main process uses it and never hands the token to its renderer.
 */
export const loginBody = z.object({
  email,
  password: anyPassword,
  session: z.enum(['cookie', 'bearer']).default('cookie'),
});
export type LoginBody = z.input<typeof loginBody>;

export const changePasswordBody = z.object({
  currentPassword: anyPassword,
  newPassword,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
