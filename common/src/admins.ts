/** Admin accounts (spec section 2): the record, its request bodies and its answers. */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { email, idSchema, name, newPassword } from './fields';
import { adminRoles, defaultInviteRole } from './vocabulary';

export const admin = z
  .object({
    _id: idSchema,
    name: z.string(),
    email: z.string(),
    role: z.enum(adminRoles),
  })
  .meta({ id: 'Admin' });
export type Admin = z.infer<typeof admin>;

export const adminInviteBody = z
  .object({
    name,
    email,
    role: z.enum(adminRoles).default(defaultInviteRole),
    password: newPassword,
  })
  .meta({ id: 'AdminInviteBody' });
export type AdminInviteBody = z.input<typeof adminInviteBody>;

export const adminUpdateBody = z
  .object({
    name,
    email,
    role: z.enum(adminRoles),
  })
  .meta({ id: 'AdminUpdateBody' });
export type AdminUpdateBody = z.input<typeof adminUpdateBody>;

export const adminList = z.array(admin).meta({ id: 'AdminList' });

/** The answer to an invitation (201) or a change: the admin as now stored. */
export const adminChangeAnswer = messageAnswer.extend({ admin }).meta({ id: 'AdminChangeAnswer' });
export type AdminChangeAnswer = z.infer<typeof adminChangeAnswer>;
