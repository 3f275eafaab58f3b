/**
 * Answering an enquiry from the console: a reply mailed to the enquirer, a contact made outside
 * the product and logged, the saved replies a reply starts from, and the enquiry's timeline.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { whatsappLimits } from './conversations';
import { idSchema, oneLine } from './fields';
import { contactChannels, type TimelineEntry } from './leads';
import { describeSnapshot, type RequestSnapshot } from './requests';

export const replyLimits = { subject: 200, body: 20_000, contactNote: 5000, savedReplyName: 100 } as const;

const subject = oneLine().min(1, 'Required.').max(replyLimits.subject, `At most ${replyLimits.subject} characters.`);
const replyText = z.string().trim().min(1, 'Required.').max(replyLimits.body, `At most ${replyLimits.body} characters.`);

/** The channels a reply goes by: a mail (the default), or a WhatsApp text to the enquiry's phone. */
export const replyChannels = ['email', 'whatsapp'] as const;
export type ReplyChannel = (typeof replyChannels)[number];

/**
 * A reply to the enquirer: mailed through the mail queue, or (channel `whatsapp`) sent as a
 * WhatsApp text, which has no subject and at most 4096 characters.
 */
export const enquiryReplyBody = z
  .object({
    channel: z.enum(replyChannels, { error: 'Reply by email or WhatsApp.' }).default('email'),
    subject: subject.optional(),
    body: replyText,
  })
  .superRefine((reply, context) => {
    if (reply.channel === 'email' && !reply.subject) context.addIssue({ code: 'custom', path: ['subject'], message: 'Required.' });
    if (reply.channel === 'whatsapp' && reply.body.length > whatsappLimits.text) {
      context.addIssue({ code: 'custom', path: ['body'], message: `At most ${whatsappLimits.text} characters on WhatsApp.` });
    }
  })
  .meta({ id: 'EnquiryReplyBody' });
export type EnquiryReplyBody = z.input<typeof enquiryReplyBody>;

/** A contact made outside the product (a call, a WhatsApp chat, a meeting, a mail from elsewhere). */
export const enquiryContactBody = z
  .object({
    channel: z.enum(contactChannels, { error: 'Choose how you were in contact.' }),
    note: z.string().trim().max(replyLimits.contactNote, `At most ${replyLimits.contactNote} characters.`).default(''),
  })
  .meta({ id: 'EnquiryContactBody' });
export type EnquiryContactBody = z.input<typeof enquiryContactBody>;

export const timelineEntry = z
  .object({
    at: z.iso.datetime(),
    kind: z.enum(['received', 'note', 'reply', 'contact', 'quote', 'reminder', 'payment', 'message']),
    title: z.string(),
    text: z.string().optional(),
    by: z.string().optional(),
    state: z.string().optional(),
    /** Why the state is what it is, e.g. the reason a client's mail server gave for a bounce. */
    stateReason: z.string().optional(),
    /** A message (kind `message`): the client's or ours, on which channel, and what else it says. */
    message: z
      .object({
        _id: idSchema,
        direction: z.enum(['in', 'out']),
        channel: z.enum(['email', 'whatsapp']),
        /** The quoted history and signature, folded away under the text. */
        quoted: z.string(),
        /** An auto-reply: it changed no clock. */
        automatic: z.boolean(),
        /** Threaded by its headers or reference, but from another address than the enquiry's. */
        fromOtherAddress: z.boolean(),
        /** The files it brought; one refused (an executable, over a limit) is listed with why, and cannot be downloaded. */
        attachments: z.array(
          z.object({ _id: idSchema, fileName: z.string(), size: z.number().int(), type: z.string(), refused: z.string().optional() }),
        ),
      })
      .optional(),
  })
  .meta({ id: 'TimelineEntry' }) satisfies z.ZodType<TimelineEntry>;

/** A message as it came: an email's whole source, as text (never shown as HTML). */
export const messageOriginal = z
  .string()
  .meta({ id: 'MessageOriginal', description: "The message's whole source, as text.", contentMediaType: 'text/plain' });

/** A file a client's message brought, as it came. */
export const messageAttachment = z.string().meta({
  id: 'MessageAttachment',
  description: 'The file, with its type as read from its content and Content-Disposition: attachment.',
  contentMediaType: 'application/octet-stream',
});

/** What a client's message may bring: each file up to 10 MB, 25 MB in all; more is refused and noted. */
export const attachmentLimits = { fileBytes: 10 * 1024 * 1024, messageBytes: 25 * 1024 * 1024 };

/** An enquiry's events, oldest first. */
export const enquiryTimeline = z.object({ entries: z.array(timelineEntry) }).meta({ id: 'EnquiryTimeline' });
export type EnquiryTimeline = z.infer<typeof enquiryTimeline>;

/** A reply sent or a contact logged: the confirmation and the enquiry's timeline with it. */
export const enquiryResponseAnswer = messageAnswer.extend({ entries: z.array(timelineEntry) }).meta({ id: 'EnquiryResponseAnswer' });
export type EnquiryResponseAnswer = z.infer<typeof enquiryResponseAnswer>;

/** A saved reply: a reply's subject and text with placeholders (savedReplyPlaceholders). */
export const savedReplyBody = z
  .object({
    name: oneLine().min(1, 'Required.').max(replyLimits.savedReplyName, `At most ${replyLimits.savedReplyName} characters.`),
    subject,
    body: replyText,
  })
  .meta({ id: 'SavedReplyBody' });
export type SavedReplyBody = z.input<typeof savedReplyBody>;

export const savedReply = savedReplyBody.extend({ _id: idSchema, updatedAt: z.iso.datetime() }).meta({ id: 'SavedReply' });
export type SavedReply = z.infer<typeof savedReply>;
export const savedReplyList = z.array(savedReply).meta({ id: 'SavedReplyList' });
export const savedReplyAnswer = messageAnswer.extend({ savedReply }).meta({ id: 'SavedReplyAnswer' });

/** The words a saved reply may hold, each filled from the enquiry it answers. */
export const savedReplyPlaceholders = {
  '{name}': "the enquirer's name",
  '{request}': 'what they asked for, in words',
} as const;

/** A saved reply's text with its placeholders filled from the enquiry it answers. */
export function fillSavedReply(
  text: string,
  enquiry: { fullName: string; request: RequestSnapshot | null; service: string | null },
): string {
  const request = enquiry.request ? describeSnapshot(enquiry.request) : (enquiry.service ?? 'your enquiry');
  const values: Record<string, string> = { '{name}': enquiry.fullName, '{request}': request };
  return text.replace(/\{(name|request)\}/g, (placeholder) => values[placeholder]);
}
