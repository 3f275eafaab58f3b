/** The dashboard: its figures, from the database and the catalogue. */
import { z } from 'zod';
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
      }),
    ),
    servicesByCategory: z.array(z.object({ category: z.enum(categoryKeys), label: z.string(), count: z.number().int() })),
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
