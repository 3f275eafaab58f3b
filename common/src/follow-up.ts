/**
 * Following leads up: contacts (the enquiries of one email address), reminders set on an
 * enquiry, and the lead report. Schemas of the calls under /api/contacts, /api/reminders and
 * /api/reports/leads.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { idSchema, oneLine } from './fields';
import { enquiryKinds } from './requests';
import { enquiryStatuses } from './vocabulary';
import { leadStages, quoteCurrencies } from './leads';
import { timelineEntry } from './replies';

// Contacts

/** Columns the contact list sorts by ('-' before one: descending). */
export const contactSortFields = ['name', 'email', 'enquiries', 'lastContactAt'] as const;
const contactSorts = contactSortFields.flatMap((f) => [f, `-${f}`] as const);

export const contactListQuery = z.object({
  /** Words in a name, email or phone number. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(contactSorts as [string, ...string[]]).default('-lastContactAt'),
});
export type ContactListQuery = z.input<typeof contactListQuery>;

/** The value of the accepted quotes in one currency: paid once, and per month. */
export const wonValue = z.object({ currency: z.enum(quoteCurrencies), once: z.number(), monthly: z.number() }).meta({ id: 'WonValue' });
export type WonValue = z.infer<typeof wonValue>;

export const contactSummary = z
  .object({
    /** The address in lower case: the contact's key in its path. */
    key: z.string(),
    /** As the newest enquiry gives them. */
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    enquiries: z.number().int(),
    /** The newest of: an enquiry received, a reply sent, a contact logged. */
    lastContactAt: z.iso.datetime(),
    valueWon: z.array(wonValue),
  })
  .meta({ id: 'ContactSummary' });
export type ContactSummary = z.infer<typeof contactSummary>;

export const contactList = z
  .object({ items: z.array(contactSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'ContactList' });
export type ContactList = z.infer<typeof contactList>;

export const contactDetail = contactSummary
  .extend({
    enquiryList: z.array(
      z.object({
        _id: idSchema,
        createdAt: z.iso.datetime(),
        kind: z.enum(enquiryKinds),
        service: z.string().nullable(),
        status: z.enum(enquiryStatuses),
        stage: z.enum(leadStages),
      }),
    ),
    /** Every enquiry, note, reply, contact logged, quote and reminder of the contact, oldest first. */
    timeline: z.array(timelineEntry.extend({ enquiryId: idSchema })),
  })
  .meta({ id: 'ContactDetail' });
export type ContactDetail = z.infer<typeof contactDetail>;

// Reminders

export const maxReminderNote = 500;
export const reminderMessages = {
  created: 'Reminder set',
  done: 'Reminder done',
  snoozed: 'Reminder snoozed',
  atInPast: 'Choose a time in the future.',
} as const;

const instant = z.iso.datetime({ offset: true, error: 'Use an ISO 8601 time.' });

export const reminderBody = z
  .object({
    /** When to be reminded (an instant). */
    at: instant,
    note: z.string().trim().max(maxReminderNote, `At most ${maxReminderNote} characters.`).default(''),
  })
  .meta({ id: 'ReminderBody' });
export type ReminderBody = z.input<typeof reminderBody>;

export const reminderSnoozeBody = z.object({ at: instant }).meta({ id: 'ReminderSnoozeBody' });
export type ReminderSnoozeBody = z.input<typeof reminderSnoozeBody>;

export const reminder = z
  .object({
    _id: idSchema,
    enquiry: z.object({ _id: idSchema, fullName: z.string() }),
    at: z.iso.datetime(),
    note: z.string(),
    author: z.object({ kind: z.enum(['admin', 'staff']), _id: idSchema, name: z.string() }),
    /** Its time has come (and it is not done). */
    due: z.boolean(),
    doneAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Reminder' });
export type Reminder = z.infer<typeof reminder>;

export const reminderList = z.array(reminder).meta({ id: 'ReminderList' });
export const reminderAnswer = messageAnswer.extend({ reminder }).meta({ id: 'ReminderAnswer' });
export type ReminderAnswer = z.infer<typeof reminderAnswer>;

// The lead report

export const reportPeriods = ['week', 'month'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
/** The longest report: five years of weeks stays a readable table. */
export const maxReportDays = 1830;

export const leadReportQuery = z
  .object({
    /** First and last day included, in the General timezone. */
    from: z.iso.date({ error: 'Use YYYY-MM-DD.' }),
    to: z.iso.date({ error: 'Use YYYY-MM-DD.' }),
    by: z.enum(reportPeriods).default('month'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: 'Choose a day on or after the first.' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < maxReportDays, {
    path: ['from'],
    error: 'Choose at most five years.',
  });
export type LeadReportQuery = z.input<typeof leadReportQuery>;

const counted = z.object({ label: z.string(), count: z.number().int() });

export const leadReportPeriod = z.object({
  /** The period's first day (YYYY-MM-DD; a week starts on Monday). */
  start: z.iso.date(),
  enquiries: z.number().int(),
  byKind: z.record(z.enum(enquiryKinds), z.number().int()),
  /** By the service chosen, else the service or plan the request named ("None" without either). */
  byService: z.array(counted),
  /** Of the enquiries with a due time, the share answered by it (0-1); null without any. */
  answeredInTime: z.number().nullable(),
  /** Median minutes from receipt to the first response; null without responses. */
  medianMinutesToResponse: z.number().nullable(),
  quotesSent: z.number().int(),
  quotesAccepted: z.number().int(),
  valueAccepted: z.array(wonValue),
  /** Of the enquiries received in the period and decided, the share won (0-1); null without any. */
  winRate: z.number().nullable(),
  /** Payments received in the period (mobile money: in kwacha), by currency. */
  cashCollected: z.array(z.object({ currency: z.enum(['USD', 'ZMW']), amount: z.number() })),
});
export type LeadReportPeriod = z.infer<typeof leadReportPeriod>;

export const leadReport = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    by: z.enum(reportPeriods),
    periods: z.array(leadReportPeriod),
    /** Now, whatever the range: accepted quotes whose deposit is not received yet, and those deposits, by the quote's currency. */
    depositsOutstanding: z.array(z.object({ currency: z.enum(['USD', 'ZMW']), count: z.number().int(), amount: z.number() })),
  })
  .meta({ id: 'LeadReport' });
export type LeadReport = z.infer<typeof leadReport>;

export const contactKey = oneLine().toLowerCase().min(3).max(254);
