/**
 * The admin session as the console knows it (spec section 4): unknown while checking, then
 * authenticated or not. The signed-in admin is also kept in localStorage under `admin`
 * (spec section 3).
 */
import { create } from 'zustand';
import { calls } from '@kafue/common/calls';
import type { Admin, AdminPending } from '@kafue/common/contract';
import { can, type Action } from '@kafue/common/permissions';
import { call } from './api';

export const adminStorageKey = 'admin';

type Status = 'unknown' | 'authenticated' | 'unauthenticated';

/** What the server said of the session besides the admin (sign-in and session check answers). */
export interface SessionFacts {
  twoFactorEnabled?: boolean;
  /** Set while the admin must choose a new password or enrol in two-factor sign-in first. */
  pending?: AdminPending;
}

/** Where an admin with something pending is sent: the Security screen does both. */
export const securityScreenPath = '/admin/settings/security';

interface AuthState {
  status: Status;
  admin: Admin | null;
  twoFactorEnabled: boolean;
  pending: AdminPending | undefined;
  signedIn: (admin: Admin, facts?: SessionFacts) => void;
  signedOut: () => void;
}

function readStoredAdmin(): Admin | null {
  try {
    const raw = localStorage.getItem(adminStorageKey);
    return raw ? (JSON.parse(raw) as Admin) : null;
  } catch {
    return null;
  }
}

export const useAuth = create<AuthState>((set, get) => ({
  status: 'unknown',
  admin: readStoredAdmin(),
  twoFactorEnabled: false,
  pending: undefined,
  signedIn(admin, facts) {
    localStorage.setItem(adminStorageKey, JSON.stringify(admin));
    // Without facts (the admin's own record edited), what is known of the session stays.
    const known = facts ?? { twoFactorEnabled: get().twoFactorEnabled, pending: get().pending };
    set({ status: 'authenticated', admin, twoFactorEnabled: known.twoFactorEnabled ?? false, pending: known.pending });
  },
  signedOut() {
    localStorage.removeItem(adminStorageKey);
    set({ status: 'unauthenticated', admin: null, twoFactorEnabled: false, pending: undefined });
  },
}));

/** Asks the server again what it knows of the session (after a password change or enrolment). */
export async function recheckSession(): Promise<void> {
  const result = await call(calls.adminCheckAuth);
  if (result.ok && result.data?.admin) useAuth.getState().signedIn(result.data.admin, result.data);
}

/**
 * Whether the signed-in admin may do `action` (common/src/permissions.ts, the policy the server
 * enforces): screens show, hide or disable their controls by it. By role: what an admin must do
 * first (`pending`) is the Security screen's to ask.
 */
export const useCan = (action: Action): boolean =>
  useAuth((s) => can(s.admin ? { kind: 'admin', id: s.admin._id, role: s.admin.role } : undefined, action));
