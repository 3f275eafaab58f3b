/**
 * Enquiries (issue 11): the contact form's public call, the admins' inbox, and the staff portal's
 * calls on the enquiries assigned to the signed-in staff member (another person's answers 404).
 */
import type { EntityManager } from 'typeorm';
import { messages, type Enquiry } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { enquiryListQuery } from '@kafue/common/schemas';
import { diff } from '../audit.js';
import type { AppDeps } from '../deps.js';
import {
  addNote,
  enquiryColumns,
  enquiryFrom,
  exportCsv,
  findEnquiry,
  listEnquiries,
  receiveEnquiry,
  toEnquiry,
  type EnquiryRow,
} from '../enquiries.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { assertSameOrigin } from '../http/security.js';
import { parseBody } from '../http/validate.js';
import { enquiryAssigned } from '../mail/notify.js';


const readRow = async (m: EntityManager, id: string) =>
  (await m.query<EnquiryRow[]>(`SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE e.id = $1`, [id]))[0];

/** An enquiry in the audit log: named by its sender (the message itself stays out of the log). */
const target = (e: { _id: string; fullName: string }) => ({ type: 'enquiry', id: e._id, label: e.fullName });
/** The fields a change of an enquiry can touch, as the audit log compares them. */
const tracked = (e: Enquiry) => ({ status: e.status, assignee: e.assignee });

/**
 * The two writes on one enquiry, PUT (status, assignment) and POST notes, as both the admins' inbox
 * and the staff portal offer them: one transaction, one audit row and the same answer for both.
 * They differ by access and body, and `onlyMine` keeps the staff portal to enquiries assigned to the
 * caller (another person's answers 404).
 */
function enquiryWriteEndpoints(
  db: AppDeps['db'],
  { update, addNote: noteCall, access, onlyMine }: {
    update: typeof endpoints.updateEnquiry | typeof endpoints.updateMyEnquiry;
    addNote: typeof endpoints.addEnquiryNote | typeof endpoints.addMyEnquiryNote;
    access: 'anyAdmin' | 'staff';
    onlyMine: boolean;
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
        const enquiry = await db.transaction(async (m) => {
          const [locked] = await m.query<unknown[]>(
            `SELECT 1 FROM enquiries WHERE id = $1 ${onlyMine ? 'AND assignee_id = $2' : ''} FOR UPDATE`,
            onlyMine ? [params.id, principal.id] : [params.id],
          );
          if (!locked) throw notFound();
          const before = toEnquiry(await readRow(m, params.id));
          if (assigneeId) {
            // FOR SHARE: the staff member cannot be deleted or change status until this commits.
            const active = await m.query<unknown[]>(
              `SELECT 1 FROM staff_users WHERE id = $1 AND status = 'Active' FOR SHARE`,
              [assigneeId],
            );
            if (!active.length) {
              throw new HttpError(400, messages.invalidInput, { assigneeId: messages.enquiryAssigneeInvalid });
            }
          }
          const assign = assigneeId !== undefined;
          await m.query(
            `UPDATE enquiries SET status = coalesce($2, status),
                    assignee_id = CASE WHEN $3::boolean THEN $4::uuid ELSE assignee_id END, updated_at = now()
              WHERE id = $1`,
            [params.id, status ?? null, assign, assigneeId ?? null],
          );
          if (assigneeId && assigneeId !== before.assignee?._id) await enquiryAssigned(m, params.id, assigneeId);
          const after = toEnquiry(await readRow(m, params.id));
          await audit(m, { action: 'enquiry.update', target: target(after), changes: diff(tracked(before), tracked(after)) });
          return after;
        });
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      ...noteCall,
      access,
      async handle({ ctx, params, body: { text }, principal, audit }) {
        const note = await db.transaction(async (m) => {
          const added = await addNote(m, params.id, text, principal, onlyMine ? principal.id : undefined);
          if (!added) throw notFound();
          await audit(m, { action: 'enquiry.note', target: target(toEnquiry(await readRow(m, params.id))), changes: { note: { new: added.text } } });
          return added;
        });
        ctx.status = 201;
        return { message: messages.enquiryNoteAdded, note };
      },
    }),
  ];
}

export function enquiryEndpoints({ db, config }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.sendEnquiry,
      access: 'public',
      async handle({ ctx, body, audit }) {
        // No session rides on this call, but a page elsewhere must not post enquiries through
        // visitors' browsers either.
        assertSameOrigin(ctx, config.allowedOrigins);
        await receiveEnquiry(db, config.limits, ctx.ip, body, audit);
        ctx.status = 201;
        return { message: messages.enquirySent };
      },
    }),
    endpoint({
      ...endpoints.listEnquiries,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listEnquiries(db, parseBody(enquiryListQuery, ctx.query)),
    }),
    endpoint({
      ...endpoints.countUnreadEnquiries,
      access: 'anyAdmin',
      async handle() {
        const [{ count }] = await db.query<[{ count: number }]>(
          `SELECT count(*)::int AS count FROM enquiries WHERE read_at IS NULL AND status <> 'Spam'`,
        );
        return { count };
      },
    }),
    endpoint({
      ...endpoints.exportEnquiries,
      access: 'anyAdmin',
      async handle({ ctx }) {
        const query = parseBody(enquiryListQuery, ctx.query);
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
        await db.query(`UPDATE enquiries SET read_at = now() WHERE id = $1 AND read_at IS NULL`, [params.id]);
        const found = await findEnquiry(db, params.id);
        if (!found) throw notFound();
        return found;
      },
    }),
    ...enquiryWriteEndpoints(db, { update: endpoints.updateEnquiry, addNote: endpoints.addEnquiryNote, access: 'anyAdmin', onlyMine: false }),
    endpoint({
      ...endpoints.deleteEnquiry,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await db.transaction(async (m) => {
          const before = await readRow(m, params.id);
          // TypeORM answers a DELETE with its rows and their count.
          const [[gone]] = await m.query<[{ id: string }[], number]>(`DELETE FROM enquiries WHERE id = $1 RETURNING id`, [params.id]);
          if (!before || !gone) throw notFound();
          const { fullName, email, phone, service, status, assignee } = toEnquiry(before);
          await audit(m, { action: 'enquiry.delete', target: target(toEnquiry(before)), changes: diff({ fullName, email, phone, service, status, assignee }, null) });
        });
        return { message: messages.enquiryDeleted };
      },
    }),
  ];
}

/** The staff portal's enquiries: only those assigned to the signed-in staff member. */
export function staffEnquiryEndpoints({ db }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.listMyEnquiries,
      access: 'staff',
      handle: async ({ ctx, principal }) => listEnquiries(db, parseBody(enquiryListQuery, ctx.query), principal.id),
    }),
    endpoint({
      ...endpoints.getMyEnquiry,
      access: 'staff',
      async handle({ params, principal }) {
        const found = await findEnquiry(db, params.id, principal.id);
        if (!found) throw notFound();
        return found;
      },
    }),
    ...enquiryWriteEndpoints(db, { update: endpoints.updateMyEnquiry, addNote: endpoints.addMyEnquiryNote, access: 'staff', onlyMine: true }),
  ];
}
