/** Staff users (spec section 2): the record and its request bodies. */
import { z } from 'zod';
import { email, name } from './fields';
import { staffRoles, staffStatuses, type StaffRole, type StaffStatus } from './vocabulary';

export interface StaffUser {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
}

/** What a signed-in staff member reads about themselves. */
export interface StaffSelf extends StaffUser {
  mustChangePassword: boolean;
}

export const staffCreateBody = z.object({
  name,
  email,
  role: z.enum(staffRoles),
  status: z.enum(staffStatuses),
  // The console may send a password (spec section 7); the server ignores it and generates a
  // one-time password instead (design.md), so it is not part of this schema.
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

export const staffUpdateBody = staffCreateBody;
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;
