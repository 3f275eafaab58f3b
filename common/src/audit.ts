/** The audit log: one row per change, sign-in, failed sign-in and sign-out. */
import { z } from 'zod';
import { messageAnswer } from './answers';

export const auditActorKinds = ['admin', 'staff', 'system'] as const;

/** Who did it, as they were then (null: nobody signed in, e.g. a failed sign-in). */
export const auditActor = z.object({
  kind: z.enum(auditActorKinds),
  _id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});

/** One changed field: its value before and after (absent on create / delete); secrets read '[redacted]'. */
export const auditChange = z.object({ old: z.unknown().optional(), new: z.unknown().optional() });

export const auditEntry = z
  .object({
    _id: z.uuid(),
    at: z.iso.datetime(),
    actor: auditActor.nullable(),
    /** `resource.verb`: staff.create, admin.signin_failed, settings.update, ... */
    action: z.string(),
    target: z.object({ type: z.string(), _id: z.string().nullable(), label: z.string().nullable() }),
    changes: z.record(z.string(), auditChange),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/**
 * The filters of the list and of the CSV export. actor: an email, name or id; action: an action
 * (`staff.delete`) or a resource (`staff`: every staff.* action); target: a type, id or label;
 * from/to: a date (to: that whole day, UTC) or an instant.
 */
export const auditQuery = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(254).optional(),
  from: z.union([day, instant]).optional(),
  to: z.union([day, instant]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditListAnswer = z
  .object({ items: z.array(auditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AuditListAnswer' });
export type AuditListAnswer = z.infer<typeof auditListAnswer>;

/** The CSV export (text/csv). */
export const auditCsv = z.string().meta({ id: 'AuditCsv', description: 'The entries as CSV, newest first.', contentMediaType: 'text/csv' });

/** How long rows are kept (choices: auditRetentionChoices); the database refuses to delete younger ones. */
export const auditSettings = z.object({ retentionDays: z.number().int().min(30).max(3650) }).meta({ id: 'AuditSettings' });
export type AuditSettings = z.infer<typeof auditSettings>;
export const auditSettingsAnswer = messageAnswer.extend({ settings: auditSettings }).meta({ id: 'AuditSettingsAnswer' });
