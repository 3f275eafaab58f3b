/** What the API shows of a database row: `_id` and the fields the console reads. */
import type { Admin, StaffSelf, StaffUser } from '@kafue/common/contract';
import type { AdminRow, StaffRow } from '../db/entities.js';

export const toAdmin = (row: Pick<AdminRow, 'id' | 'name' | 'email' | 'role'>): Admin => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

/** The fields the API shows of a staff user besides `_id`; their columns have the same names. */
const staffFields = ['name', 'email', 'role', 'status'] as const satisfies readonly (keyof StaffUser & keyof StaffRow)[];
type StaffFields = Pick<StaffRow, 'id' | (typeof staffFields)[number]>;

/** The columns toStaff reads, for plain SQL reads. */
export const staffColumns = ['id', ...staffFields].join(', ');

export const toStaff = (row: StaffFields): StaffUser => ({
  _id: row.id,
  ...(Object.fromEntries(staffFields.map((field) => [field, row[field]])) as Omit<StaffUser, '_id'>),
});

export const toStaffSelf = (row: StaffFields & Pick<StaffRow, 'mustChangePassword'>): StaffSelf => ({
  ...toStaff(row),
  mustChangePassword: row.mustChangePassword,
});
