/**
 * Answering enquiries: replies, contacts logged and the timeline, for the admins on any enquiry
 * and for staff on those assigned to them (another person's answers 404); the saved replies kept
 * under Settings.
 */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { diff } from '../audit/audit.js';
import type { AppDeps } from '../deps.js';
import { logContact, sendReply } from '../enquiries/replies.js';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../enquiries/saved-replies.js';
import { timelineOf } from '../enquiries/timeline.js';
import { notFound } from '../http/errors.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assignedTo } from '../auth/sessions.js';

const enquiryTarget = (id: string, fullName: string) => ({ type: 'enquiry', id, label: fullName });

/**
 * Reply, log a contact and read the timeline, as the admins' inbox (any enquiry) and the staff
 * portal (the caller's own: `assignedTo`) offer them.
 */
function responseEndpoints(
  { db, config }: AppDeps,
  calls: {
    reply: typeof endpoints.replyToEnquiry | typeof endpoints.replyToMyEnquiry;
    contact: typeof endpoints.logEnquiryContact | typeof endpoints.logMyEnquiryContact;
    timeline: typeof endpoints.getEnquiryTimeline | typeof endpoints.getMyEnquiryTimeline;
    access: 'anyAdmin' | 'staff';
  },
): Endpoint[] {
  const answer = async (id: string, message: string) => ({ message, entries: (await timelineOf(db, id)) ?? [] });
  return [
    endpoint({
      ...calls.reply,
      access: calls.access,
      async handle({ ctx, params, body, principal, audit }) {
        await db.transaction(async (m) => {
          const { fullName } = await sendReply(m, config.mailFrom, params.id, body, principal, assignedTo(principal));
          // The text went to the enquirer; the log keeps its subject.
          await audit(m, {
            action: 'enquiry.reply',
            target: enquiryTarget(params.id, fullName),
            changes: { subject: { new: body.subject } },
          });
        });
        ctx.status = 201;
        return answer(params.id, messages.enquiryReplySent);
      },
    }),
    endpoint({
      ...calls.contact,
      access: calls.access,
      async handle({ ctx, params, body, principal, audit }) {
        await db.transaction(async (m) => {
          const { fullName } = await logContact(m, params.id, body, principal, assignedTo(principal));
          await audit(m, { action: 'enquiry.contact', target: enquiryTarget(params.id, fullName), changes: diff(null, body) });
        });
        ctx.status = 201;
        return answer(params.id, messages.enquiryContactLogged);
      },
    }),
    endpoint({
      ...calls.timeline,
      access: calls.access,
      async handle({ params, principal }) {
        const entries = await timelineOf(db, params.id, assignedTo(principal));
        if (!entries) throw notFound();
        return { entries };
      },
    }),
  ];
}

export function replyEndpoints(deps: AppDeps): Endpoint[] {
  const { db } = deps;
  const target = (s: { _id: string; name: string }) => ({ type: 'saved_reply', id: s._id, label: s.name });
  return [
    ...responseEndpoints(deps, {
      reply: endpoints.replyToEnquiry,
      contact: endpoints.logEnquiryContact,
      timeline: endpoints.getEnquiryTimeline,
      access: 'anyAdmin',
    }),
    endpoint({ ...endpoints.listSavedReplies, access: 'anyAdmin', handle: () => listSavedReplies(db) }),
    endpoint({
      ...endpoints.createSavedReply,
      access: 'editor',
      async handle({ ctx, body, audit }) {
        const savedReply = await db.transaction(async (m) => {
          const created = await createSavedReply(m, body);
          await audit(m, { action: 'saved_reply.create', target: target(created), changes: diff(null, body) });
          return created;
        });
        ctx.status = 201;
        return { message: messages.savedReplySaved, savedReply };
      },
    }),
    endpoint({
      ...endpoints.updateSavedReply,
      access: 'editor',
      async handle({ params, body, audit }) {
        const savedReply = await db.transaction(async (m) => {
          const changed = await updateSavedReply(m, params.id, body);
          if (!changed) throw notFound();
          const fields = ['name', 'subject', 'body'] as const;
          await audit(m, {
            action: 'saved_reply.update',
            target: target(changed.after),
            changes: diff(changed.before, changed.after, fields),
          });
          return changed.after;
        });
        return { message: messages.savedReplySaved, savedReply };
      },
    }),
    endpoint({
      ...endpoints.deleteSavedReply,
      access: 'editor',
      async handle({ params, audit }) {
        await db.transaction(async (m) => {
          const gone = await deleteSavedReply(m, params.id);
          if (!gone) throw notFound();
          await audit(m, {
            action: 'saved_reply.delete',
            target: target(gone),
            changes: diff({ name: gone.name, subject: gone.subject }, null),
          });
        });
        return { message: messages.savedReplyDeleted };
      },
    }),
  ];
}

/** The staff portal's: on the enquiries assigned to the caller; the saved replies to start from. */
export function staffReplyEndpoints(deps: AppDeps): Endpoint[] {
  return [
    ...responseEndpoints(deps, {
      reply: endpoints.replyToMyEnquiry,
      contact: endpoints.logMyEnquiryContact,
      timeline: endpoints.getMyEnquiryTimeline,
      access: 'staff',
    }),
    endpoint({ ...endpoints.listMySavedReplies, access: 'staff', handle: () => listSavedReplies(deps.db) }),
  ];
}
