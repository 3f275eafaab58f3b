/** Staff users (spec section 7, /api/staff): listed, created, changed and deleted with their audit rows. */
import type { DataSource } from 'typeorm';
import type { StaffCreateBody, StaffUpdateBody, StaffUser } from '@kafue/common/contract';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { hashPassword, randomPassword } from '../auth/passwords.js';
import { revokeSessionsOf } from '../auth/sessions.js';
import { preparedQuery } from '../db/data-source.js';
import { notFound, uniqueEmail } from '../http/errors.js';
import { staffWelcome } from '../mail/notify.js';
import { staffColumns, staffRowColumns, toStaff, type StaffRow } from './records.js';

const target = (row: Pick<StaffRow, 'id' | 'email'>) => ({ type: 'staff', id: row.id, label: row.email });

export async function listStaff(db: DataSource): Promise<StaffUser[]> {
  const text = `SELECT ${staffColumns} FROM staff_users ORDER BY created_at, id`;
  return (await preparedQuery<StaffRow>(db, 'kafue_staff_list', text, [])).map(toStaff);
}

/**
 * Creates a staff member with a random one-time password (shown once, to be replaced: the
 * console's fixed default of spec section 5 is never used) and queues their welcome mail with
 * the account, in its transaction.
 */
export async function createStaff(
  db: DataSource,
  body: Omit<StaffCreateBody, 'password'>,
  publicUrl: string,
  audit: AuditRecorder,
): Promise<{ staff: StaffUser; oneTimePassword: string }> {
  const oneTimePassword = randomPassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const staff = await db.transaction(async (m) => {
    const [created] = await uniqueEmail(() =>
      m.query<StaffRow[]>(
        `INSERT INTO staff_users (name, email, role, status, password_hash, must_change_password)
         VALUES ($1, $2, $3, $4, $5, true) RETURNING ${staffRowColumns}`,
        [body.name, body.email, body.role, body.status, passwordHash],
      ),
    );
    await staffWelcome(m, created, publicUrl);
    await audit(m, { action: 'staff.create', target: target(created), changes: diff(null, toStaff(created)) });
    return toStaff(created);
  });
  return { staff, oneTimePassword };
}

export async function updateStaff(db: DataSource, id: string, body: StaffUpdateBody, audit: AuditRecorder): Promise<StaffUser> {
  return db.transaction(async (m) => {
    const [before] = await m.query<StaffRow[]>(`SELECT ${staffColumns} FROM staff_users WHERE id = $1 FOR UPDATE`, [id]);
    if (!before) throw notFound();
    const [[after]] = await uniqueEmail(() =>
      m.query<[StaffRow[], number]>(
        `UPDATE staff_users SET name = $2, email = $3, role = $4, status = $5, updated_at = now() WHERE id = $1 RETURNING ${staffColumns}`,
        [id, body.name, body.email, body.role, body.status],
      ),
    );
    // Someone made Inactive or Suspended is signed out everywhere at once.
    if (body.status !== 'Active') await revokeSessionsOf(m, { staffId: id });
    await audit(m, { action: 'staff.update', target: target(after), changes: diff(toStaff(before), toStaff(after)) });
    return toStaff(after);
  });
}

export async function deleteStaff(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [[row]] = await m.query<[StaffRow[], number]>(`DELETE FROM staff_users WHERE id = $1 RETURNING ${staffColumns}`, [id]);
    if (!row) throw notFound();
    await audit(m, { action: 'staff.delete', target: target(row), changes: diff(toStaff(row), null) });
  });
}
