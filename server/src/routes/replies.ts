/**
 * Answering enquiries: replies, contacts logged and the timeline, for the admins on any enquiry
 * and for staff on those assigned to them (another person's answers 404); the saved replies kept
 * under Settings.
 */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import type { AppDeps } from '../deps.js';
import { logContact, sendReply } from '../enquiries/replies.js';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../enquiries/saved-replies.js';
import { timelineOf } from '../enquiries/timeline.js';
import { notFound } from '../http/errors.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assignedTo } from '../auth/sessions.js';

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
        await sendReply(db, config.mailFrom, params.id, body, principal, assignedTo(principal), audit);
        ctx.status = 201;
        return answer(params.id, messages.enquiryReplySent);
      },
    }),
    endpoint({
      ...calls.contact,
      access: calls.access,
      async handle({ ctx, params, body, principal, audit }) {
        await logContact(db, params.id, body, principal, assignedTo(principal), audit);
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
        const savedReply = await createSavedReply(db, body, audit);
        ctx.status = 201;
        return { message: messages.savedReplySaved, savedReply };
      },
    }),
    endpoint({
      ...endpoints.updateSavedReply,
      access: 'editor',
      async handle({ params, body, audit }) {
        return { message: messages.savedReplySaved, savedReply: await updateSavedReply(db, params.id, body, audit) };
      },
    }),
    endpoint({
      ...endpoints.deleteSavedReply,
      access: 'editor',
      async handle({ params, audit }) {
        await deleteSavedReply(db, params.id, audit);
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
