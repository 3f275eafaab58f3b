/** The console's admins (spec section 7, /api/settings/admins): listed, invited, changed and deleted with their audit rows. */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type Admin, type AdminInviteBody, type AdminUpdateBody } from '@kafue/common/contract';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { hashPassword } from '../auth/passwords.js';
import { AdminEntity, type AdminRow } from '../db/entities.js';
import { forbidden, notFound, uniqueEmail } from '../http/errors.js';
import { toAdmin } from './records.js';

/**
 * Loads the admin a change is about, refusing a change that would leave no Super Admin. The
 * Super Admin rows are locked first (always in id order), so two Super Admins demoting or
 * deleting each other at once cannot both succeed, and cannot deadlock.
 */
async function loadForChange(m: EntityManager, id: string, removesRole: boolean) {
  const supers: { id: string }[] = await m.query(`SELECT id FROM admins WHERE role = 'Super Admin' ORDER BY id FOR UPDATE`);
  const current = await m.findOneBy(AdminEntity, { id });
  if (!current) throw notFound();
  if (current.role === 'Super Admin' && removesRole && supers.length <= 1) {
    throw forbidden(messages.lastSuperAdmin);
  }
  return current;
}

const target = (row: Pick<AdminRow, 'id' | 'email'>) => ({ type: 'admin', id: row.id, label: row.email });

export async function listAdmins(db: DataSource): Promise<Admin[]> {
  const rows = await db
    .getRepository(AdminEntity)
    .find({ select: { id: true, name: true, email: true, role: true }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(toAdmin);
}

export async function inviteAdmin(db: DataSource, body: AdminInviteBody, audit: AuditRecorder): Promise<Admin> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (m) => {
    const created = await uniqueEmail(() =>
      m.save(AdminEntity, m.create(AdminEntity, { name: body.name, email: body.email, role: body.role, passwordHash })),
    );
    await audit(m, { action: 'admin.create', target: target(created), changes: diff(null, toAdmin(created)) });
    return toAdmin(created);
  });
}

export async function updateAdmin(db: DataSource, id: string, body: AdminUpdateBody, audit: AuditRecorder): Promise<Admin> {
  return db.transaction(async (m) => {
    const before = await loadForChange(m, id, body.role !== 'Super Admin');
    await uniqueEmail(() => m.update(AdminEntity, { id }, body));
    const after = await m.findOneByOrFail(AdminEntity, { id });
    await audit(m, { action: 'admin.update', target: target(after), changes: diff(toAdmin(before), toAdmin(after)) });
    return toAdmin(after);
  });
}

/** Deletes an admin other than the caller (`callerId`), never the last Super Admin. */
export async function deleteAdmin(db: DataSource, id: string, callerId: string, audit: AuditRecorder): Promise<void> {
  if (id === callerId) throw forbidden(messages.cannotDeleteSelf);
  await db.transaction(async (m) => {
    const before = await loadForChange(m, id, true);
    await m.delete(AdminEntity, { id });
    await audit(m, { action: 'admin.delete', target: target(before), changes: diff(toAdmin(before), null) });
  });
}
