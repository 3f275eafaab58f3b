/**
 * Reminders set on an enquiry: "call them back on Thursday". At its time the person who set it
 * is mailed (once, whichever server process gets there first) and the console shows it as due
 * on the dashboard and the enquiry until it is done or snoozed to a later time.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { TimelineEntry } from '@kafue/common/leads';
import { messages } from '@kafue/common/contract';
import { reminderMessages, type Reminder } from '@kafue/common/schemas';
import { toLocalClock } from '@kafue/common/time';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { enquiryTarget } from '../enquiries/enquiries.js';
import { HttpError, notFound } from '../http/errors.js';
import { asOneLine, clientInWords, consoleLink, enquiryLink, general, quoted, signature } from '../mail/notify.js';
import { queueMail } from '../mail/queue.js';
import { readGeneralSettings } from '../settings/settings.js';

interface ReminderRow {
  id: string;
  enquiry_id: string;
  full_name: string;
  due_at: Date;
  note: string;
  author_kind: 'admin' | 'staff';
  author_id: string;
  author_name: string;
  done_at: Date | null;
}

const columns = `r.id, r.enquiry_id, e.full_name, r.due_at, r.note, r.author_kind, r.author_id, r.author_name, r.done_at`;
const from = `enquiry_reminders r JOIN enquiries e ON e.id = r.enquiry_id`;

const toReminder = (r: ReminderRow, now: Date): Reminder => ({
  _id: r.id,
  enquiry: { _id: r.enquiry_id, fullName: r.full_name },
  at: r.due_at.toISOString(),
  note: r.note,
  author: { kind: r.author_kind, _id: r.author_id, name: r.author_name },
  due: r.done_at === null && r.due_at <= now,
  doneAt: r.done_at ? r.done_at.toISOString() : null,
});

export interface Author {
  kind: 'admin' | 'staff';
  id: string;
  name: string;
  email: string;
}

/** A new time must lie ahead: a reminder set in the past would be mailed at once and mean nothing. */
function ahead(at: string, now: Date): Date {
  const when = new Date(at);
  if (when <= now) throw new HttpError(400, messages.invalidInput, { at: reminderMessages.atInPast });
  return when;
}

