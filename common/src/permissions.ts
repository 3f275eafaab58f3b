/**
 * Who may do what (design.md "Who may do what"), decided in one place: the server's access check
 * on every call (server/src/web/endpoint.ts) and the console's controls (shown, hidden or
 * disabled) both ask `can`. Plain values, no zod.
 */
import type { AdminPending } from './auth';
import type { calls } from './calls';
import type { AdminRole, StaffStatus } from './vocabulary';

/** Who asks: an admin or a staff member, as their session names them. */
export type Principal =
  | { kind: 'admin'; id: string; role: AdminRole; pending?: AdminPending }
  | { kind: 'staff'; id: string; status: StaffStatus; mustChangePassword: boolean };

/**
 * The access a call declares, named after its callers:
 * - public: anyone;
 * - adminPending: any admin, also one who must first choose a new password or enrol in
 *   two-factor sign-in: the calls that let them do so, and the session check;
 * - anyAdmin: any admin role (console sign-in, reading staff, admins, settings; own password);
 * - editor: Super Admin and Editor (staff, site content, media, redirects, saved replies);
 * - superAdmin: Super Admin (change settings, backups, invite/edit/delete admins);
 * - staffPendingPassword: a signed-in staff member, also before they chose their own password;
 * - staff: a signed-in staff member who has chosen their own password (the staff portal);
 * - team: any admin, or such a staff member (kept to the enquiries assigned to them).
 */
export type Access = 'public' | 'adminPending' | 'anyAdmin' | 'editor' | 'superAdmin' | 'staffPendingPassword' | 'staff' | 'team';

const adminRolesFor: Partial<Record<Access, readonly AdminRole[]>> = {
  editor: ['Super Admin', 'Editor'],
  superAdmin: ['Super Admin'],
};

/**
 * What the console lets an admin do by role, each with the access of the calls it makes: the
 * server's access matrix test checks that each of these calls declares exactly that access.
 */
export const capabilities = {
  /** Articles, legal pages, media, schedules, redirects: Moderators read only. */
  editContent: {
    access: 'editor',
    calls: [
      'uploadMedia',
      'updateMedia',
      'deleteMedia',
      'scheduleContent',
      'cancelSchedule',
      'createRedirect',
      'updateRedirect',
      'deleteRedirect',
    ],
  },
  editSavedReplies: { access: 'editor', calls: ['createSavedReply', 'updateSavedReply', 'deleteSavedReply'] },
  changeSettings: { access: 'superAdmin', calls: ['saveReplyTargets', 'saveSecuritySettings', 'savePaymentSettings'] },
  manageBackups: { access: 'superAdmin', calls: ['runBackup', 'listBackups', 'saveBackupSchedule'] },
  readAuditLog: { access: 'superAdmin', calls: ['listAudit'] },
  manageAdminSessions: { access: 'superAdmin', calls: ['listAdminSessions', 'endAdminSessions'] },
  deleteEnquiry: { access: 'superAdmin', calls: ['deleteEnquiry'] },
  deleteSubscriber: { access: 'superAdmin', calls: ['deleteSubscriber'] },
  seeChecklist: { access: 'superAdmin', calls: ['getChecklist'] },
  seeChannels: { access: 'superAdmin', calls: ['getChannelStatus', 'checkEmailChannel', 'checkWhatsAppChannel'] },
} as const satisfies Record<string, { access: Access; calls: readonly (keyof typeof calls)[] }>;
export type Capability = keyof typeof capabilities;

/** What `can` is asked about: a call's declared access, or one of the console's capabilities. */
export type Action = Access | Capability;

/** A record kept to one staff member: an enquiry (or what hangs on it) and its assignee. */
export interface Resource {
  assignedTo: string | null;
}

/** Why a caller is refused, naming the message they are shown (or none: a plain 401/403). */
export type Refusal =
  | 'notSignedIn'
  | 'forbidden'
  | 'staffInactive'
  | 'staffSuspended'
  | 'passwordChangeRequired'
  | 'passwordExpired'
  | 'twoFactorEnrolmentRequired';

const accessOf = (action: Action): Access => (action in capabilities ? capabilities[action as Capability].access : (action as Access));

/** Why `principal` (undefined: nobody signed in) may not do `action`, or undefined when they may. */
export function refusal(principal: Principal | undefined, action: Action, resource?: Resource): Refusal | undefined {
  const access = accessOf(action);
  if (access === 'public') return undefined;
  if (!principal) return 'notSignedIn';
  if (access === 'staff' || access === 'staffPendingPassword' || (access === 'team' && principal.kind === 'staff')) {
    if (principal.kind !== 'staff') return 'forbidden';
    if (principal.status === 'Inactive') return 'staffInactive';
    if (principal.status === 'Suspended') return 'staffSuspended';
    if (access !== 'staffPendingPassword' && principal.mustChangePassword) return 'passwordChangeRequired';
    if (resource && resource.assignedTo !== principal.id) return 'forbidden';
    return undefined;
  }
  if (principal.kind !== 'admin') return 'forbidden';
  if (access !== 'adminPending' && principal.pending) {
    return principal.pending === 'passwordChange' ? 'passwordExpired' : 'twoFactorEnrolmentRequired';
  }
  const roles = adminRolesFor[access];
  return roles && !roles.includes(principal.role) ? 'forbidden' : undefined;
}

/** Whether `principal` may do `action` (on `resource`, for a staff member: only what is theirs). */
export const can = (principal: Principal | undefined, action: Action, resource?: Resource): boolean =>
  refusal(principal, action, resource) === undefined;
