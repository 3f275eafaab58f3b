/** Newsletter subscribers: the footer form's body, the console's list, export and sends. */
import { z } from 'zod';
import { attributionBody } from './analytics-report';
import { recordedAttribution, sitePage } from './enquiries';
import { email, idSchema } from './fields';
import { subscriberStatuses } from './newsletter';

/**
 * POST /api/subscribers: the address, and the contact form's spam defences (`website`, the
 * honeypot; `startedAt`, when the form was shown): a robot's post is answered the same and stored
 * nowhere. `page` is where the form was sent from (the subscriber's source page).
 */
export const subscribeBody = z
  .object({
    email,
    website: z.string().max(2000).optional(),
    startedAt: z
      .union([z.number(), z.string().max(40)])
      .optional()
      .catch(undefined),
    page: sitePage.optional(),
    ...attributionBody.shape,
  })
  .meta({ id: 'SubscribeBody' });
export type SubscribeBody = z.input<typeof subscribeBody>;

export const subscriberSortFields = ['createdAt', 'email', 'status', 'confirmedAt'] as const;
const sortValues = subscriberSortFields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];

export const subscriberListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.union([z.enum(subscriberStatuses), z.literal('')]).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(sortValues).default('-createdAt'),
});
export type SubscriberListQuery = z.input<typeof subscriberListQuery>;

export const subscriber = z
  .object({
    _id: idSchema,
    email: z.string(),
    status: z.enum(subscriberStatuses),
    /** The site page the sign-up came from. */
    page: z.string().nullable(),
    ...recordedAttribution.shape,
    createdAt: z.iso.datetime(),
    confirmedAt: z.iso.datetime().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof subscriber>;

export const subscriberList = z
  .object({ items: z.array(subscriber), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'SubscriberList' });

export const subscribersCsv = z
  .string()
  .meta({ id: 'SubscribersCsv', description: 'A header row, then one row per subscriber.', contentMediaType: 'text/csv' });

/** A page of the newsletter (confirm, unsubscribe, the sign-up without JavaScript), rendered by the server. */
export const newsletterPage = z.string().meta({
  id: 'NewsletterPage',
  description:
    'The newsletter page with the outcome. The request is a form as a browser sends it: application/x-www-form-urlencoded (email, website, startedAt for the sign-up; any body, e.g. List-Unsubscribe=One-Click, for confirm and unsubscribe, whose token is in the query).',
  contentMediaType: 'text/html',
});

/** One send of an article to the subscribers, and how far its mails have gone. */
export const newsletterSend = z
  .object({
    _id: idSchema,
    createdAt: z.iso.datetime(),
    by: z.string(),
    /** Mails queued: one per subscriber confirmed at the time of the send. */
    recipients: z.number().int(),
    /** Taken by the SMTP server. */
    sent: z.number().int(),
    /** Still in the queue; `failing` of them tried and refused, to be tried again. */
    queued: z.number().int(),
    failing: z.number().int(),
  })
  .meta({ id: 'NewsletterSend' });
export type NewsletterSend = z.infer<typeof newsletterSend>;

export const newsletterStatus = z
  .object({
    /** Confirmed subscribers now: how many a send would mail. */
    confirmed: z.number().int(),
    /** The article's send, if it was sent (an article goes out once). */
    send: newsletterSend.nullable(),
  })
  .meta({ id: 'NewsletterStatus' });
export type NewsletterStatus = z.infer<typeof newsletterStatus>;

export const newsletterSendAnswer = z.object({ message: z.string(), send: newsletterSend }).meta({ id: 'NewsletterSendAnswer' });
