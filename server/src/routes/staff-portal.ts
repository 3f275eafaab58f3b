/** The staff portal's calls about the signed-in staff member: /api/staff/me and its password. */
import { api, messages } from '@kafue/common/contract';
import { changePasswordBody, messageAnswer, staffSelf } from '@kafue/common/schemas';
import { changeOwnPassword } from '../auth/accounts.js';
import type { Principal } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { toStaffSelf } from './records.js';

type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;

export function staffPortalEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      method: 'GET',
      path: api.staffMe,
      access: 'staffPendingPassword',
      answer: { 200: staffSelf },
      handle: async ({ principal }) => toStaffSelf(principal as StaffPrincipal),
    }),
    endpoint({
      method: 'POST',
      path: api.staffMyPassword,
      access: 'staffPendingPassword',
      body: changePasswordBody,
      answer: { 200: messageAnswer },
      async handle({ ctx, principal, body, audit }) {
        await changeOwnPassword(db, config.limits, principal, { ...body, ip: ctx.ip }, audit);
        return { message: messages.passwordUpdated };
      },
    }),
  ];
}
