/**
 * The accounts' rows (admins, staff_users) as the domain reads them, through plain SQL like every
 * other table, and what the API shows of each: `_id` and the fields the console reads.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Admin, AdminRole, StaffRole, StaffSelf, StaffStatus, StaffUser } from '@kafue/common/contract';

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  role: AdminRole;
  passwordHash: string;
  /** Two-factor sign-in is on when set (base32; never logged, never answered after setup). */
  totpSecret: string | null;
  /** Set up but not yet confirmed with a code. */
  totpPendingSecret: string | null;
  passwordChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  passwordHash: string;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a row, named as AdminRow's and StaffRow's fields. */
const common = `id, name, email, role, password_hash AS "passwordHash", password_changed_at AS "passwordChangedAt",
                created_at AS "createdAt", updated_at AS "updatedAt"`;
export const adminRowColumns = `${common}, totp_secret AS "totpSecret", totp_pending_secret AS "totpPendingSecret"`;
export const staffRowColumns = `${common}, status, must_change_password AS "mustChangePassword"`;

type Db = DataSource | EntityManager;

/** The admin whose `id` or `email` is `value`; undefined when there is none. */
export async function findAdmin(db: Db, by: 'id' | 'email', value: string): Promise<AdminRow | undefined> {
  const [row] = await db.query<AdminRow[]>(`SELECT ${adminRowColumns} FROM admins WHERE ${by} = $1`, [value]);
  return row;
}

/** The staff member whose `id` or `email` is `value`; undefined when there is none. */
export async function findStaff(db: Db, by: 'id' | 'email', value: string): Promise<StaffRow | undefined> {
  const [row] = await db.query<StaffRow[]>(`SELECT ${staffRowColumns} FROM staff_users WHERE ${by} = $1`, [value]);
  return row;
}

/** Inserts an admin (in the caller's transaction, with its audit row); a taken email throws the unique violation. */
export async function insertAdmin(m: EntityManager, admin: Pick<AdminRow, 'name' | 'email' | 'role' | 'passwordHash'>): Promise<AdminRow> {
  const [row] = await m.query<AdminRow[]>(
    `INSERT INTO admins (name, email, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING ${adminRowColumns}`,
    [admin.name, admin.email, admin.role, admin.passwordHash],
  );
  return row;
}

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
