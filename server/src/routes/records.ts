/** What the API shows of a database row: `_id` and the fields the console reads. */
import type { Admin, StaffSelf, StaffUser } from '@kafue/common/contract';
import type { AdminRow, StaffRow } from '../db/entities.js';

export const toAdmin = (row: Pick<AdminRow, 'id' | 'name' | 'email' | 'role'>): Admin => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

export const toStaff = (row: Pick<StaffRow, 'id' | 'name' | 'email' | 'role' | 'status'>): StaffUser => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
});

export const toStaffSelf = (row: Pick<StaffRow, 'id' | 'name' | 'email' | 'role' | 'status' | 'mustChangePassword'>): StaffSelf => ({
  ...toStaff(row),
  mustChangePassword: row.mustChangePassword,
});
