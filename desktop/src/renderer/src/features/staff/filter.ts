import type { StaffUser } from '@kafue/common/contract';

export interface StaffFilter {
  search: string;
  /** null: All Roles. */
  role: string | null;
  /** null: All Statuses. */
  status: string | null;
}

export const noFilter: StaffFilter = { search: '', role: null, status: null };

/** Spec section 2: the search matches name or email, case-insensitive; role and status must match. */
export function filterStaff(staff: readonly StaffUser[], filter: StaffFilter): StaffUser[] {
  const needle = filter.search.trim().toLowerCase();
  return staff.filter(
    (s) =>
      (!needle || s.name.toLowerCase().includes(needle) || s.email.toLowerCase().includes(needle)) &&
      (!filter.role || s.role === filter.role) &&
      (!filter.status || s.status === filter.status),
  );
}

/**
 * The header checkbox: all shown rows selected, some, or none. Toggling it selects every row
 * shown, or clears them when all were already selected; rows hidden by the filter keep their state.
 */
export function headerState(shown: readonly StaffUser[], selected: ReadonlySet<string>): 'all' | 'some' | 'none' {
  const count = shown.filter((s) => selected.has(s._id)).length;
  if (count === 0) return 'none';
  return count === shown.length ? 'all' : 'some';
}

export function toggleAllShown(shown: readonly StaffUser[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  if (headerState(shown, selected) === 'all') for (const s of shown) next.delete(s._id);
  else for (const s of shown) next.add(s._id);
  return next;
}

/** GET /api/staff answers an array; anything else is treated as empty (spec section 7). */
export function asStaffList(body: unknown): StaffUser[] {
  return Array.isArray(body) ? (body as StaffUser[]) : [];
}

/** A row's checkbox: selects the row, or clears it when it was selected. */
export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
