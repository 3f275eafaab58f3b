/** Staff user management (spec section 7: GET/POST /api/staff, PUT/DELETE /api/staff/{id}). */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { createStaff, deleteStaff, listStaff, updateStaff } from '../accounts/staff.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

export function staffEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listStaff,
      access: 'anyAdmin',
      handle: () => listStaff(db),
    }),
    endpoint({
      ...endpoints.createStaff,
      access: 'editor',
      async handle({ ctx, body, audit }) {
        const created = await createStaff(db, body, config.publicUrl, audit);
        ctx.status = 201;
        return { message: messages.staffAdded, ...created };
      },
    }),
    endpoint({
      ...endpoints.updateStaff,
      access: 'editor',
      async handle({ params, body, audit }) {
        return { message: messages.staffUpdated, staff: await updateStaff(db, params.id, body, audit) };
      },
    }),
    endpoint({
      ...endpoints.deleteStaff,
      access: 'editor',
      async handle({ params, audit }) {
        await deleteStaff(db, params.id, audit);
        return { message: messages.staffDeleted };
      },
    }),
  ];
}
