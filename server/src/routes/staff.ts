/** Staff user management (spec section 7: GET/POST /api/staff, PUT/DELETE /api/staff/{id}). */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { diff } from '../audit/audit.js';
import { hashPassword, randomPassword } from '../auth/passwords.js';
import { revokeSessionsOf } from '../auth/sessions.js';
import { preparedQuery } from '../db/data-source.js';
import { StaffEntity, type StaffRow } from '../db/entities.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { notFound, uniqueEmail } from '../http/errors.js';
import { staffWelcome } from '../mail/notify.js';
import { staffColumns, toStaff } from './records.js';

const target = (row: Pick<StaffRow, 'id' | 'email'>) => ({ type: 'staff', id: row.id, label: row.email });

export function staffEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listStaff,
      access: 'anyAdmin',
      handle: async () => {
        const text = `SELECT ${staffColumns} FROM staff_users ORDER BY created_at, id`;
        return (await preparedQuery<StaffRow>(db, 'kafue_staff_list', text, [])).map(toStaff);
      },
    }),
    endpoint({
      ...endpoints.createStaff,
      access: 'editor',
      async handle({ ctx, body: { password: _ignored, ...staff }, audit }) {
        // The console sends a fixed default password (spec section 5); the server ignores it and
        // issues a random one-time password, shown once, which the staff member must replace.
        const oneTimePassword = randomPassword();
        const passwordHash = await hashPassword(oneTimePassword);
        // The welcome mail is queued with the account, in its transaction.
        const row = await db.transaction(async (m) => {
          const created = await uniqueEmail(() =>
            m.save(StaffEntity, m.create(StaffEntity, { ...staff, passwordHash, mustChangePassword: true })),
          );
          await staffWelcome(m, created, config.publicUrl);
          await audit(m, { action: 'staff.create', target: target(created), changes: diff(null, toStaff(created)) });
          return created;
        });
        ctx.status = 201;
        return { message: messages.staffAdded, staff: toStaff(row), oneTimePassword };
      },
    }),
    endpoint({
      ...endpoints.updateStaff,
      access: 'editor',
      async handle({ params, body, audit }) {
        const id = params.id;
        const row = await db.transaction(async (m) => {
          const before = await m.findOne(StaffEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
          if (!before) throw notFound();
          await uniqueEmail(() => m.update(StaffEntity, { id }, body));
          // Someone made Inactive or Suspended is signed out everywhere at once.
          if (body.status !== 'Active') await revokeSessionsOf(m, { staffId: id });
          const after = await m.findOneByOrFail(StaffEntity, { id });
          await audit(m, { action: 'staff.update', target: target(after), changes: diff(toStaff(before), toStaff(after)) });
          return after;
        });
        return { message: messages.staffUpdated, staff: toStaff(row) };
      },
    }),
    endpoint({
      ...endpoints.deleteStaff,
      access: 'editor',
      async handle({ params, audit }) {
        await db.transaction(async (m) => {
          const [[row]] = await m.query<[StaffRow[], number]>(`DELETE FROM staff_users WHERE id = $1 RETURNING ${staffColumns}`, [
            params.id,
          ]);
          if (!row) throw notFound();
          await audit(m, { action: 'staff.delete', target: target(row), changes: diff(toStaff(row), null) });
        });
        return { message: messages.staffDeleted };
      },
    }),
  ];
}
