/** The dashboard: its figures, from the database and the catalogue. */
import { z } from 'zod';
import { oneLine } from './fields';
import { categoryKeys } from './vocabulary';

/** A figure and its change against last month, in percent (null when last month gives no basis). */
const stat = z.object({ value: z.number(), change: z.number().nullable() });

export const dashboard = z
  .object({
    /** Published services. */
    totalServices: stat,
    /** Enquiries with status New; the change compares enquiries received this month with last month. */
    newMessages: stat,
    /** Active staff members. */
    activeUsers: stat,
    /** The database's size against STORAGE_QUOTA_MB: value in percent of the quota. */
    storageUsed: stat.extend({ bytes: z.number().int(), quotaBytes: z.number().int() }),
    /** The last seven months, oldest first, in the configured timezone. */
    monthlyActivity: z.array(
      z.object({
        /** YYYY-MM */
        month: z.string(),
        /** Jan ... Dec */
        label: z.string(),
        /** Staff created. */
        newUsers: z.number().int(),
        /** Enquiries received (not spam). */
        serviceRequests: z.number().int(),
        /** Unique visitors of the public site (the sum of each day's: analytics-report.ts). */
        visitors: z.number().int(),
      }),
    ),
    servicesByCategory: z.array(z.object({ category: z.enum(categoryKeys), label: z.string(), count: z.number().int() })),
    /**
     * The reply clock, this month and last (months of the configured timezone): of the enquiries
     * received (not spam) whose response is given or due, the share answered by their due time, in
     * percent, and the median business minutes to the first response (null without any).
     */
    replyTimes: z.array(
      z.object({
        month: z.string(),
        label: z.string(),
        counted: z.number().int(),
        answeredInTime: z.number().nullable(),
        medianMinutes: z.number().nullable(),
      }),
    ),
    /** The latest enquiries, staff and content changes, newest first. */
    recentActivity: z.array(
      z.object({
        _id: z.string(),
        kind: z.enum(['enquiry', 'staff', 'content']),
        user: z.string(),
        action: z.string(),
        at: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;

// ---------------------------------------------------------------------------------------------
// The first-run checklist (a Super Admin's), the test mail and the announcement to staff

/**
 * What a new installation needs before it serves a business, in the order the dashboard lists
 * them: the company's contact details, Site Name and Admin Email, the timezone, a test mail,
 * automatic backups, and two-factor sign-in for the admin looking at it.
 */
export const checklistItems = ['company', 'siteIdentity', 'timezone', 'testMail', 'backups', 'twoFactor'] as const;
export type ChecklistItem = (typeof checklistItems)[number];

export const checklist = z
  .object({
    items: z.array(z.object({ item: z.enum(checklistItems), done: z.boolean(), dismissed: z.boolean() })),
    /** Whether SMTP_URL is set: without it, mail is kept in the outbox and leaves nobody's machine. */
    smtp: z.boolean(),
  })
  .meta({ id: 'Checklist' });
export type Checklist = z.infer<typeof checklist>;

export const checklistDismissBody = z.object({ item: z.enum(checklistItems) }).meta({ id: 'ChecklistDismiss' });

/**
 * How a test mail went: the SMTP server took it; it was kept in the outbox (no SMTP_URL); the SMTP
 * server refused it or could not be reached (the queue tries again); or it is still waiting.
 */
export const testMailOutcomes = ['sent', 'outbox', 'failed', 'waiting'] as const;
export const testMailAnswer = z.object({ outcome: z.enum(testMailOutcomes), message: z.string() }).meta({ id: 'TestMailAnswer' });
export type TestMailAnswer = z.infer<typeof testMailAnswer>;

export const announcementBody = z
  .object({
    subject: oneLine().min(1, 'Required.').max(200, 'At most 200 characters.'),
    message: z.string().trim().min(1, 'Required.').max(5000, 'At most 5000 characters.'),
  })
  .meta({ id: 'AnnouncementBody' });
export type AnnouncementBody = z.infer<typeof announcementBody>;

/** How many Active staff members the announcement was queued for. */
export const announcementAnswer = z.object({ message: z.string(), recipients: z.number().int() }).meta({ id: 'AnnouncementAnswer' });
