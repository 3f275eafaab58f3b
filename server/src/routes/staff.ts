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
      // The console sends a fixed default password (spec section 5), which the server ignores.
      async handle({ ctx, body: { password: _ignored, ...staff }, audit }) {
        const created = await createStaff(db, staff, config.publicUrl, audit);
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
