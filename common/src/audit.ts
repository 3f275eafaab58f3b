/** The audit log: one row per change, sign-in, failed sign-in and sign-out. */
import { z } from 'zod';
import { messageAnswer } from './answers';

export const auditActorKinds = ['admin', 'staff', 'system'] as const;

/** The resources of the site's content in the audit log (`service.update`, ...), one per collection. */
export const auditContentResources = ['service', 'plan', 'addon', 'project_price', 'faq', 'testimonial', 'insight', 'legal_page'] as const;
export type AuditContentResource = (typeof auditContentResources)[number];
export const auditContentVerbs = [
  'create',
  'update',
  'delete',
  'restore',
  'publish',
  'unpublish',
  'reorder',
  /** A change set for later (the change itself, at its time, is logged as update, publish or unpublish by the scheduler). */
  'schedule',
  'schedule_cancel',
  /** Pending changes saved (not live) or dropped. */
  'draft_save',
  'draft_discard',
  /** A share link made or revoked. */
  'share',
  'share_revoke',
] as const;
export type AuditContentVerb = (typeof auditContentVerbs)[number];
const accountKinds = ['admin', 'staff'] as const;
const accountVerbs = ['signin', 'signin_failed', 'signout', 'password_change'] as const;

/**
 * Every action the server writes: the server's `AuditInput.action` takes only these, and the
 * console has a sentence for each (features/audit/auditSentence.ts, tested for every one).
 */
export const auditActions = [
  ...auditContentResources.flatMap((r) => auditContentVerbs.map((v) => `${r}.${v}` as const)),
  ...accountKinds.flatMap((k) => accountVerbs.map((v) => `${k}.${v}` as const)),
  'admin.create',
  'admin.update',
  'admin.delete',
  'admin.password_reset',
  'admin.2fa_setup',
  'admin.2fa_enable',
  'admin.2fa_disable',
  'staff.create',
  'staff.update',
  'staff.delete',
  'password.reset_request',
  'password.reset',
  'session.end',
  'session.end_all',
  'enquiry.create',
  'enquiry.update',
  'enquiry.note',
  'enquiry.delete',
  'enquiry.stage',
  'enquiry.reply',
  'enquiry.contact',
  'saved_reply.create',
  'saved_reply.update',
  'saved_reply.delete',
  'quote.create',
  'quote.update',
  'quote.send',
  'quote.withdraw',
  'quote.accept',
  'quote.question',
  'payment.start',
  'payment.complete',
  'payment.fail',
  'payment.request',
  'invoice.create',
  'invoice.send',
  'settings.update',
  'settings.security_update',
  'settings.notifications_update',
  'audit_settings.update',
  'audit.purge',
  'backup.create',
  'backup.delete',
  'backup.restore',
  'backup_schedule.update',
  'checklist.dismiss',
  'mail.test',
  'announcement.send',
  'reminder.create',
  'reminder.done',
  'reminder.snooze',
  'subscriber.signup',
  'subscriber.confirm',
  'subscriber.unsubscribe',
  'subscriber.delete',
  'subscriber.purge',
  'newsletter.send',
  'redirect.create',
  'redirect.update',
  'redirect.delete',
  'media.upload',
  'media.update',
  'media.delete',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * The kinds of change the console filters by, each a set of actions (`staff.*`: every staff
 * action). The server turns a kind into `action = ANY(...) OR action LIKE ANY(...)`.
 */
export const auditKinds = {
  content: {
    label: 'Site content (services, prices, FAQs...)',
    actions: [...auditContentResources.map((r) => `${r}.*`), 'redirect.*', 'media.*'],
  },
  signIns: { label: 'Sign-ins and sign-outs', actions: ['admin.signin', 'admin.signout', 'staff.signin', 'staff.signout'] },
  failedSignIns: { label: 'Failed sign-ins', actions: ['admin.signin_failed', 'staff.signin_failed'] },
  passwords: {
    label: 'Passwords and two-factor sign-in',
    actions: ['admin.password_change', 'staff.password_change', 'admin.password_reset', 'admin.2fa_*', 'password.*'],
  },
  people: {
    label: 'Staff and admin accounts',
    actions: ['staff.create', 'staff.update', 'staff.delete', 'admin.create', 'admin.update', 'admin.delete'],
  },
  settings: {
    label: 'Settings',
    actions: ['settings.*', 'audit_settings.*', 'backup_schedule.*', 'checklist.*', 'mail.*', 'saved_reply.*'],
  },
  enquiries: { label: 'Enquiries', actions: ['enquiry.*', 'quote.*', 'reminder.*'] },
  payments: { label: 'Payments and invoices', actions: ['payment.*', 'invoice.*'] },
  announcements: { label: 'Announcements to staff', actions: ['announcement.*'] },
  backups: { label: 'Backups', actions: ['backup.*'] },
  sessions: { label: 'Sessions ended', actions: ['session.*'] },
  system: { label: 'Clean-up of the audit log', actions: ['audit.*'] },
  newsletter: { label: 'Newsletter subscribers and sends', actions: ['subscriber.*', 'newsletter.*'] },
} as const satisfies Record<string, { label: string; actions: readonly string[] }>;
export type AuditKind = keyof typeof auditKinds;

/** Who did it, as they were then (null: nobody signed in, e.g. a failed sign-in). */
export const auditActor = z.object({
  kind: z.enum(auditActorKinds),
  _id: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
});

/**
 * A client address as people know it: IPv4 written as IPv6 (`::ffff:1.2.3.4`, what a dual-stack
 * socket reports for an IPv4 client) is that IPv4; any other address is left as it is.
 */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address;
}

/** One changed field: its value before and after (absent on create / delete); secrets read '[redacted]'. */
export const auditChange = z.object({ old: z.unknown().optional(), new: z.unknown().optional() });

export const auditEntry = z
  .object({
    _id: z.uuid(),
    at: z.iso.datetime(),
    actor: auditActor.nullable(),
    /** `resource.verb`: staff.create, admin.signin_failed, settings.update, ... */
    action: z.string(),
    target: z.object({
      type: z.string(),
      _id: z.string().nullable(),
      label: z.string().nullable(),
      /** An account's name today (its label is the email it had then); null for other targets or one since deleted. */
      name: z.string().nullable(),
    }),
    changes: z.record(z.string(), auditChange),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

const day = z.iso.date();
const instant = z.iso.datetime({ offset: true });

/**
 * The filters of the list and of the CSV export. actor: an id, or the start of an email or name
 * (any case); action: an action (`staff.delete`) or a resource (`staff`: every staff.* action);
 * kind: a kind of change (auditKinds); target: a type, id or label;
 * from/to: a date (to: that whole day, UTC) or an instant.
 */
export const auditQuery = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(100).optional(),
  target: z.string().trim().max(254).optional(),
  kind: z.enum(Object.keys(auditKinds) as [AuditKind, ...AuditKind[]]).optional(),
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