/** Sets a reminder on an enquiry (a staff member's own only, with `assigneeId`); 404 when there is no such enquiry. */
export async function createReminder(
  db: DataSource,
  enquiryId: string,
  reminder: { at: string; note: string },
  author: Author,
  now: Date,
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<Reminder> {
  const at = ahead(reminder.at, now);
  return db.transaction(async (m) => {
    const [row] = await m.query<{ id: string }[]>(
      `INSERT INTO enquiry_reminders (enquiry_id, due_at, note, author_kind, author_id, author_name, author_email)
       SELECT id, $2, $3, $4, $5, $6, $7 FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $8' : ''}
       RETURNING id`,
      [enquiryId, at, reminder.note, author.kind, author.id, author.name.slice(0, 100), author.email, ...(assigneeId ? [assigneeId] : [])],
    );
    const created = row && (await readReminder(m, row.id, now));
    if (!created) throw notFound();
    await audit(m, {
      action: 'reminder.create',
      target: enquiryTarget(created.enquiry),
      changes: diff(null, { at: created.at, note: created.note }),
    });
    return created;
  });
}

async function readReminder(m: EntityManager | DataSource, id: string, now: Date): Promise<Reminder | undefined> {
  const [row] = await m.query<ReminderRow[]>(`SELECT ${columns} FROM ${from} WHERE r.id = $1`, [id]);
  return row && toReminder(row, now);
}

/** Who may change a reminder: any admin any reminder; a staff member their own, on an enquiry still assigned to them. */
const ownedBy = (staffId: string | undefined, first: number) =>
  staffId
    ? `AND author_kind = 'staff' AND author_id = $${first} AND enquiry_id IN (SELECT id FROM enquiries WHERE assignee_id = $${first})`
    : '';

/**
 * Changes a reminder (`set`: the SQL of its change, `$2` its value) for the caller (a staff member's
 * own only, with `staffId`), with its audit row comparing `field`; answers it, 404 when there is none.
 */
async function changeReminder(
  db: DataSource,
  id: string,
  change: { set: string; value: Date; action: 'reminder.done' | 'reminder.snooze'; field: 'doneAt' | 'at' },
  now: Date,
  staffId: string | undefined,
  audit: AuditRecorder,
): Promise<Reminder> {
  return db.transaction(async (m) => {
    const before = await readReminder(m, id, now);
    const [[row]] = await m.query<[{ id: string }[], number]>(
      `UPDATE enquiry_reminders SET ${change.set} WHERE id = $1 ${ownedBy(staffId, 3)} RETURNING id`,
      [id, change.value, ...(staffId ? [staffId] : [])],
    );
    if (!row || !before) throw notFound();
    const after = (await readReminder(m, id, now)) as Reminder;
    await audit(m, { action: change.action, target: enquiryTarget(after.enquiry), changes: diff(before, after, [change.field]) });
    return after;
  });
}

/** Marks a reminder done. */
export const finishReminder = (db: DataSource, id: string, now: Date, staffId: string | undefined, audit: AuditRecorder) =>
  changeReminder(
    db,
    id,
    { set: 'done_at = coalesce(done_at, $2)', value: now, action: 'reminder.done', field: 'doneAt' },
    now,
    staffId,
    audit,
  );

/** Moves a reminder to a later time (`at`, ahead of now): it is open again and mailed again at that time. */
export const snoozeReminder = (db: DataSource, id: string, at: string, now: Date, staffId: string | undefined, audit: AuditRecorder) =>
  changeReminder(
    db,
    id,
    { set: 'due_at = $2, mailed_at = NULL, done_at = NULL', value: ahead(at, now), action: 'reminder.snooze', field: 'at' },
    now,
    staffId,
    audit,
  );

/** The open reminders of an enquiry, soonest first. */
export async function enquiryReminders(db: DataSource, enquiryId: string, now: Date): Promise<Reminder[]> {
  const rows = await db.query<ReminderRow[]>(
    `SELECT ${columns} FROM ${from} WHERE r.enquiry_id = $1 AND r.done_at IS NULL ORDER BY r.due_at, r.id`,
    [enquiryId],
  );
  return rows.map((r) => toReminder(r, now));
}

/**
 * The open reminders a person set, soonest first (the due ones come first by that order), at most
 * 50; a staff member's only on enquiries still assigned to them.
 */
export async function myReminders(db: DataSource, author: Pick<Author, 'kind' | 'id'>, now: Date): Promise<Reminder[]> {
  const rows = await db.query<ReminderRow[]>(
    `SELECT ${columns} FROM ${from} WHERE r.author_id = $1 AND r.author_kind = $2 AND r.done_at IS NULL
        ${author.kind === 'staff' ? 'AND e.assignee_id = $1' : ''}
      ORDER BY r.due_at, r.id LIMIT 50`,
    [author.id, author.kind],
  );
  return rows.map((r) => toReminder(r, now));
}

/** An enquiry's reminders as timeline entries: each set, and each done. */
export async function reminderEntries(db: DataSource | EntityManager, enquiryId: string): Promise<TimelineEntry[]> {
  const { timezone } = await readGeneralSettings(db);
  const rows = await db.query<(ReminderRow & { created_at: Date })[]>(
    `SELECT ${columns}, r.created_at FROM ${from} WHERE r.enquiry_id = $1 ORDER BY r.created_at, r.id`,
    [enquiryId],
  );
  return rows.flatMap((r) => {
    const set: TimelineEntry = {
      at: r.created_at.toISOString(),
      kind: 'reminder',
      title: `Reminder set for ${toLocalClock(r.due_at, timezone).toISOString().slice(0, 16).replace('T', ' ')} (${timezone})`,
      by: r.author_name,
      ...(r.note ? { text: r.note } : {}),
    };
    const done: TimelineEntry[] = r.done_at
      ? [{ at: r.done_at.toISOString(), kind: 'reminder', title: 'Reminder done', by: r.author_name }]
      : [];
    return [set, ...done];
  });
}

/** How many due reminders one pass mails at most (the next pass, a few seconds on, takes the rest). */
const batch = 100;

/**
 * Mails every reminder whose time has come and that no process has mailed yet: each row is
 * claimed (SKIP LOCKED, so two processes take different rows) and marked in the transaction that
 * queues its mail, so that it is mailed once, and a process stopped mid-way leaves it for the
 * next. Answers how many were mailed.
 */
export async function mailDueReminders(db: DataSource, publicUrl: string, now: Date): Promise<number> {
  return db.transaction(async (m) => {
    const due = await m.query<(ReminderRow & { author_email: string; email: string | null; phone: string | null })[]>(
      `SELECT ${columns}, r.author_email, e.email, e.phone FROM ${from}
        WHERE r.id IN (SELECT id FROM enquiry_reminders WHERE due_at <= $1 AND mailed_at IS NULL AND done_at IS NULL
                        ORDER BY due_at LIMIT ${batch} FOR UPDATE SKIP LOCKED)`,
      [now],
    );
    if (due.length === 0) return 0;
    const { company } = await general(m);
    for (const r of due) {
      const name = asOneLine(r.full_name);
      const where = r.author_kind === 'staff' ? consoleLink(publicUrl, '/staff/dashboard') : enquiryLink(publicUrl, r.enquiry_id);
      await queueMail(m, {
        to: r.author_email,
        subject: `[${company}] Reminder: ${name}`,
        text:
          `You asked to be reminded about the enquiry from ${clientInWords(r)}.\n\n` +
          (r.note ? `Your note:\n\n${quoted(r.note)}\n\n` : '') +
          `Open it: ${where}\nMark the reminder done or snooze it there.` +
          signature(company),
      });
    }
    await m.query(`UPDATE enquiry_reminders SET mailed_at = $2 WHERE id = ANY($1::uuid[])`, [due.map((r) => r.id), now]);
    return due.length;
  });
}

/** Checks every 20 seconds (a reminder is mailed within a minute of its time); answers the function that stops it. */
export function startReminderMailer(db: DataSource, publicUrl: string, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mailDueReminders(db, publicUrl, new Date())
      .catch(onError)
      .finally(() => (running = false));
  }, 20_000);
  timer.unref();
  return () => clearInterval(timer);
}
