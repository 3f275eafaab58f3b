/**
 * The admin session as the console knows it (spec section 4): unknown while checking, then
 * authenticated or not. The signed-in admin is also kept in localStorage under `admin`
 * (spec section 3).
 */
import { create } from 'zustand';
import type { Admin } from '@kafue/common/contract';

export const adminStorageKey = 'admin';

type Status = 'unknown' | 'authenticated' | 'unauthenticated';

interface AuthState {
  status: Status;
  admin: Admin | null;
  signedIn: (admin: Admin) => void;
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

export const useAuth = create<AuthState>((set) => ({
  status: 'unknown',
  admin: readStoredAdmin(),
  signedIn(admin) {
    localStorage.setItem(adminStorageKey, JSON.stringify(admin));
    set({ status: 'authenticated', admin });
  },
  signedOut() {
    localStorage.removeItem(adminStorageKey);
    set({ status: 'unauthenticated', admin: null });
  },
}));
