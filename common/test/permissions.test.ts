import { describe, expect, it } from 'vitest';
import { can, refusal, type Access, type Principal } from '../src/permissions';

const admin = (role: 'Super Admin' | 'Editor' | 'Moderator', pending?: 'passwordChange' | 'twoFactorEnrolment'): Principal => ({
  kind: 'admin',
  id: 'a1',
  role,
  pending,
});
const staff = (status: 'Active' | 'Inactive' | 'Suspended' = 'Active', mustChangePassword = false): Principal => ({
  kind: 'staff',
  id: 's1',
  status,
  mustChangePassword,
});

/** design.md "Who may do what", access by access: who passes. */
const matrix: Record<Access, string[]> = {
  public: ['nobody', 'Moderator', 'Editor', 'Super Admin', 'staff'],
  adminPending: ['Moderator', 'Editor', 'Super Admin'],
  anyAdmin: ['Moderator', 'Editor', 'Super Admin'],
  editor: ['Editor', 'Super Admin'],
  superAdmin: ['Super Admin'],
  staffPendingPassword: ['staff'],
  staff: ['staff'],
  team: ['Moderator', 'Editor', 'Super Admin', 'staff'],
};
const callers: Record<string, Principal | undefined> = {
  nobody: undefined,
  Moderator: admin('Moderator'),
  Editor: admin('Editor'),
  'Super Admin': admin('Super Admin'),
  staff: staff(),
};

describe('can: who may make a call of each access', () => {
  for (const [access, allowed] of Object.entries(matrix) as [Access, string[]][]) {
    it(access, () => {
      const passing = Object.entries(callers)
        .filter(([, principal]) => can(principal, access))
        .map(([who]) => who);
      expect(passing).toEqual(allowed);
    });
  }

  it('refuses nobody signed in as not signed in, a caller of the wrong kind or role as forbidden', () => {
    expect(refusal(undefined, 'anyAdmin')).toBe('notSignedIn');
    expect(refusal(staff(), 'anyAdmin')).toBe('forbidden');
    expect(refusal(admin('Super Admin'), 'staff')).toBe('forbidden');
    expect(refusal(admin('Moderator'), 'editor')).toBe('forbidden');
  });

  it('lets an admin with something pending make only the calls that let them do it', () => {
    expect(can(admin('Super Admin', 'passwordChange'), 'adminPending')).toBe(true);
    expect(refusal(admin('Super Admin', 'passwordChange'), 'anyAdmin')).toBe('passwordExpired');
    expect(refusal(admin('Editor', 'twoFactorEnrolment'), 'team')).toBe('twoFactorEnrolmentRequired');
  });

  it('keeps the staff portal to Active staff who chose their own password', () => {
    expect(refusal(staff('Active', true), 'staff')).toBe('passwordChangeRequired');
    expect(can(staff('Active', true), 'staffPendingPassword')).toBe(true);
    expect(refusal(staff('Inactive'), 'staffPendingPassword')).toBe('staffInactive');
    expect(refusal(staff('Suspended'), 'team')).toBe('staffSuspended');
  });
});

describe("can: the console's capabilities", () => {
  it('lets Editors edit content and saved replies, Moderators only read', () => {
    for (const capability of ['editContent', 'editSavedReplies'] as const) {
      expect(can(admin('Editor'), capability)).toBe(true);
      expect(can(admin('Super Admin'), capability)).toBe(true);
      expect(can(admin('Moderator'), capability)).toBe(false);
    }
  });

  it('keeps settings, backups, the audit log and deletions to a Super Admin', () => {
    for (const capability of [
      'changeSettings',
      'manageBackups',
      'readAuditLog',
      'deleteEnquiry',
      'deleteSubscriber',
      'seeChecklist',
    ] as const) {
      expect(can(admin('Super Admin'), capability)).toBe(true);
      expect(can(admin('Editor'), capability)).toBe(false);
      expect(can(staff(), capability)).toBe(false);
      expect(can(undefined, capability)).toBe(false);
    }
  });
});

describe('can: a record kept to one staff member', () => {
  it('lets a staff member reach only what is assigned to them; an admin reaches all', () => {
    expect(can(staff(), 'team', { assignedTo: 's1' })).toBe(true);
    expect(can(staff(), 'team', { assignedTo: 'someone else' })).toBe(false);
    expect(can(staff(), 'team', { assignedTo: null })).toBe(false);
    expect(can(admin('Moderator'), 'team', { assignedTo: 'someone else' })).toBe(true);
  });
});
