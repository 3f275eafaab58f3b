/**
 * Enquiries (issue 11): the contact form's public call, the admins' inbox, and the staff portal's
 * calls on the enquiries assigned to the signed-in staff member (another person's answers 404).
 */
import type { Context } from 'koa';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { api, messages } from '@kafue/common/contract';
import {
  enquiriesCsv,
  enquiryBody,
  enquiryDetail,
  enquiryList,
  enquiryListQuery,
  enquiryNoteAnswer,
  enquiryNoteBody,
  enquiryUpdateAnswer,
  enquiryUpdateBody,
  messageAnswer,
  staffEnquiryUpdateBody,
  unreadCount,
} from '@kafue/common/schemas';
import { addressKey } from '../auth/limiter.js';
import type { AppDeps } from '../deps.js';
import { addNote, enquiryColumns, enquiryFrom, exportCsv, findEnquiry, listEnquiries, toEnquiry, type EnquiryRow } from '../enquiries.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { HttpError, notFound } from '../http/errors.js';
import { assertSameOrigin } from '../http/security.js';
import { parseBody } from '../http/validate.js';
import { enquiryAssigned, enquiryReceived } from '../mail/notify.js';

/** A form filled in faster than this is a robot's. */
export const minimumFillMs = 3000;

const readRow = async (m: EntityManager, id: string) =>
  (await m.query<EnquiryRow[]>(`SELECT ${enquiryColumns} FROM ${enquiryFrom} WHERE e.id = $1`, [id]))[0];

/**
 * Receives an enquiry from the contact form: the Origin check, the per-address limit (429), the
 * spam defences, the row and its mails, in one transaction. The JSON call (POST /api/enquiries)
 * and the form sent without JavaScript (POST /contact) both come here.
 */
