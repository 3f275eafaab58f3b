/** Staff user management (spec section 7: GET/POST /api/staff, PUT/DELETE /api/staff/{id}). */
import { api, messages } from '@kafue/common/contract';
import {
  messageAnswer,
  staffCreateAnswer,
  staffCreateBody,
  staffList,
  staffUpdateAnswer,
  staffUpdateBody,
} from '@kafue/common/schemas';
import { hashPassword, randomPassword } from '../auth/passwords.js';
import { revokeSessionsOf } from '../auth/sessions.js';
import { preparedQuery } from '../db/data-source.js';
import { StaffEntity, type StaffRow } from '../db/entities.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { notFound, uniqueEmail } from '../http/errors.js';
import { staffWelcome } from '../mail/notify.js';
import { staffColumns, toStaff } from './records.js';

export function staffEndpoints({ db }: AppDeps): Endpoint[] {
  const staff = db.getRepository(StaffEntity);
  const byId = `${api.staff}/:id`;
  return [
    endpoint({
      method: 'GET',
      path: api.staff,
      access: 'anyAdmin',
      answer: { 200: staffList },
      handle: async () => {
        const text = `SELECT ${staffColumns} FROM staff_users ORDER BY created_at, id`;
        return (await preparedQuery<StaffRow>(db, 'kafue_staff_list', text, [])).map(toStaff);
      },
    }),
    endpoint({
      method: 'POST',
      path: api.staff,
      access: 'editor',
      body: staffCreateBody,
      answer: { 201: staffCreateAnswer },
      async handle({ ctx, body }) {
        // The console sends a fixed default password (spec section 5); the server ignores it and
        // issues a random one-time password, shown once, which the staff member must replace.
        const oneTimePassword = randomPassword();
        const passwordHash = await hashPassword(oneTimePassword);
        // The welcome mail is queued with the account, in its transaction.
        const row = await db.transaction(async (m) => {
          const saved = await uniqueEmail(() => m.save(StaffEntity, staff.create({ ...body, passwordHash, mustChangePassword: true })));
          await staffWelcome(m, saved);
          return saved;
        });
        ctx.status = 201;
        return { message: messages.staffAdded, staff: toStaff(row), oneTimePassword };
      },
    }),
    endpoint({
      method: 'PUT',
      path: byId,
      access: 'editor',
      body: staffUpdateBody,
      answer: { 200: staffUpdateAnswer },
      async handle({ params, body }) {
        const id = params.id;
        const row = await db.transaction(async (m) => {
          const result = await uniqueEmail(() => m.update(StaffEntity, { id }, body));
          if (!result.affected) throw notFound();
          // Someone made Inactive or Suspended is signed out everywhere at once.
          if (body.status !== 'Active') await revokeSessionsOf(m, { staffId: id });
          return m.findOneByOrFail(StaffEntity, { id });
        });
        return { message: messages.staffUpdated, staff: toStaff(row) };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: byId,
      access: 'editor',
      answer: { 200: messageAnswer },
      async handle({ params }) {
        const result = await staff.delete({ id: params.id });
        if (!result.affected) throw notFound();
        return { message: messages.staffDeleted };
      },
    }),
  ];
}
