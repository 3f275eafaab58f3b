/**
 * The staff portal's calls about the signed-in staff member: /api/staff/me and its password; and
 * the company's WhatsApp number (the portal's phone numbers then open a chat too), the one part of
 * the company profile staff read.
 */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { changeOwnPassword } from '../auth/accounts.js';
import type { Principal } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { readCompanyProfile } from '../settings/settings.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { toStaffSelf } from '../accounts/records.js';

type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;

export function staffPortalEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.staffMe,
      access: 'staffPendingPassword',
      handle: async ({ principal }) => toStaffSelf(principal as StaffPrincipal),
    }),
    endpoint({
      ...endpoints.changeStaffMyPassword,
      access: 'staffPendingPassword',
      async handle({ ctx, principal, body, audit }) {
        await changeOwnPassword(db, config.limits, principal, { ...body, ip: ctx.ip }, audit);
        return { message: messages.passwordUpdated };
      },
    }),
    endpoint({
      ...endpoints.getMyCompanyWhatsapp,
      access: 'staff',
      handle: async () => ({ whatsapp: (await readCompanyProfile(db)).whatsapp }),
    }),
  ];
}
