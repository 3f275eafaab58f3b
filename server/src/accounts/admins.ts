/** The console's admins (spec section 7, /api/settings/admins): listed, invited, changed and deleted with their audit rows. */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type Admin, type AdminInviteBody, type AdminUpdateBody } from '@kafue/common/contract';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { hashPassword } from '../auth/passwords.js';
import { forbidden, notFound, uniqueEmail } from '../http/errors.js';
import { adminRowColumns, findAdmin, insertAdmin, toAdmin, type AdminRow } from './records.js';

/**
 * Loads the admin a change is about, refusing a change that would leave no Super Admin. The
 * Super Admin rows are locked first (always in id order), so two Super Admins demoting or
 * deleting each other at once cannot both succeed, and cannot deadlock.
 */
async function loadForChange(m: EntityManager, id: string, removesRole: boolean) {
  const supers: { id: string }[] = await m.query(`SELECT id FROM admins WHERE role = 'Super Admin' ORDER BY id FOR UPDATE`);
  const current = await findAdmin(m, 'id', id);
  if (!current) throw notFound();
  if (current.role === 'Super Admin' && removesRole && supers.length <= 1) {
    throw forbidden(messages.lastSuperAdmin);
  }
  return current;
}

const target = (row: Pick<AdminRow, 'id' | 'email'>) => ({ type: 'admin', id: row.id, label: row.email });

export async function listAdmins(db: DataSource): Promise<Admin[]> {
  const rows = await db.query<AdminRow[]>(`SELECT id, name, email, role FROM admins ORDER BY created_at, id`);
  return rows.map(toAdmin);
}

/** Invites an admin; `body` as parsed, its role defaulted. */
export async function inviteAdmin(db: DataSource, body: Required<AdminInviteBody>, audit: AuditRecorder): Promise<Admin> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (m) => {
    const created = await uniqueEmail(() => insertAdmin(m, { name: body.name, email: body.email, role: body.role, passwordHash }));
    await audit(m, { action: 'admin.create', target: target(created), changes: diff(null, toAdmin(created)) });
    return toAdmin(created);
  });
}

export async function updateAdmin(db: DataSource, id: string, body: AdminUpdateBody, audit: AuditRecorder): Promise<Admin> {
  return db.transaction(async (m) => {
    const before = await loadForChange(m, id, body.role !== 'Super Admin');
    const [[after]] = await uniqueEmail(() =>
      m.query<[AdminRow[], number]>(
        `UPDATE admins SET name = $2, email = $3, role = $4, updated_at = now() WHERE id = $1 RETURNING ${adminRowColumns}`,
        [id, body.name, body.email, body.role],
      ),
    );
    await audit(m, { action: 'admin.update', target: target(after), changes: diff(toAdmin(before), toAdmin(after)) });
    return toAdmin(after);
  });
}

/** Deletes an admin other than the caller (`callerId`), never the last Super Admin. */
export async function deleteAdmin(db: DataSource, id: string, callerId: string, audit: AuditRecorder): Promise<void> {
  if (id === callerId) throw forbidden(messages.cannotDeleteSelf);
  await db.transaction(async (m) => {
    const before = await loadForChange(m, id, true);
    await m.query(`DELETE FROM admins WHERE id = $1`, [id]);
    await audit(m, { action: 'admin.delete', target: target(before), changes: diff(toAdmin(before), null) });
  });
}
