/** Admin management (spec section 7: /api/settings/admins and /api/settings/admins/{id}). */
import type { EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { hashPassword } from '../auth/passwords.js';
import { diff } from '../audit/audit.js';
import { AdminEntity, type AdminRow } from '../db/entities.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
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

export function adminEndpoints({ db }: AppDeps): Endpoint[] {
  const admins = db.getRepository(AdminEntity);
  return [
    endpoint({
      ...endpoints.listAdmins,
      access: 'anyAdmin',
      handle: async () =>
        (await admins.find({ select: { id: true, name: true, email: true, role: true }, order: { createdAt: 'ASC', id: 'ASC' } })).map(
          toAdmin,
        ),
    }),
    endpoint({
      ...endpoints.inviteAdmin,
      access: 'superAdmin',
      async handle({ ctx, body, audit }) {
        const passwordHash = await hashPassword(body.password);
        const row = await db.transaction(async (m) => {
          const created = await uniqueEmail(() =>
            m.save(AdminEntity, m.create(AdminEntity, { name: body.name, email: body.email, role: body.role, passwordHash })),
          );
          await audit(m, { action: 'admin.create', target: target(created), changes: diff(null, toAdmin(created)) });
          return created;
        });
        ctx.status = 201;
        return { message: messages.adminInvited, admin: toAdmin(row) };
      },
    }),
    endpoint({
      ...endpoints.updateAdmin,
      access: 'superAdmin',
      async handle({ params, body, audit }) {
        const id = params.id;
        const row = await db.transaction(async (m) => {
          const before = await loadForChange(m, id, body.role !== 'Super Admin');
          await uniqueEmail(() => m.update(AdminEntity, { id }, body));
          const after = await m.findOneByOrFail(AdminEntity, { id });
          await audit(m, { action: 'admin.update', target: target(after), changes: diff(toAdmin(before), toAdmin(after)) });
          return after;
        });
        return { message: messages.adminUpdated, admin: toAdmin(row) };
      },
    }),
    endpoint({
      ...endpoints.deleteAdmin,
      access: 'superAdmin',
      async handle({ params, principal, audit }) {
        const id = params.id;
        if (id === principal.id) throw forbidden(messages.cannotDeleteSelf);
        await db.transaction(async (m) => {
          const before = await loadForChange(m, id, true);
          await m.delete(AdminEntity, { id });
          await audit(m, { action: 'admin.delete', target: target(before), changes: diff(toAdmin(before), null) });
        });
        return { message: messages.adminDeleted };
      },
    }),
  ];
}
