/**
 * Answering enquiries: replies, contacts logged and the timeline, for the admins on any enquiry
 * and for staff on those assigned to them (another person's answers 404); the saved replies kept
 * under Settings.
 */
import { Readable } from 'node:stream';
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import type { AppDeps } from '../deps.js';
import { logContact, sendReply } from '../enquiries/replies.js';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from '../enquiries/saved-replies.js';
import { timelineOf } from '../enquiries/timeline.js';
import { attachmentFile } from '../conversations/attachments.js';
import { messageOriginal } from '../conversations/messages.js';
import { graphFor } from '../conversations/graph.js';
import { sendWhatsAppReply } from '../conversations/whatsapp.js';
import { parseId } from '../http/validate.js';
import { notFound } from '../http/errors.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assignedTo } from '../auth/sessions.js';

export function replyEndpoints({ db, config }: AppDeps): Endpoint[] {
  const graph = graphFor(config);
  const answer = async (id: string, message: string) => ({ message, entries: (await timelineOf(db, id)) ?? [] });
  return [
    // Team access: an admin on any enquiry, a staff member on those assigned to them (`assignedTo`).
    endpoint({
      ...endpoints.replyToEnquiry,
      access: 'team',
      async handle({ ctx, params, body, principal, audit }) {
        if (body.channel === 'whatsapp') await sendWhatsAppReply(db, graph, params.id, body.body, principal, assignedTo(principal), audit);
        else
          await sendReply(
            db,
            config.mailFrom,
            params.id,
            { subject: body.subject ?? '', body: body.body },
            principal,
            assignedTo(principal),
            audit,
          );
        ctx.status = 201;
        return answer(params.id, messages.enquiryReplySent);
      },
    }),
    endpoint({
      ...endpoints.logEnquiryContact,
      access: 'team',
      async handle({ ctx, params, body, principal, audit }) {
        await logContact(db, params.id, body, principal, assignedTo(principal), audit);
        ctx.status = 201;
        return answer(params.id, messages.enquiryContactLogged);
      },
    }),
    // The whole source of a client's message, as text: a download, never shown as HTML.
    endpoint({
      ...endpoints.getEnquiryMessageOriginal,
      access: 'team',
      async handle({ ctx, params, principal }) {
        const messageId = parseId(params.messageId);
        const original = await messageOriginal(db, params.id, messageId, assignedTo(principal));
        if (original === undefined) throw notFound();
        ctx.type = 'text/plain; charset=utf-8';
        ctx.attachment(`message-${messageId}.txt`);
        return original;
      },
    }),
    // A file a client's message brought: bytes to save, never a page the browser would open or
    // render (its type, read from its content, is on the timeline).
    endpoint({
      ...endpoints.getEnquiryAttachment,
      access: 'team',
      async handle({ ctx, params, principal }) {
        const file = await attachmentFile(db, params.id, parseId(params.attachmentId), assignedTo(principal));
        if (!file) throw notFound();
        ctx.type = 'application/octet-stream';
        ctx.attachment(file.fileName);
        return Readable.from([file.data]);
      },
    }),
    endpoint({
      ...endpoints.getEnquiryTimeline,
      access: 'team',
      async handle({ params, principal }) {
        const entries = await timelineOf(db, params.id, assignedTo(principal));
        if (!entries) throw notFound();
        return { entries };
      },
    }),
    // The saved replies to start from, for staff too; only editors change them.
    endpoint({ ...endpoints.listSavedReplies, access: 'team', handle: () => listSavedReplies(db) }),
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
