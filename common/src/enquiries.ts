/** Enquiries: what the contact form sends, the inbox's records, queries and answers. */
import { z } from 'zod';
import { attributionBody } from './analytics-report';
import { messageAnswer } from './answers';
import { contactFormFields, contactServiceOptions, type ContactFormField } from './contact-form';
import { addonFields, planFields, projectPriceFields } from './content';
import { email, idSchema, oneLine } from './fields';
import { leadStages, lostReasons } from './leads';
import { enquiryKinds, maxSelectionItems, type EnquiryRequest, type RequestSnapshot } from './requests';
import { enquiryLimits as max, enquiryServices, enquirySortFields, enquiryStatuses } from './vocabulary';

/**
 * The contact form's body (POST /api/enquiries; contact-form.ts has its fields and limits).
 * `website` and `startedAt` are the spam defences: a filled honeypot, or a `startedAt` missing,
 * unreadable, too recent or in the future, makes the enquiry Spam (the server judges, the sender
 * cannot tell), so neither is refused here. Its keys are exactly contact-form.ts's fields.
 */
const contactFormBody = z.object({
  fullName: oneLine().min(1, 'Please enter your full name.').max(max.fullName, `At most ${max.fullName} characters.`),
  /** Empty or absent: none. */
  phone: oneLine().max(max.phone, `At most ${max.phone} characters.`).nullish(),
  email,
  /** One of the form's options; empty (the placeholder) means none. */
  service: z.union([z.enum(contactServiceOptions), z.literal('')], { error: 'Choose one of the listed services.' }).nullish(),
  message: z.string().trim().min(1, 'Please enter a message.').max(max.message, `At most ${max.message} characters.`),
  /** Hidden from people; anything in it marks the enquiry as spam. */
  website: z.string().max(2000).optional(),
  /**
   * When the form was shown, in milliseconds since 1970: from the page's script, or (without
   * JavaScript) the hidden field holding when the server rendered the page. Anything else
   * (another type, a string too long) counts as missing.
   */
  startedAt: z
    .union([z.number(), z.string().max(40)])
    .optional()
    .catch(undefined),
} satisfies Record<ContactFormField, z.ZodType>);

/** What a malformed `request` is refused with (on the field `request`, whatever part of it is wrong). */
export const requestUnreadable = 'This request could not be read. Please choose again on our site.';

/**
 * The `request` of an enquiry (EnquiryRequest in requests.ts): names only, with the content's
 * own limits; the server resolves them against the published catalogue and takes no price from
 * the visitor.
 */
export const enquiryRequest = z
  .union(
    [
      z.strictObject({ serviceId: idSchema }),
      z.strictObject({
        plan: planFields.shape.name.optional(),
        addons: z.array(addonFields.shape.name).max(maxSelectionItems),
      }),
      z.strictObject({
        projects: z
          .array(z.strictObject({ group: projectPriceFields.shape.key, title: projectPriceFields.shape.items.element.shape.title }))
          .min(1)
          .max(maxSelectionItems),
      }),
      z.strictObject({ topic: z.literal('consultation') }),
    ],
    { error: requestUnreadable },
  )
  .meta({ id: 'EnquiryRequest' }) satisfies z.ZodType<EnquiryRequest>;

/** How long the `page` of an enquiry may be. */
export const maxPageLength = 500;

/** The site path a form was sent from, e.g. "/contact?plan=Business". */
export const sitePage = oneLine()
  .max(maxPageLength, `At most ${maxPageLength} characters.`)
  .regex(/^\/(?!\/)\S*$/, 'Use a path on this site.');

/**
 * POST /api/enquiries: the contact form's fields, and what the call to action that led to the
 * form asked for (`request`, none for a plain message) with the `page` it was sent from.
 */
export const enquiryBody = contactFormBody
  .extend({ request: enquiryRequest.optional(), page: sitePage.optional(), ...attributionBody.shape })
  .meta({ id: 'EnquiryBody' });
export type EnquiryBody = z.input<typeof enquiryBody>;

const person = z.object({ _id: idSchema, name: z.string() });

