/**
 * Enquiries: the contact form's public call, the admins' inbox, and the staff portal's calls on
 * the enquiries assigned to the signed-in staff member (another person's answers 404).
 */
import { messages, type Enquiry } from '@kafue/common/contract';
import { enquiryListQuery } from '@kafue/common/schemas';
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
import { notFound } from '../http/errors.js';
import { parseQuery } from '../http/validate.js';

/**
 * The three writes on one enquiry, PUT (status, assignment), POST notes and PUT stage, as both the admins' inbox
 * and the staff portal offer them: one transaction, one audit row and the same answer for both.
 * They differ by access and body, and `assignedTo` keeps the staff portal to enquiries assigned to the
 * caller (another person's answers 404).
 */
function enquiryWriteEndpoints(
  { db, config: { publicUrl } }: Pick<AppDeps, 'db' | 'config'>,
  {
    update,
    addNote: noteCall,
    setStage: stageCall,
    access,
  }: {
    update: typeof endpoints.updateEnquiry | typeof endpoints.updateMyEnquiry;
    addNote: typeof endpoints.addEnquiryNote | typeof endpoints.addMyEnquiryNote;
    setStage: typeof endpoints.setEnquiryStage | typeof endpoints.setMyEnquiryStage;
    access: 'anyAdmin' | 'staff';
  },
): Endpoint[] {
  return [
    endpoint({
      ...update,
      // A spread of the union infers one entry's body; named, the handler reads either shape.
      body: update.body,
      access,
      async handle({ params, body: change, principal, audit }) {
        // The staff portal's body has no assignee: it leaves the assignment as it is.
        const { status, assigneeId }: { status?: Enquiry['status']; assigneeId?: string | null } = change;
        const enquiry = await updateEnquiry(db, params.id, { status, assigneeId }, publicUrl, assignedTo(principal), audit);
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      ...noteCall,
      access,
      async handle({ ctx, params, body: { text }, principal, audit }) {
        const note = await addNote(db, params.id, text, principal, assignedTo(principal), audit);
        ctx.status = 201;
        return { message: messages.enquiryNoteAdded, note };
      },
    }),
    endpoint({
      ...stageCall,
      access,
      async handle({ params, body, principal, audit }) {
        const enquiry = await setStage(db, params.id, body, assignedTo(principal), audit);
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
  ];
}

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
    endpoint({
      ...endpoints.listEnquiries,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listEnquiries(db, parseQuery(enquiryListQuery, ctx.query)),
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
      access: 'anyAdmin',
      async handle({ params }) {
        // The first admin to open it marks it read.
        await markRead(db, params.id);
        const found = await findEnquiry(db, params.id);
        if (!found) throw notFound();
        return found;
      },
    }),
    ...enquiryWriteEndpoints(
      { db, config },
      {
        update: endpoints.updateEnquiry,
        addNote: endpoints.addEnquiryNote,
        setStage: endpoints.setEnquiryStage,
        access: 'anyAdmin',
      },
    ),
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

/** The staff portal's enquiries: only those assigned to the signed-in staff member. */
export function staffEnquiryEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listMyEnquiries,
      access: 'staff',
      handle: async ({ ctx, principal }) => listEnquiries(db, parseQuery(enquiryListQuery, ctx.query), assignedTo(principal)),
    }),
    endpoint({
      ...endpoints.getMyEnquiry,
      access: 'staff',
      async handle({ params, principal }) {
        const found = await findEnquiry(db, params.id, assignedTo(principal));
        if (!found) throw notFound();
        return found;
      },
    }),
    ...enquiryWriteEndpoints(
      { db, config },
      {
        update: endpoints.updateMyEnquiry,
        addNote: endpoints.addMyEnquiryNote,
        setStage: endpoints.setMyEnquiryStage,
        access: 'staff',
      },
    ),
  ];
}
