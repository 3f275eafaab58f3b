/**
 * The API contract: paths, request schemas, record shapes, role and status lists, and the
 * messages both sides show. Server and console import this file; neither copies it.
 *
 * It holds no zod: request schemas are in schemas.ts.
 */

// ---------------------------------------------------------------------------------------------
// Lists (spec sections 6 and 9)

export const adminRoles = ['Super Admin', 'Editor', 'Moderator'] as const;
export type AdminRole = (typeof adminRoles)[number];
/** Role an invited admin gets unless another is chosen. */
export const defaultInviteRole: AdminRole = 'Moderator';
/** Label shown when an admin record carries no role. */
export const defaultRoleLabel = 'Administrator';

export const staffRoles = ['Staff', 'Team Lead', 'Manager', 'Coordinator', 'Executive', 'Intern', 'Partner'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffStatuses = ['Active', 'Inactive', 'Suspended'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const timezones = [
  { value: 'UTC+0', label: 'UTC+0 (London)' },
  { value: 'UTC-5', label: 'UTC-5 (New York)' },
  { value: 'UTC+8', label: 'UTC+8 (Singapore)' },
] as const;
export type Timezone = (typeof timezones)[number]['value'];
export const timezoneValues = timezones.map((t) => t.value) as [Timezone, ...Timezone[]];

export const minPasswordLength = 8;
/** Upper bound on any password: argon2 hashes whatever it gets, so refuse megabyte "passwords". */
export const maxPasswordLength = 256;
export const maxNameLength = 100;
export const maxEmailLength = 254;

// ---------------------------------------------------------------------------------------------
// Messages (spec section 8, plus the server's own refusals)

export const messages = {
  // Admin sign-in
  loginFailed: 'Login failed',
  somethingWentWrong: 'Something went wrong. Please try again.',
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  // Staff sign-in
  staffInactive: 'Your account is inactive. Please contact an administrator.',
  staffSuspended: 'Your account is suspended. Please contact an administrator.',
  passwordChangeRequired: 'Please choose a new password before continuing.',
  // Sessions and permissions
  notSignedIn: 'Not signed in.',
  forbidden: 'You do not have permission to do this.',
  foreignOrigin: 'Request refused: it did not come from this site.',
  notFound: 'Not found.',
  methodNotAllowed: 'This method is not allowed here.',
  invalidInput: 'Invalid input.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  serverError: 'Something went wrong on our side. Please try again.',
  emailTaken: 'A user with this email already exists.',
  // Staff user management
  staffLoadFailed: 'Failed to load users',
  staffDeleteFailed: 'Failed to delete user',
  staffBulkDeleteFailed: 'Failed to delete selected users',
  staffSaveFailed: 'Failed to save user',
  staffDeleted: 'User deleted successfully',
  staffBulkDeleted: 'Selected users deleted',
  staffUpdated: 'User updated',
  staffAdded: 'User added',
  // Settings
  settingsUpdated: 'Settings updated successfully',
  settingsUpdateFailed: 'Failed to update settings',
  settingsNetworkError: 'Something went wrong.',
  // Password
  passwordUpdated: 'Password updated successfully!',
  passwordUpdateFailed: 'Failed to update password',
  passwordsDoNotMatch: 'New passwords do not match.',
  currentPasswordWrong: 'Current password is incorrect.',
  passwordMustDiffer: 'Choose a new password different from the current one.',
  // Backup
  backupCompleted: 'Backup completed successfully',
  backupFailed: 'Backup failed',
  // Admin management
  adminDeleted: 'Admin deleted successfully',
  adminInvited: 'Admin invited successfully',
  adminUpdated: 'Admin updated successfully',
  adminDeleteFailed: 'Failed to delete admin',
  adminInviteFailed: 'Failed to invite admin',
  adminUpdateFailed: 'Failed to update admin',
  cannotDeleteSelf: 'You cannot delete yourself.',
  lastSuperAdmin: 'The last Super Admin can be neither deleted nor demoted.',
  // Simple confirmations
  loggedOut: 'Logged out',
} as const;

// ---------------------------------------------------------------------------------------------
// Request bodies: their zod schemas are in schemas.ts (server and forms that validate import
// them from there), so that screens which only need these types and messages do not load zod.

export type {
  AdminInviteBody,
  AdminUpdateBody,
  ChangePasswordBody,
  GeneralSettings,
  LoginBody,
  StaffCreateBody,
  StaffUpdateBody,
} from './schemas';
import type { GeneralSettings } from './schemas';

/** Spec section 3: empty name and email, UTC+0, maintenance off. */
export const defaultGeneralSettings: GeneralSettings = {
  siteName: '',
  adminEmail: '',
  timezone: 'UTC+0',
  maintenanceMode: false,
};

// ---------------------------------------------------------------------------------------------
// Records and answers

export interface Admin {
  _id: string;
  name: string;
  email: string;
  role: AdminRole;
}

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

export interface ApiError {
  message: string;
  /** Per-field messages on a validation failure, keyed by field name. */
  errors?: Record<string, string>;
}

export interface AdminLoginAnswer {
  admin: Admin;
  /** Only when `session: 'bearer'` was asked for. */
  token?: string;
}
export interface AuthCheckAnswer {
  admin: Admin;
}
export interface StaffLoginAnswer {
  staff: StaffSelf;
  token?: string;
}
export interface StaffCreateAnswer {
  message: string;
  staff: StaffUser;
  /** Generated by the server, shown once to the admin who created the account. */
  oneTimePassword: string;
}
export interface MessageAnswer {
  message: string;
}
export interface BackupAnswer {
  message: string;
  fileUrl: string;
}
export interface HealthAnswer {
  status: 'ok' | 'unavailable';
  /** With 'unavailable' (status 503): messages.databaseUnavailable. */
  message?: string;
}

// ---------------------------------------------------------------------------------------------
// Paths (spec section 7; both readings of the admin auth calls are served)

export const api = {
  health: '/api/health',
  adminLogin: '/api/settings/login',
  adminCheckAuth: '/api/settings/check-auth',
  adminLogout: '/api/settings/logout',
  authLogin: '/api/auth/login',
  authVerify: '/api/auth/verify',
  authLogout: '/api/auth/logout',
  staffLogin: '/api/staff/login',
  staffMe: '/api/staff/me',
  staffMyPassword: '/api/staff/me/password',
  staffLogout: '/api/staff/logout',
  staff: '/api/staff',
  staffById: (id: string) => `/api/staff/${encodeURIComponent(id)}`,
  generalSettings: '/api/admin/settings/general',
  changePassword: '/api/admin/change-password',
  backup: '/api/settings/backup',
  backupFile: (name: string) => `/api/settings/backups/${encodeURIComponent(name)}`,
  admins: '/api/settings/admins',
  adminById: (id: string) => `/api/settings/admins/${encodeURIComponent(id)}`,
} as const;

/** Name of the session cookie. */
export const sessionCookie = 'kafue_session';