/** RequestSnapshot (requests.ts): the request as the published catalogue showed it when it was sent. */
export const requestSnapshot = z
  .union([
    z.object({
      kind: z.literal('service'),
      serviceId: idSchema,
      category: z.string(),
      title: z.string(),
      price: z.string(),
      path: z.string(),
    }),
    z.object({
      kind: z.literal('quote'),
      model: z.literal('monthly'),
      plan: z.object({ name: z.string(), price: z.string(), period: z.string().optional() }).nullable(),
      addons: z.array(z.object({ name: z.string(), price: z.string() })),
      estimate: z.string(),
    }),
    z.object({
      kind: z.literal('quote'),
      model: z.literal('project'),
      projects: z.array(z.object({ group: z.string(), groupName: z.string(), title: z.string(), price: z.string(), time: z.string() })),
      estimate: z.string(),
      longestTime: z.string(),
    }),
    z.object({ kind: z.literal('consultation') }),
  ])
  .meta({ id: 'RequestSnapshot' }) satisfies z.ZodType<RequestSnapshot>;

/**
 * The visit an enquiry or a sign-up came from (analytics.ts Attribution): its landing page, its
 * source (`direct` when none) and campaign; null for those made before analytics.
 */
export const recordedAttribution = z.object({
  landingPage: z.string().nullable(),
  source: z.string().nullable(),
  campaign: z.string().nullable(),
});

export const enquiry = z
  .object({
    _id: idSchema,
    fullName: z.string(),
    /** Null for an enquiry a WhatsApp message started: its phone is how to reach them. */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    service: z.string().nullable(),
    message: z.string(),
    /** What the enquiry asks for: a plain message, or the kind of its request. */
    kind: z.enum(enquiryKinds),
    request: requestSnapshot.nullable(),
    /** The site path the form was sent from; null when not known. */
    page: z.string().nullable(),
    ...recordedAttribution.shape,
    status: z.enum(enquiryStatuses),
    assignee: person.nullable(),
    createdAt: z.iso.datetime(),
    /** When an admin first opened it; null while unread. */
    readAt: z.iso.datetime().nullable(),
    /** How far the lead has come (common/src/leads.ts); won and lost close it. */
    stage: z.enum(leadStages),
    /** Why it was lost (stage `lost` only), with the words for `other`. */
    lostReason: z.enum(lostReasons).nullable(),
    lostReasonText: z.string().nullable(),
    /** When a response is due (received + the most business hours promised); null for Spam. */
    responseDueAt: z.iso.datetime().nullable(),
    /** The first reply sent or contact logged; null while it waits. */
    firstResponseAt: z.iso.datetime().nullable(),
    /**
     * Since when it awaits our reply: the client's oldest message not yet answered by a reply or a
     * logged contact; null once answered. Spam and Closed enquiries await nothing, whatever this says.
     */
    awaitingReplySince: z.iso.datetime().nullable(),
    /** An earlier enquiry (not Spam) came from the same address: the sender is a known contact. */
    knownContact: z.boolean(),
  })
  .meta({ id: 'Enquiry' });
export type Enquiry = z.infer<typeof enquiry>;

/** Who writes an enquiry's notes: the team, or the client asking about a quote. */
export const noteAuthorKinds = ['admin', 'staff', 'client'] as const;
export type NoteAuthorKind = (typeof noteAuthorKinds)[number];

export const enquiryNote = z
  .object({
    _id: idSchema,
    text: z.string(),
    createdAt: z.iso.datetime(),
    /** Who wrote it: an admin, a staff member, or the client (a question asked on a quote's page; no id). */
    author: z.object({ kind: z.enum(noteAuthorKinds), _id: idSchema.nullable(), name: z.string() }),
  })
  .meta({ id: 'EnquiryNote' });
export type EnquiryNote = z.infer<typeof enquiryNote>;

export const enquiryDetail = enquiry.extend({ notes: z.array(enquiryNote) }).meta({ id: 'EnquiryDetail' });
export type EnquiryDetail = z.infer<typeof enquiryDetail>;

export const enquiryList = z
  .object({
    items: z.array(enquiry),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'EnquiryList' });
export type EnquiryList = z.infer<typeof enquiryList>;

const sortValues = enquirySortFields.flatMap((f) => [f, `-${f}`] as const);
/** A day (YYYY-MM-DD, in the configured timezone) or an instant (ISO 8601 with its offset). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use YYYY-MM-DD or an ISO 8601 time.' });

/**
 * The inbox's query string. `status`: one status or several, comma-separated (Spam only when
 * named); `assignee`: a staff member's id, or `none` for the unassigned; `kind`: what the
 * enquiries ask for; `stage`: how far the leads have come; `from`/`to`: days included (or instants); `q`: words in the name, email or message;
 * `awaiting=true`: only those awaiting our reply (sort by `responseDueAt` for the soonest due first).
 */
