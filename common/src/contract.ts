/**
 * The API contract: paths, answers, the messages both sides show, and (re-exported) the domain's
 * vocabulary and record types. Server and console import this file; neither copies it.
 *
 * It loads no zod: the schemas are in the resources' modules, gathered in schemas.ts.
 */

import { contactFormTexts, enquiriesApiPath } from './contact-form';
import { subscribersApiPath } from './newsletter';

export * from './vocabulary';

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
  unknownField: 'This call does not take this field.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  draining: 'This server process is stopping; new requests belong on another one.',
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
  backupDeleted: 'Backup deleted',
  backupDeleteFailed: 'Failed to delete backup',
  backupListFailed: 'Failed to load backups',
  backupRestored: 'Backup restored',
  backupRestoreFailed: 'Restore failed: nothing was changed',
  restoreRunning: 'A restore is already running. Wait until it has finished, then try again.',
  backupTooLarge: 'This file is too large to be a backup of this site.',
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
  // Audit log and maintenance mode
  auditLoadFailed: 'Failed to load the audit log',
  maintenance: 'The site is under maintenance. Please try again later.',
  // Enquiries
  enquirySent: contactFormTexts.sent,
  tooManyEnquiries: 'Too many messages. Please try again later.',
  tooManyBeacons: 'Too many page views from this address. Please try again in a minute.',
  enquiryUpdated: 'Enquiry updated',
  enquiryEmailKept: "This enquiry's email address is the one the client gave: it cannot be changed.",
  enquiryDeleted: 'Enquiry deleted',
  enquiryHasPayments: 'This enquiry has payments on its quotes: it is kept as their record and cannot be deleted.',
  enquiryNoteAdded: 'Note added',
  enquiryAssigneeInvalid: 'Choose an active staff member.',
  enquiryReplySent: 'Reply sent',
  enquiryContactLogged: 'Contact logged',
  savedReplySaved: 'Saved reply saved',
  savedReplyDeleted: 'Saved reply deleted',
  // Newsletter
  subscriberDeleted: 'Subscriber deleted',
  newsletterQueued: 'Sent to the mail queue',
  newsletterAlreadySent: 'This article was already sent to the subscribers.',
  newsletterNotPublished: 'Publish the article before sending it to the subscribers.',
  notificationSettingsSaved: 'Notification settings saved',
  // Two-factor sign-in
  twoFactorRequired: 'Enter the code from your authenticator app.',
  twoFactorCodeWrong: 'That code is not valid. Check the time on your device and try again.',
  twoFactorEnabled: 'Two-factor authentication is on.',
  twoFactorDisabled: 'Two-factor authentication is off.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  twoFactorSetupFirst: 'Start the setup first: scan the QR code, then enter the code.',
  twoFactorStillRequired: 'Two-factor authentication is required for every admin; it cannot be turned off.',
  twoFactorEnrolmentRequired: 'Two-factor authentication is required: set it up under Settings > Security before continuing.',
  passwordExpired: 'Your password has expired. Please choose a new password before continuing.',
  // Sessions
  sessionEnded: 'Session ended',
  otherSessionsEnded: 'All other sessions ended',
  // Password reset by e-mail
  resetLinkSent: 'If an account exists for this email, a reset link is on its way.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  tooManyResetRequests: 'Too many password reset requests. Please wait a few minutes and try again.',
  // Site content: services, then the other collections
  serviceAdded: 'Service added',
  serviceUpdated: 'Service updated',
  serviceDeleted: 'Service deleted',
  serviceSaveFailed: 'Failed to save service',
  serviceDeleteFailed: 'Failed to delete service',
  contentSaved: 'Saved',
  contentDeleted: 'Deleted',
  // Pending changes and share links
  draftSaved: 'Changes saved: not live until you publish them',
  draftPublished: 'Changes published',
  draftDiscarded: 'Changes discarded',
  noDraft: 'There are no pending changes.',
  shareLinkRevoked: 'Share link revoked',
  shareLinkRevisionUnknown: "This version is not in the item's history.",
  shareLinkNotFound: 'This preview link does not exist or was revoked.',
  shareLinkExpired: 'This preview link has expired. Ask for a new one.',
  previewBanner: 'Preview — not published',
} as const;

// ---------------------------------------------------------------------------------------------
// Records, request bodies and answers: each derived from its zod schema in its resource's module.
// Type-only exports, so that screens which only need these types and messages do not load zod.

