/**
 * One zod schema per request body, used by the server to validate every call and by the
 * console's forms that validate before sending. Objects are in zod's default ("strip") mode:
 * unknown fields are dropped.
 */
import { z } from 'zod';
import {
  adminRoles,
  defaultInviteRole,
  maxEmailLength,
  maxNameLength,
  maxPasswordLength,
  minPasswordLength,
  staffRoles,
  staffStatuses,
  timezoneValues,
} from './contract';

// Field schemas

const email = z.string().trim().toLowerCase().max(maxEmailLength).pipe(z.email('Enter a valid email address.'));
const name = z.string().trim().min(1, 'Required.').max(maxNameLength);
const anyPassword = z.string().min(1, 'Required.').max(maxPasswordLength);
const newPassword = z
  .string()
  .min(minPasswordLength, `Must be at least ${minPasswordLength} characters.`)
  .max(maxPasswordLength);

/** A record id: a UUID. Anything else is a 404 (the record cannot exist), not a 500. */
export const idSchema = z.uuid();

// ---------------------------------------------------------------------------------------------
// Request bodies, one schema per call

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

export const generalSettingsBody = z.object({
  siteName: z.string().trim().min(1, 'Required.').max(200),
  adminEmail: email,
  timezone: z.enum(timezoneValues),
  maintenanceMode: z.boolean(),
});
export type GeneralSettings = z.output<typeof generalSettingsBody>;
export const changePasswordBody = z.object({
  currentPassword: anyPassword,
  newPassword,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

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

