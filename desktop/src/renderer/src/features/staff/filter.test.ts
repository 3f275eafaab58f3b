import { describe, expect, it } from 'vitest';
import type { StaffUser } from '@kafue/common/contract';
import { asStaffList, filterStaff, headerState, noFilter, toggleAllShown, toggleOne } from './filter';

const staff: StaffUser[] = [
  { _id: '1', name: 'Chanda Mwale', email: 'chanda@kafue.test', role: 'Manager', status: 'Active' },
  { _id: '2', name: 'Mutale Banda', email: 'mutale@example.com', role: 'Staff', status: 'Inactive' },
  { _id: '3', name: 'Bwalya Zulu', email: 'BWALYA@kafue.test', role: 'Staff', status: 'Suspended' },
];
const ids = (list: StaffUser[]) => list.map((s) => s._id);

describe('filterStaff', () => {
  it('shows everyone without a filter', () => {
    expect(ids(filterStaff(staff, noFilter))).toEqual(['1', '2', '3']);
  });
  it('matches name or email, ignoring case and surrounding spaces', () => {
    expect(ids(filterStaff(staff, { ...noFilter, search: 'MUTALE' }))).toEqual(['2']);
    expect(ids(filterStaff(staff, { ...noFilter, search: ' bwalya@KAFUE ' }))).toEqual(['3']);
    expect(ids(filterStaff(staff, { ...noFilter, search: 'kafue.test' }))).toEqual(['1', '3']);
    expect(ids(filterStaff(staff, { ...noFilter, search: 'nobody' }))).toEqual([]);
  });
  it('combines role and status filters with the search', () => {
    expect(ids(filterStaff(staff, { ...noFilter, role: 'Staff' }))).toEqual(['2', '3']);
    expect(ids(filterStaff(staff, { ...noFilter, role: 'Staff', status: 'Suspended' }))).toEqual(['3']);
    expect(ids(filterStaff(staff, { search: 'kafue', role: 'Staff', status: null }))).toEqual(['3']);
  });
});

describe('select all shown', () => {
  it('selects every shown row, then clears them, leaving hidden rows alone', () => {
    const shown = filterStaff(staff, { ...noFilter, role: 'Staff' });
    const first = toggleAllShown(shown, new Set(['1']));
    expect([...first].sort()).toEqual(['1', '2', '3']);
    expect(headerState(shown, first)).toBe('all');
    const second = toggleAllShown(shown, first);
    expect([...second]).toEqual(['1']);
    expect(headerState(shown, second)).toBe('none');
  });
  it('reports some when only part of the shown rows are selected', () => {
    expect(headerState(staff, new Set(['2']))).toBe('some');
    expect(headerState([], new Set())).toBe('none');
  });
});

describe('asStaffList', () => {
  it('treats anything but an array as empty', () => {
    expect(asStaffList(staff)).toHaveLength(3);
    expect(asStaffList({ message: 'x' })).toEqual([]);
    expect(asStaffList(null)).toEqual([]);
  });
});

describe('toggleOne', () => {
  it('selects a row, or clears it when it was selected, leaving the others', () => {
    expect([...toggleOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });
});
