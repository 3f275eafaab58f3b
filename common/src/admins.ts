/** Admin accounts (spec section 2): the record and its request bodies. */
import { z } from 'zod';
import { email, name, newPassword } from './fields';
import { adminRoles, defaultInviteRole, type AdminRole } from './vocabulary';

export interface Admin {
  _id: string;
  name: string;
  email: string;
  role: AdminRole;
}

export const adminInviteBody = z.object({
  name,
  email,
  role: z.enum(adminRoles).default(defaultInviteRole),
  password: newPassword,
});
export type AdminInviteBody = z.input<typeof adminInviteBody>;

export const adminUpdateBody = z.object({
  name,
  email,
  role: z.enum(adminRoles),
});
export type AdminUpdateBody = z.input<typeof adminUpdateBody>;
