/** Admin management (spec section 7: /api/settings/admins and /api/settings/admins/{id}). */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { deleteAdmin, inviteAdmin, listAdmins, updateAdmin } from '../accounts/admins.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function adminEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listAdmins,
      access: 'anyAdmin',
      handle: () => listAdmins(db),
    }),
    endpoint({
      ...endpoints.inviteAdmin,
      access: 'superAdmin',
      async handle({ ctx, body, audit }) {
        const admin = await inviteAdmin(db, body, audit);
        ctx.status = 201;
        return { message: messages.adminInvited, admin };
      },
    }),
    endpoint({
      ...endpoints.updateAdmin,
      access: 'superAdmin',
      async handle({ params, body, audit }) {
        return { message: messages.adminUpdated, admin: await updateAdmin(db, params.id, body, audit) };
      },
    }),
    endpoint({
      ...endpoints.deleteAdmin,
      access: 'superAdmin',
      async handle({ params, principal, audit }) {
        await deleteAdmin(db, params.id, principal.id, audit);
        return { message: messages.adminDeleted };
      },
    }),
  ];
}