export const enquiryListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(enquiryStatuses))),
  service: z.union([z.enum(enquiryServices), z.literal('none'), z.literal('')]).optional(),
  kind: z.union([z.enum(enquiryKinds), z.literal('')]).optional(),
  stage: z.union([z.enum(leadStages), z.literal('')]).optional(),
  awaiting: z
    .enum(['true', 'false', ''], { error: 'Use true or false.' })
    .optional()
    .transform((v) => v === 'true'),
  assignee: z.union([idSchema, z.literal('none'), z.literal('')]).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(sortValues as [string, ...string[]]).default('-createdAt'),
});
export type EnquiryListQuery = z.input<typeof enquiryListQuery>;

export const enquiryUpdateBody = z
  .object({
    status: z.enum(enquiryStatuses).optional(),
    /** An Active staff member's id; null takes the assignment away. */
    assigneeId: idSchema.nullable().optional(),
    /**
     * The address a client who wrote on WhatsApp gave later (an admin adds it; one given already
     * stays as the client gave it): replies and quotes can then go by email.
     */
    email: email.optional(),
  })
  .meta({ id: 'EnquiryUpdateBody' });
export type EnquiryUpdateBody = z.input<typeof enquiryUpdateBody>;

/** What a staff member may change on an enquiry assigned to them (PUT /api/enquiries/{id}, team access). */
export const staffEnquiryUpdateBody = z
  .object({ status: z.enum(['New', 'Open', 'Closed'], { error: 'Choose New, Open or Closed.' }) })
  .meta({ id: 'StaffEnquiryUpdateBody' });
export type StaffEnquiryUpdateBody = z.input<typeof staffEnquiryUpdateBody>;

const lostReasonTextMax = 200;

/** PUT .../stage: the stage to move to; `lost` needs a reason, and the reason `other` its words. */
export const enquiryStageBody = z
  .object({
    stage: z.enum(leadStages, { error: 'Choose a stage.' }),
    lostReason: z.enum(lostReasons, { error: 'Choose a reason.' }).nullish(),
    lostReasonText: oneLine().max(lostReasonTextMax, `At most ${lostReasonTextMax} characters.`).nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.stage === 'lost' && !b.lostReason) ctx.addIssue({ code: 'custom', path: ['lostReason'], message: 'Choose why it was lost.' });
    if (b.stage === 'lost' && b.lostReason === 'other' && !b.lostReasonText) {
      ctx.addIssue({ code: 'custom', path: ['lostReasonText'], message: 'Say why it was lost.' });
    }
  })
  .meta({ id: 'EnquiryStageBody' });
export type EnquiryStageBody = z.input<typeof enquiryStageBody>;

export const enquiryNoteBody = z
  .object({ text: z.string().trim().min(1, 'Required.').max(max.note, `At most ${max.note} characters.`) })
  .meta({ id: 'EnquiryNoteBody' });
export type EnquiryNoteBody = z.input<typeof enquiryNoteBody>;

export const enquiryUpdateAnswer = messageAnswer.extend({ enquiry }).meta({ id: 'EnquiryUpdateAnswer' });
export type EnquiryUpdateAnswer = z.infer<typeof enquiryUpdateAnswer>;
export const enquiryNoteAnswer = messageAnswer.extend({ note: enquiryNote }).meta({ id: 'EnquiryNoteAnswer' });
export type EnquiryNoteAnswer = z.infer<typeof enquiryNoteAnswer>;
export const unreadCount = z.object({ count: z.number().int() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCount>;
export const enquiriesCsv = z
  .string()
  .meta({ id: 'EnquiriesCsv', description: 'A header row, then one row per enquiry.', contentMediaType: 'text/csv' });
/** The answer to the contact page's form posted without JavaScript (POST /contact). */
export const contactPage = z.string().meta({
  id: 'ContactPage',
  description: `The contact page showing the sent note, or the refusal with the text kept. The request is the form as a browser sends it without JavaScript: application/x-www-form-urlencoded ${contactFormFields.join(', ')} (the EnquiryBody fields), to the contact page's address with the selection it showed in its query (service, plan, addon, project, topic), which becomes the enquiry's request.`,
  contentMediaType: 'text/html',
});
