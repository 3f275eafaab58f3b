/**
 * The audit log in words: each entry as a sentence an owner reads ("Mary Banda changed the price
 * of Website Creation from $499 to $549"), repeated failed sign-ins as one, and addresses as
 * people know them (the server answers IPv4 plainly). The technical action name, ids and the raw
 * user agent stay in the detail view's technical details and the CSV export.
 */
import type { AuditEntry } from '@kafue/common/contract';
import { contactChannelLabels, leadStageLabels, lostReasonLabels } from '@kafue/common/leads';
import { auditContentResources, type AuditAction, type AuditContentResource } from '@kafue/common/schemas';
import { browserName } from './browserName';

type Changes = AuditEntry['changes'];

/** Who did it, as a sentence starts. */
export function actorName(entry: AuditEntry): string {
  const actor = entry.actor;
  if (!actor) return 'Someone';
  if (actor.kind === 'system') {
    if (actor.name === 'command line') return "An administrator at the server's command line";
    if (actor.name === 'first start') return 'The server, at its first start,';
    if (actor.name === 'scheduler') return 'The scheduler';
    return 'The system';
  }
  return actor.name || actor.email || 'Someone';
}

const contentNouns: Record<AuditContentResource, [one: string, many: string]> = {
  service: ['the service', 'services'],
  plan: ['the monthly plan', 'monthly plans'],
  addon: ['the add-on', 'add-ons'],
  project_price: ['the price group', 'project price groups'],
  faq: ['the FAQ', 'FAQs'],
  testimonial: ['the testimonial', 'testimonials'],
  insight: ['the article', 'articles'],
  legal_page: ['the legal page', 'legal pages'],
};
const isContent = (resource: string): resource is AuditContentResource => (auditContentResources as readonly string[]).includes(resource);

/** Field names in plain words, where splitting the name is not enough. */
const fieldWords: Record<string, string> = {
  siteName: 'site name',
  adminEmail: 'admin email',
  cta: 'button text',
  avatarInitial: 'letter shown in the circle',
  features: 'key features',
  details: 'more information',
  key: 'short name in links',
  items: 'projects',
  status: 'status',
  position: 'place in the list',
  fullName: 'name',
  videoUrl: 'video address',
  assignee: 'assignee',
  retentionDays: 'days the audit log is kept',
  keep: 'number of backups kept',
  requireTwoFactor: 'two-factor sign-in requirement',
  twoFactor: 'two-factor sign-in',
};

