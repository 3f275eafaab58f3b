/**
 * Enquiries: the contact form's public call, and the calls of the admins' inbox, which the staff
 * portal makes too on the enquiries assigned to the signed-in staff member (another person's
 * answers 404).
 */
import { messages } from '@kafue/common/contract';
import { enquiryListQuery, staffEnquiryUpdateBody } from '@kafue/common/schemas';
import { endpoints } from '@kafue/common/endpoints';
import type { AppDeps } from '../deps.js';
import {
  addNote,
  deleteEnquiry,
  findEnquiry,
  listEnquiries,
  markRead,
  receiveEnquiry,
  unreadCount as countUnread,
  updateEnquiry,
} from '../enquiries/enquiries.js';
import { exportCsv } from '../enquiries/export.js';
import { parseEnquiryBody } from '../enquiries/requests.js';
import { setStage } from '../enquiries/stage.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assignedTo } from '../auth/sessions.js';
import { forbidden, notFound } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/validate.js';

export function enquiryEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.sendEnquiry,
      access: 'public',
      refusedInMaintenance: true,
      sameOrigin: true,
      async handle({ ctx, audit }) {
        await receiveEnquiry(db, config, ctx.ip, parseEnquiryBody(ctx.request.body), audit);
        ctx.status = 201;
        return { message: messages.enquirySent };
      },
    }),
    // Team access: an admin reads and works on any enquiry, a staff member on those assigned to
    // them (`assignedTo`: another's answers 404, and a list holds only theirs).
    endpoint({
      ...endpoints.listEnquiries,
      access: 'team',
      handle: async ({ ctx, principal }) => listEnquiries(db, parseQuery(enquiryListQuery, ctx.query), assignedTo(principal)),
    }),
    endpoint({
      ...endpoints.countUnreadEnquiries,
      access: 'anyAdmin',
      handle: async () => ({ count: await countUnread(db) }),
    }),
    endpoint({
      ...endpoints.exportEnquiries,
      access: 'anyAdmin',
      async handle({ ctx }) {
        const query = parseQuery(enquiryListQuery, ctx.query);
        const stream = await exportCsv(db, query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(`enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
        return stream;
      },
    }),
    endpoint({
      ...endpoints.getEnquiry,
      access: 'team',
      async handle({ params, principal }) {
        // The first admin to open it marks it read (the inbox's unread count is the admins').
        if (principal.kind === 'admin') await markRead(db, params.id);
        const found = await findEnquiry(db, params.id, assignedTo(principal));
        if (!found) throw notFound();
        return found;
      },
    }),
    endpoint({
      ...endpoints.updateEnquiry,
      access: 'team',
      async handle({ params, body: { status, assigneeId, email }, principal, audit }) {
        // Who works on an enquiry, what is spam and the client's address are the admins' to
        // decide: a staff member changes only its status, to New, Open or Closed.
        if (principal.kind === 'staff') {
          if (assigneeId !== undefined || email !== undefined) throw forbidden();
          parseBody(staffEnquiryUpdateBody, { status });
        }
        const change = { status, assigneeId, email };
        const enquiry = await updateEnquiry(db, params.id, change, config.publicUrl, assignedTo(principal), audit);
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      ...endpoints.addEnquiryNote,
      access: 'team',
      async handle({ ctx, params, body: { text }, principal, audit }) {
        const note = await addNote(db, params.id, text, principal, assignedTo(principal), audit);
        ctx.status = 201;
        return { message: messages.enquiryNoteAdded, note };
      },
    }),
    endpoint({
      ...endpoints.setEnquiryStage,
      access: 'team',
      async handle({ params, body, principal, audit }) {
        const enquiry = await setStage(db, params.id, body, assignedTo(principal), audit);
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      ...endpoints.deleteEnquiry,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await deleteEnquiry(db, params.id, audit);
        return { message: messages.enquiryDeleted };
      },
    }),
  ];
}