export type { ApiError, HealthAnswer, MessageAnswer, ReadyAnswer } from './answers';
export type { AdminLoginAnswer, AuthCheckAnswer, ChangePasswordBody, LoginBody, StaffLoginAnswer } from './auth';
export type { StaffCreateAnswer, StaffCreateBody, StaffSelf, StaffUpdateBody, StaffUser } from './staff';
export type { Admin, AdminChangeAnswer, AdminInviteBody, AdminUpdateBody } from './admins';
export type { BackupAnswer, BackupListAnswer, BackupRecord, BackupRestoreAnswer, BackupSchedule, GeneralSettings } from './settings';
export type { Service } from './services';
export type { AuditEntry, AuditListAnswer, AuditQuery, AuditSettings } from './audit';
export type {
  Enquiry,
  EnquiryBody,
  EnquiryDetail,
  EnquiryList,
  EnquiryListQuery,
  EnquiryNote,
  EnquiryNoteAnswer,
  EnquiryNoteBody,
  EnquiryUpdateAnswer,
  EnquiryUpdateBody,
  StaffEnquiryUpdateBody,
  UnreadCount,
} from './enquiries';
export type { NotificationSettings, NotificationSettingsAnswer } from './notifications';
export type { AnnouncementBody, Checklist, ChecklistItem, Dashboard, TestMailAnswer } from './dashboard';
export { checklistItems } from './dashboard';
import type { NotificationSettings } from './notifications';
export type { AdminPending } from './auth';
export type {
  ActiveSession,
  ForgotPasswordBody,
  ResetPasswordAnswer,
  ResetPasswordBody,
  SecuritySettings,
  SecuritySettingsAnswer,
  TwoFactorDisableBody,
  TwoFactorEnableAnswer,
  TwoFactorEnableBody,
  TwoFactorSetupAnswer,
} from './security';
import type { SecuritySettings } from './security';

/** Two-factor optional, passwords never expire, until a Super Admin decides otherwise. */
export const defaultSecuritySettings: SecuritySettings = { requireTwoFactor: false, passwordMaxAgeDays: 0 };
export type {
  AddonFields,
  ContentBody,
  ContentChangeAnswer,
  ContentFields,
  ContentItem,
  ContentOrderBody,
  ArticleSummary,
  ContentRevision,
  FaqFields,
  InsightFields,
  PlanFields,
  ProjectPriceFields,
  ServiceFields,
  SiteContent,
  ShareLink,
  ShareLinkBody,
  ShareLinkCreated,
  SiteStatus,
  TestimonialFields,
} from './content';
import type { BackupSchedule, GeneralSettings } from './settings';

/** Spec section 3: empty name and email, UTC+0, maintenance off. */
export const defaultGeneralSettings: GeneralSettings = {
  siteName: '',
  adminEmail: '',
  timezone: 'UTC+0',
  maintenanceMode: false,
};

/** Spec section 3, plus new enquiries: everything but marketing, at once. */
export const defaultNotificationSettings: NotificationSettings = {
  emailEnabled: true,
  notificationTypes: { newUser: true, systemAlert: true, maintenance: true, marketing: false, newEnquiry: true },
  emailFrequency: 'instant',
};

/** Automatic backups start off; when turned on, 02:00 and a week of them unless chosen otherwise. */
export const defaultBackupSchedule: BackupSchedule = { frequency: 'off', hour: 2, weekday: 0, keep: 7 };
/** A new installation's own choice (stored when its first admin is created): a backup every day at 02:00, the last 14 kept. */
export const newInstallationBackupSchedule: BackupSchedule = { frequency: 'daily', hour: 2, weekday: 0, keep: 14 };
export const backupWeekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// ---------------------------------------------------------------------------------------------
// Paths (spec section 7; both readings of the admin auth calls are served)