export async function receiveEnquiry({ db, config }: Pick<AppDeps, 'db' | 'config'>, ctx: Context, body: z.output<typeof enquiryBody>): Promise<void> {
  const { enquiriesPerAddress, enquiryWindowMinutes } = config.limits;
  // No session rides on this call, but a page elsewhere must not post enquiries through
  // visitors' browsers either.
  assertSameOrigin(ctx, config.allowedOrigins);
  const elapsed = body.startedAt === undefined ? undefined : Date.now() - body.startedAt;
  const spam = Boolean(body.website?.trim()) || (elapsed !== undefined && elapsed >= 0 && elapsed < minimumFillMs);
  const address = addressKey(ctx.ip).slice('address:'.length);
  await db.transaction(async (m) => {
    // Counted per address within a window from its first enquiry, in one atomic statement
    // (several processes share the count); refused ones roll back and so do not count.
    const [{ hits, retry }] = await m.query<[{ hits: number; retry: number }]>(
      `INSERT INTO enquiry_rate (address, hits, window_start) VALUES ($1, 1, now())
       ON CONFLICT (address) DO UPDATE SET
         hits = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2) THEN enquiry_rate.hits + 1 ELSE 1 END,
         window_start = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2)
                             THEN enquiry_rate.window_start ELSE now() END
       RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry`,
      [address, enquiryWindowMinutes],
    );
    if (hits > enquiriesPerAddress) {
      throw new HttpError(429, messages.tooManyEnquiries, undefined, { 'Retry-After': String(Math.max(1, retry)) });
    }
    const [row] = await m.query<[{ id: string }]>(
      `INSERT INTO enquiries (full_name, email, phone, service, message, status, client_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [body.fullName, body.email, body.phone || null, body.service || null, body.message, spam ? 'Spam' : 'New', address],
    );
    if (!spam) await enquiryReceived(m, row.id);
  });
}

export function enquiryEndpoints({ db, config }: AppDeps): Endpoint[] {
  const byId = `${api.enquiries}/:id`;
  return [
    endpoint({
      method: 'POST',
      path: api.enquiries,
      access: 'public',
      body: enquiryBody,
      answer: { 201: messageAnswer },
      async handle({ ctx, body }) {
        await receiveEnquiry({ db, config }, ctx, body);
        ctx.status = 201;
        return { message: messages.enquirySent };
      },
    }),
    endpoint({
      method: 'GET',
      path: api.enquiries,
      access: 'anyAdmin',
      answer: { 200: enquiryList },
      handle: async ({ ctx }) => listEnquiries(db, parseBody(enquiryListQuery, ctx.query)),
    }),
    endpoint({
      method: 'GET',
      path: api.enquiriesUnreadCount,
      access: 'anyAdmin',
      answer: { 200: unreadCount },
      async handle() {
        const [{ count }] = await db.query<[{ count: number }]>(
          `SELECT count(*)::int AS count FROM enquiries WHERE read_at IS NULL AND status <> 'Spam'`,
        );
        return { count };
      },
    }),
    endpoint({
      method: 'GET',
      path: api.enquiriesExport,
      access: 'anyAdmin',
      answer: { 200: enquiriesCsv },
      async handle({ ctx }) {
        const query = parseBody(enquiryListQuery, ctx.query);
        const stream = await exportCsv(db, query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(`enquiries-${new Date().toISOString().slice(0, 10)}.csv`);
        return stream;
      },
    }),
    endpoint({
      method: 'GET',
      path: byId,
      access: 'anyAdmin',
      answer: { 200: enquiryDetail },
      async handle({ params }) {
        // The first admin to open it marks it read.
        await db.query(`UPDATE enquiries SET read_at = now() WHERE id = $1 AND read_at IS NULL`, [params.id]);
        const found = await findEnquiry(db, params.id);
        if (!found) throw notFound();
        return found;
      },
    }),
    endpoint({
      method: 'PUT',
      path: byId,
      access: 'anyAdmin',
      body: enquiryUpdateBody,
      answer: { 200: enquiryUpdateAnswer },
      async handle({ params, body }) {
        const enquiry = await db.transaction(async (m) => {
          const [before] = await m.query<{ assignee_id: string | null }[]>(`SELECT assignee_id FROM enquiries WHERE id = $1 FOR UPDATE`, [
            params.id,
          ]);
          if (!before) throw notFound();
          if (body.assigneeId) {
            // FOR SHARE: the staff member cannot be deleted or change status until this commits.
            const active = await m.query<unknown[]>(
              `SELECT 1 FROM staff_users WHERE id = $1 AND status = 'Active' FOR SHARE`,
              [body.assigneeId],
            );
            if (!active.length) {
              throw new HttpError(400, messages.invalidInput, { assigneeId: messages.enquiryAssigneeInvalid });
            }
          }
          const assign = body.assigneeId !== undefined;
          await m.query(
            `UPDATE enquiries SET status = coalesce($2, status),
                    assignee_id = CASE WHEN $3::boolean THEN $4::uuid ELSE assignee_id END, updated_at = now()
              WHERE id = $1`,
            [params.id, body.status ?? null, assign, body.assigneeId ?? null],
          );
          if (body.assigneeId && body.assigneeId !== before.assignee_id) await enquiryAssigned(m, params.id, body.assigneeId);
          return toEnquiry(await readRow(m, params.id));
        });
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      method: 'POST',
      path: `${byId}/notes`,
      access: 'anyAdmin',
      body: enquiryNoteBody,
      answer: { 201: enquiryNoteAnswer },
      async handle({ ctx, params, body, principal }) {
        const note = await db.transaction((m) => addNote(m, params.id, body.text, principal));
        if (!note) throw notFound();
        ctx.status = 201;
        return { message: messages.enquiryNoteAdded, note };
      },
    }),
    endpoint({
      method: 'DELETE',
      path: byId,
      access: 'superAdmin',
      answer: { 200: messageAnswer },
      async handle({ params }) {
        const [, count] = await db.query<[unknown[], number]>(`DELETE FROM enquiries WHERE id = $1`, [params.id]);
        if (count === 0) throw notFound();
        return { message: messages.enquiryDeleted };
      },
    }),
  ];
}

/** The staff portal's enquiries: only those assigned to the signed-in staff member. */
export function staffEnquiryEndpoints({ db }: AppDeps): Endpoint[] {
  const byId = `${api.staffMyEnquiries}/:id`;
  return [
    endpoint({
      method: 'GET',
      path: api.staffMyEnquiries,
      access: 'staff',
      answer: { 200: enquiryList },
      handle: async ({ ctx, principal }) => listEnquiries(db, parseBody(enquiryListQuery, ctx.query), principal.id),
    }),
    endpoint({
      method: 'GET',
      path: byId,
      access: 'staff',
      answer: { 200: enquiryDetail },
      async handle({ params, principal }) {
        const found = await findEnquiry(db, params.id, principal.id);
        if (!found) throw notFound();
        return found;
      },
    }),
    endpoint({
      method: 'PUT',
      path: byId,
      access: 'staff',
      body: staffEnquiryUpdateBody,
      answer: { 200: enquiryUpdateAnswer },
      async handle({ params, body, principal }) {
        const enquiry = await db.transaction(async (m) => {
          const [, count] = await m.query<[unknown[], number]>(
            `UPDATE enquiries SET status = $3, updated_at = now() WHERE id = $1 AND assignee_id = $2`,
            [params.id, principal.id, body.status],
          );
          if (count === 0) throw notFound();
          return toEnquiry(await readRow(m, params.id));
        });
        return { message: messages.enquiryUpdated, enquiry };
      },
    }),
    endpoint({
      method: 'POST',
      path: `${byId}/notes`,
      access: 'staff',
      body: enquiryNoteBody,
      answer: { 201: enquiryNoteAnswer },
      async handle({ ctx, params, body, principal }) {
        const note = await db.transaction((m) => addNote(m, params.id, body.text, principal, principal.id));
        if (!note) throw notFound();
        ctx.status = 201;
        return { message: messages.enquiryNoteAdded, note };
      },
    }),
  ];
}