/** `siteName` -> "site name": a field as words. */
export function fieldName(field: string): string {
  return (
    fieldWords[field] ??
    field
      .replace(/_/g, ' ')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

/** A value as a sentence shows it: short, never raw JSON for a person to decode. */
export function valueWords(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'nothing';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}...` : value;
  if (Array.isArray(value)) return value.length === 1 ? 'a list of 1 item' : `a list of ${value.length} items`;
  return 'a new value';
}

const listWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * "changed the price of Website Creation from $499 to $549"; several fields: "changed the price
 * and description of ..."; none: "saved ... without changes". `subject` includes its preposition.
 */
function changed(changes: Changes, subject: string, ignore: readonly string[] = []): string {
  const fields = Object.entries(changes).filter(([field]) => !ignore.includes(field));
  if (fields.length === 0) return `saved ${subject.replace(/^(of|in) /, '')} without changes`;
  if (fields.length === 1) {
    const [field, change] = fields[0];
    const redacted = change.old === '[redacted]' || change.new === '[redacted]';
    if (redacted) return `changed the ${fieldName(field)} ${subject}`;
    return `changed the ${fieldName(field)} ${subject} from ${valueWords(change.old)} to ${valueWords(change.new)}`;
  }
  const names = fields.map(([field]) => fieldName(field));
  const shown = names.length > 3 ? [...names.slice(0, 2), `${names.length - 2} other fields`] : names;
  return `changed the ${listWords(shown)} ${subject}`;
}

/** An instant as the log shows it, in UTC: "2026-12-01 00:00 UTC". */
const utcWords = (iso: unknown) => (typeof iso === 'string' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'a set time');

/** What a scheduled change will do: "the price of X to change at ...", "X to be published at ...". */
function scheduleWords(changes: Changes, item: string): string {
  const when = utcWords(changes.scheduledFor?.new);
  const action = changes.scheduledAction?.new;
  if (action === 'publish') return `${item} to be published at ${when}`;
  if (action === 'unpublish') return `${item} to be unpublished at ${when}`;
  const fields = Object.keys(changes).filter((f) => f !== 'scheduledFor' && f !== 'scheduledAction');
  if (fields.length === 0) return `a change to ${item} for ${when}`;
  return `new values of the ${listWords(fields.map(fieldName))} of ${item} for ${when}`;
}

/**
 * A change the scheduler applied: ", as Mary Banda scheduled for ...", and when it went live late,
 * by how much and whether the server was just starting (no process ran at its time).
 */
function scheduledWords(changes: Changes): string {
  const schedule = changes.schedule?.new as { at?: string; by?: string; lateSeconds?: number; atStart?: boolean } | undefined;
  if (!schedule) return '';
  const as = `, as ${schedule.by ?? 'an admin'} scheduled for ${utcWords(schedule.at)}`;
  if (!schedule.lateSeconds) return as;
  const late = schedule.lateSeconds >= 120 ? `${Math.round(schedule.lateSeconds / 60)} minutes` : `${schedule.lateSeconds} seconds`;
  return schedule.atStart ? `${as} (${late} late: the server was not running then, and did it when it started)` : `${as} (${late} late)`;
}

/** The target as a sentence names it: its label, or what it is. */
function named(entry: AuditEntry, noun: string): string {
  return entry.target.label ? `${noun} ${entry.target.label}` : noun;
}

const refusalWords: Record<string, string> = {
  wrong_credentials: 'with a wrong password',
  wrong_code: 'with a wrong two-factor code',
  limited: 'too many times, and was made to wait',
  suspended: 'but the account is suspended',
  inactive: 'but the account is inactive',
};

/** The settings saved under 'settings.update' with a row of their own, by that row's key. */
const ownSettingsNames: Record<string, string> = {
  company: 'of the company profile',
  replyTargets: 'of the reply targets',
  hero: 'of the home page',
  payments: 'of the payment settings',
};

const settingsNames: Record<string, string> = {
  'settings.update': 'in the General settings',
  'settings.security_update': 'in the Security settings',
  'settings.notifications_update': 'in their notification settings',
  'audit_settings.update': 'of the audit log',
  'backup_schedule.update': 'of the automatic backups',
};

/** A recorded value's words from a table of labels (a stage, a reason, a channel), or undefined when it is none of them. */
const labelIn = <K extends string>(labels: Record<K, string>, value: unknown): string | undefined =>
  typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as K] : undefined;

/** The sentence of one action (`times`: how many such entries it stands for). */
function sentence(entry: AuditEntry, times: number): string {
  const who = actorName(entry);
  const label = entry.target.label ?? '';
  const action = entry.action as AuditAction;
  const [resource, verb] = action.split('.') as [string, string];
  const accountPlace = resource === 'staff' ? ' to the staff portal' : '';

  if (isContent(resource)) {
    const [one, many] = contentNouns[resource];
    const item = label || one;
    const scheduled = scheduledWords(entry.changes);
    switch (verb) {
      case 'create':
        return `${who} added ${named(entry, one)}`;
      case 'update':
        return `${who} ${changed(entry.changes, `of ${item}`, ['position', 'schedule'])}${scheduled}`;
      case 'delete':
        return `${who} deleted ${named(entry, one)}`;
      case 'restore':
        return `${who} brought back an earlier version of ${item}`;
      case 'publish':
        return `${who} published ${item}${scheduled}`;
      case 'unpublish':
        return `${who} unpublished ${item}${scheduled}: visitors no longer see it`;
      case 'reorder':
        return `${who} changed the order of the ${many}`;
      case 'schedule':
        return `${who} scheduled ${scheduleWords(entry.changes, item)}`;
      case 'schedule_cancel':
        return `${who} cancelled the change scheduled for ${item}`;
      case 'draft_save':
        return `${who} saved changes to ${item}, not yet published`;
      case 'draft_discard':
        return `${who} discarded the pending changes to ${item}`;
      case 'share':
        return `${who} made a preview link for ${item}`;
      case 'share_revoke':
        return `${who} revoked a preview link for ${item}`;
    }
  }

  switch (action) {
    case 'admin.signin':
    case 'staff.signin':
      return `${who} signed in${accountPlace}`;
    case 'admin.signout':
    case 'staff.signout':
      return `${who} signed out${accountPlace}`;
    case 'admin.signin_failed':
    case 'staff.signin_failed': {
      const how = labelIn(refusalWords, entry.changes.reason?.new) ?? 'without success';
      return `Someone tried to sign in${accountPlace} as ${label} ${how}${times > 1 ? `, ${times} times` : ''}`;
    }
    case 'admin.password_change':
    case 'staff.password_change':
      return `${who} changed their ${resource === 'staff' ? 'staff portal ' : ''}password`;
    case 'admin.password_reset':
      return `${who} set a new password for ${label}`;
    case 'password.reset_request':
      return `Someone asked for a password reset link for ${label}`;
    case 'password.reset':
      return `${who} chose a new password with a reset link`;
    case 'admin.2fa_setup':
      return `${who} started turning on two-factor sign-in${forOther(entry)}`;
    case 'admin.2fa_enable':
      return `${who} turned on two-factor sign-in${forOther(entry)}`;
    case 'admin.2fa_disable':
      return `${who} turned off two-factor sign-in${forOther(entry)}`;
    case 'admin.create':
      return `${who} added the admin ${label}`;
    case 'admin.update':
      return `${who} ${changed(entry.changes, `of the admin ${label}`)}`;
    case 'admin.delete':
      return `${who} removed the admin ${label}`;
    case 'staff.create':
      return `${who} added the staff member ${label}`;
    case 'staff.update':
      return `${who} ${changed(entry.changes, `of the staff member ${label}`)}`;
    case 'staff.delete':
      return `${who} removed the staff member ${label}`;
    case 'session.end':
      return `${who} signed ${label} out of one session`;
    case 'session.end_all':
      return `${who} signed ${label} out everywhere else`;
    case 'enquiry.create':
      return `${label || 'A visitor'} sent an enquiry`;
    case 'enquiry.update':
      return `${who} ${changed(entry.changes, `of the enquiry from ${label}`)}`;
    case 'enquiry.note':
      return `${who} added a note to the enquiry from ${label}`;
    case 'enquiry.delete':
      return `${who} deleted the enquiry from ${label}`;
    case 'enquiry.stage': {
      const stage = labelIn(leadStageLabels, entry.changes.stage?.new) ?? 'another stage';
      const reason = labelIn(lostReasonLabels, entry.changes.lostReason?.new);
      return `${who} moved the enquiry from ${label} to ${stage}${reason ? ` (${reason})` : ''}`;
    }
    case 'enquiry.reply': {
      const subject = entry.changes.subject?.new;
      return `${who} replied to the enquiry from ${label}${typeof subject === 'string' ? ` ("${subject}")` : ''}`;
    }
    case 'enquiry.contact': {
      const how = labelIn(contactChannelLabels, entry.changes.channel?.new);
      return `${who} logged a contact${how ? ` (${how.toLowerCase()})` : ''} with ${label}`;
    }
    case 'saved_reply.create':
      return `${who} added the saved reply ${label}`;
    case 'saved_reply.update':
      return `${who} ${changed(entry.changes, `of the saved reply ${label}`)}`;
    case 'saved_reply.delete':
      return `${who} deleted the saved reply ${label}`;
    case 'quote.create':
      return `${who} drafted the quote ${label}`;
    case 'quote.update':
      return `${who} ${changed(entry.changes, `of the quote ${label}`)}`;
    case 'quote.send':
      return `${who} sent the quote ${label}`;
    case 'quote.withdraw':
      return `${who} withdrew the quote ${label}`;
    case 'quote.accept': {
      const name = entry.changes.acceptedName?.new;
      return `${typeof name === 'string' && name ? name : 'The client'} accepted the quote ${label}`;
    }
    case 'quote.question':
      return `The client asked a question about the quote ${label}`;
    case 'payment.start': {
      const failed = entry.changes.status?.new === 'failed';
      return `The client started paying ${label} by mobile money${failed ? ', and the network refused it' : ''}`;
    }
    case 'payment.complete':
      return `The mobile money payment ${label} was received`;
    case 'payment.fail':
      return `The mobile money payment ${label} failed`;
    case 'payment.request':
      return `${who} requested a payment on the quote ${label}`;
    case 'invoice.create':
      return `${who} made the invoice ${label}`;
    case 'invoice.send':
      return `${who} sent the invoice ${label} to the client`;
    case 'settings.update':
      // The company profile, the reply targets and the home page's video are saved as settings of their own.
      return `${who} ${changed(entry.changes, ownSettingsNames[entry.target._id ?? ''] ?? settingsNames[action])}`;
    case 'settings.security_update':
    case 'settings.notifications_update':
    case 'audit_settings.update':
    case 'backup_schedule.update':
      return `${who} ${changed(entry.changes, settingsNames[action])}`;
    case 'audit.purge': {
      const rows = entry.changes.deletedRows?.old;
      return `${who} deleted ${typeof rows === 'number' ? rows : 'the'} audit entries ${label}`.replace(/ +$/, '');
    }
    case 'backup.create':
      return `${who} made a backup${label ? ` (${label})` : ''}`;
    case 'backup.delete':
      return `${who} deleted the backup ${label}`;
    case 'backup.restore': {
      const saved = entry.changes.automaticBackup?.new;
      return `${who} restored the backup ${label}${typeof saved === 'string' ? `, after saving the data it replaced as ${saved}` : ''}`;
    }
    case 'checklist.dismiss':
      return `${who} took "${label}" off the first-run checklist`;
    case 'mail.test':
      return `${who} sent a test mail to ${label}`;
    case 'announcement.send': {
      const recipients = entry.changes.recipients?.new;
      return `${who} sent the announcement "${label}" to ${typeof recipients === 'number' ? recipients : 'the'} staff members`;
    }
    case 'reminder.create':
      return `${who} set a reminder on the enquiry from ${label}`;
    case 'reminder.done':
      return `${who} marked a reminder done on the enquiry from ${label}`;
    case 'reminder.snooze':
      return `${who} snoozed a reminder on the enquiry from ${label}`;
    case 'subscriber.signup':
      return `${label} signed up for the newsletter (waiting for confirmation)`;
    case 'subscriber.confirm':
      return `${label} confirmed their newsletter subscription`;
    case 'subscriber.unsubscribe':
      return `${label} unsubscribed from the newsletter`;
    case 'subscriber.delete':
      return `${who} deleted the newsletter subscriber ${label}`;
    case 'subscriber.purge': {
      const rows = entry.changes.deletedRows?.old;
      return `${who} deleted ${typeof rows === 'number' ? rows : 'the'} newsletter sign-ups ${label}`;
    }
    case 'redirect.create':
      return `${who} added a redirect from ${label}`;
    case 'redirect.update':
      return `${who} ${changed(entry.changes, `of the redirect from ${label}`)}`;
    case 'redirect.delete':
      return `${who} deleted the redirect from ${label}`;
    case 'newsletter.send': {
      const recipients = entry.changes.recipients?.new;
      return `${who} sent the article "${label}" to ${typeof recipients === 'number' ? recipients : 'the'} subscribers`;
    }
    case 'media.upload':
      return `${who} uploaded ${label} to the media library`;
    case 'media.update':
      return `${who} changed the description of ${label} in the media library`;
    case 'media.delete':
      return `${who} deleted ${label} from the media library`;
  }
  // An action this console does not know yet (a newer server): said plainly, with its name.
  return `${who} did "${entry.action}"${label ? ` on ${label}` : ''}`;
}

/** " for owner@..." when an admin's two-factor was changed by someone else. */
function forOther(entry: AuditEntry): string {
  return entry.target.label && entry.target.label !== entry.actor?.email ? ` for ${entry.target.label}` : '';
}

/** The entry as a sentence; `times` > 1 for a group of repeated failed sign-ins (groupEntries). */
export function auditSentence(entry: AuditEntry, times = 1): string {
  return `${sentence(entry, times)}.`;
}

const repeatable = (e: AuditEntry) => e.action.endsWith('.signin_failed');
const sameAttempt = (a: AuditEntry, b: AuditEntry) =>
  a.action === b.action &&
  a.target.label === b.target.label &&
  a.address === b.address &&
  JSON.stringify(a.changes) === JSON.stringify(b.changes);

/**
 * The page's entries in rows: failed sign-ins one after another for the same account, from the
 * same address and for the same reason, make one row ("..., 3 times"); every other entry its own.
 */
export function groupEntries(entries: readonly AuditEntry[]): AuditEntry[][] {
  const rows: AuditEntry[][] = [];
  for (const entry of entries) {
    const last = rows[rows.length - 1];
    if (last && repeatable(entry) && sameAttempt(last[0], entry)) last.push(entry);
    else rows.push([entry]);
  }
  return rows;
}

/** What other targets are, before their label: "the enquiry from Jane Phiri". */
const targetNouns: Record<string, string> = {
  admin: 'the admin account of',
  staff: 'the staff account of',
  enquiry: 'the enquiry from',
  quote: 'the quote',
  subscriber: 'the newsletter subscriber',
  redirect: 'the redirect from',
  media: 'the file',
  saved_reply: 'the saved reply',
  backup: 'the backup',
};

/** What an entry is about, by its name or title: "the staff account of Mary Banda", "the service Website Creation". */
export function targetWords(entry: AuditEntry): string {
  const { type, name, label } = entry.target;
  const title = name ?? label;
  const noun = isContent(type) ? contentNouns[type][0] : targetNouns[type];
  if (!noun) return title ?? type.replace(/_/g, ' ');
  return title ? `${noun} ${title}` : noun.replace(/ (of|from)$/, '');
}

const actorRoles = { admin: ', an admin', staff: ', a staff member', system: '' } as const;

/**
 * One entry's detail in sentences: who by name, what by its title, when, and from where with
 * which browser. `at` is the time as the screen shows it.
 */
export function detailSentences(entry: AuditEntry, at: string): string[] {
  const who = entry.actor ? `${actorName(entry)}${actorRoles[entry.actor.kind]}` : 'someone who was not signed in';
  const where = entry.address ? `from the address ${entry.address}` : 'from an unknown address';
  return [`Done by ${who}.`, `It concerns ${targetWords(entry)}.`, `On ${at}, ${where}, with ${browserName(entry.userAgent)}.`];
}