export const api = {
  health: '/api/health',
  ready: '/api/ready',
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
  companySettings: '/api/admin/settings/company',
  heroSettings: '/api/admin/settings/hero',
  changePassword: '/api/admin/change-password',
  backup: '/api/settings/backup',
  backups: '/api/settings/backups',
  /** Downloads by name (GET), deletes by id (DELETE). */
  backupFile: (nameOrId: string) => `/api/settings/backups/${encodeURIComponent(nameOrId)}`,
  /** Restores an uploaded backup file (its bytes as the body). */
  backupRestoreUpload: '/api/settings/backups/restore',
  backupSchedule: '/api/settings/backup-schedule',
  admins: '/api/settings/admins',
  adminById: (id: string) => `/api/settings/admins/${encodeURIComponent(id)}`,
  audit: '/api/settings/audit',
  auditExport: '/api/settings/audit/export.csv',
  auditSettings: '/api/settings/audit/settings',
  // Enquiries
  enquiries: enquiriesApiPath,
  enquiryById: (id: string) => `/api/enquiries/${encodeURIComponent(id)}`,
  enquiryNotes: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/notes`,
  enquiriesUnreadCount: '/api/enquiries/unread-count',
  enquiriesExport: '/api/enquiries/export.csv',
  // Newsletter
  subscribers: subscribersApiPath,
  subscribersExport: '/api/subscribers/export',
  /** An insight's newsletter: its send and progress (GET), the send (POST). */
  insightNewsletter: (id: string) => `/api/content/insights/${encodeURIComponent(id)}/newsletter`,
  enquiryReplies: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/replies`,
  enquiryContacts: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/contacts`,
  enquiryTimeline: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/timeline`,
  savedReplies: '/api/saved-replies',
  savedReplyById: (id: string) => `/api/saved-replies/${encodeURIComponent(id)}`,
  /** What the portal needs of the company profile: its WhatsApp number. */
  staffMyCompanyWhatsapp: '/api/staff/me/company-whatsapp',
  notificationSettings: '/api/admin/settings/notifications',
  dashboard: '/api/dashboard',
  /** The first-run checklist (GET) and its dismissed items (POST one). */
  checklist: '/api/dashboard/checklist',
  checklistDismissed: '/api/dashboard/checklist/dismissed',
  /** Mails the signed-in admin through the mail queue and answers how it went. */
  testMail: '/api/admin/settings/test-mail',
  /** Mails every Active staff member. */
  announcements: '/api/staff/announcements',
  adminSessions: (id: string) => `/api/settings/admins/${encodeURIComponent(id)}/sessions`,
  adminSessionById: (id: string, sessionId: string) =>
    `/api/settings/admins/${encodeURIComponent(id)}/sessions/${encodeURIComponent(sessionId)}`,
  twoFactorSetup: '/api/admin/2fa/setup',
  twoFactorEnable: '/api/admin/2fa/enable',
  twoFactorDisable: '/api/admin/2fa/disable',
  securitySettings: '/api/admin/settings/security',
  mySessions: '/api/admin/sessions',
  mySessionById: (id: string) => `/api/admin/sessions/${encodeURIComponent(id)}`,
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  /** GET the collection's items, POST a new one. */
  content: (collection: string) => `/api/content/${encodeURIComponent(collection)}`,
  /** PUT or DELETE one item. */
  contentItem: (collection: string, id: string) => `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}`,
  /** PUT the collection's items in their new order, as one change. */
  contentOrder: (collection: string) => `/api/content/${encodeURIComponent(collection)}/order`,
  contentRevisions: (collection: string, id: string) =>
    `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/revisions`,
  contentRestore: (collection: string, id: string, revisionId: string) =>
    `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
  /** GET: the public page the item appears on, rendered with it as saved (text/html, any admin). */
  contentPreview: (collection: string, id: string) => `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/preview`,
  contentDraft: (collection: string, id: string) => `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/draft`,
  contentDraftPublish: (collection: string, id: string) =>
    `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/draft/publish`,
  contentShareLinks: (collection: string, id: string) =>
    `/api/content/${encodeURIComponent(collection)}/${encodeURIComponent(id)}/share-links`,
  shareLink: (id: string) => `/api/content/share-links/${encodeURIComponent(id)}`,
  siteStatus: '/api/site/status',
  // Following leads up: contacts, reminders, the lead report
  contacts: '/api/contacts',
  contactByKey: (key: string) => `/api/contacts/${encodeURIComponent(key)}`,
  enquiryReminders: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/reminders`,
  /** GET: the caller's open reminders, due ones first. */
  reminders: '/api/reminders',
  reminderDone: (id: string) => `/api/reminders/${encodeURIComponent(id)}/done`,
  reminderSnooze: (id: string) => `/api/reminders/${encodeURIComponent(id)}/snooze`,
  leadReport: '/api/reports/leads',
  analytics: '/api/analytics',
  media: '/api/media',
} as const;

/** How long rows of the audit log are kept unless a Super Admin chooses otherwise. */
export const defaultAuditRetentionDays = 365;
/** The retentions the console offers, in days (the API takes any from 30 to 3650). */
export const auditRetentionChoices = [30, 90, 180, 365, 730, 1825, 3650] as const;

/** The page a reset link opens (served by the console's web build). */
export const resetPasswordPath = '/reset-password';
export const forgotPasswordPath = '/forgot-password';

/** The messages of a content write: services have their own (spec section 8), the others share Saved / Deleted. */
export function contentMessages(collection: string) {
  return collection === 'services'
    ? {
        added: messages.serviceAdded,
        updated: messages.serviceUpdated,
        deleted: messages.serviceDeleted,
        saveFailed: messages.serviceSaveFailed,
        deleteFailed: messages.serviceDeleteFailed,
      }
    : {
        added: messages.contentSaved,
        updated: messages.contentSaved,
        deleted: messages.contentDeleted,
        saveFailed: undefined,
        deleteFailed: undefined,
      };
}

/** Name of the session cookie. */
export const sessionCookie = 'kafue_session';
