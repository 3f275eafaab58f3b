/**
 * The reply clock on the server: an enquiry's due time set when it is stored, the visitor's
 * acknowledgement, the two reminder mails (at the target, and when overdue), and the dashboard's
 * figures. Business hours and the counting are common/src/reply-clock.ts's; the hours come from the
 * company profile, the clock from the General timezone, the targets from their setting.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { addBusinessMinutes, businessHoursOf, businessMinutesBetween, instantInWords, type BusinessHours } from '@kafue/common/reply-clock';
import type { Timezone } from '@kafue/common/contract';
import { adminsWithSettings, asOneLine, clientInWords, consoleLink, enquiryLink, general, signature } from '../mail/notify.js';
import { queueMail } from '../mail/queue.js';
import { enquiryReference, queueEnquiryMail } from './mail.js';
import { readCompanyProfile, readGeneralSettings, readReplyTargets } from '../settings/settings.js';

type Db = DataSource | EntityManager;

interface Clock {
  hours: BusinessHours;
  timezone: Timezone;
  targetMinutes: number;
  maxMinutes: number;
}

async function clockOf(db: Db): Promise<Clock> {
  // One after the other: `db` may be a transaction's one connection.
  const { timezone } = await readGeneralSettings(db);
  const company = await readCompanyProfile(db);
  const targets = await readReplyTargets(db);
  return {
    hours: businessHoursOf(company.openingHours),
    timezone,
    targetMinutes: targets.targetHours * 60,
    maxMinutes: targets.maxHours * 60,
  };
}

/**
 * Starts an enquiry's clock for a message from the client at `receivedAt` (the enquiry itself, or
 * a later message): it awaits our reply from then, a response is due after the most business
 * hours promised, and its reminders fall after the target ones and at the due time (again, for a
 * later message). Answers the due time.
 */
export async function startReplyClock(m: EntityManager, enquiryId: string, receivedAt: Date): Promise<Date> {
  const clock = await clockOf(m);
  const dueAt = addBusinessMinutes(receivedAt, clock.maxMinutes, clock.hours, clock.timezone);
  const remindAt = addBusinessMinutes(receivedAt, clock.targetMinutes, clock.hours, clock.timezone);
  await m.query(
    `UPDATE enquiries SET awaiting_reply_since = $4, response_due_at = $2, remind_at = $3, reminded_at = NULL, overdue_reminded_at = NULL
      WHERE id = $1`,
    [enquiryId, dueAt, remindAt, receivedAt],
  );
  await m.query(
    `INSERT INTO reply_waits (enquiry_id, since, due_at) VALUES ($1, $2, $3)
     ON CONFLICT (enquiry_id, since) DO UPDATE SET due_at = EXCLUDED.due_at, answered_at = NULL`,
    [enquiryId, receivedAt, dueAt],
  );
  return dueAt;
}

/**
 * A message from the client on an enquiry at `at` (in the caller's transaction, which locks the
 * enquiry): a Closed enquiry reopens (Open; its stage stays), and it awaits our reply. An
 * enquiry already awaiting keeps the due time of the client's oldest unanswered message; one
 * reopened starts from this message. Spam stays as it is.
 */
export async function clientMessage(m: EntityManager, enquiryId: string, at: Date): Promise<void> {
  const [row] = await m.query<{ awaiting: boolean; status: string }[]>(
    `SELECT awaiting_reply_since IS NOT NULL AS awaiting, status FROM enquiries WHERE id = $1 FOR UPDATE`,
    [enquiryId],
  );
  if (!row || row.status === 'Spam' || (row.awaiting && row.status !== 'Closed')) return;
  await m.query(`UPDATE enquiries SET status = 'Open', updated_at = now() WHERE id = $1 AND status = 'Closed'`, [enquiryId]);
  await startReplyClock(m, enquiryId, at);
}

/**
 * An enquiry the reply clock should run for and does not: open (not Spam or Closed, not won or
 * lost) without a due time. Only those never answered await a reply.
 */
const withoutClock = `response_due_at IS NULL AND status NOT IN ('Spam', 'Closed') AND stage NOT IN ('won', 'lost')`;

/**
 * Starts the clock of the open enquiries that have none (stored before the reply clock, or kept
 * out of it as Spam): due, by the same hours and targets, from when each was received. A reminder
 * whose time is already past at `now` counts as sent, so that starting late mails no wave of
 * reminders (the inbox shows them overdue). `enquiryId`: that enquiry only. Answers how many.
 */
export async function startMissingClocks(m: EntityManager, now: Date, enquiryId?: string): Promise<number> {
  const rows = await m.query<{ id: string; created_at: Date }[]>(
    `SELECT id, created_at FROM enquiries WHERE ${withoutClock} ${enquiryId ? 'AND id = $1' : ''} ORDER BY id FOR UPDATE`,
    enquiryId ? [enquiryId] : [],
  );
  if (!rows.length) return 0;
  const clock = await clockOf(m);
  const after = (minutes: number) => rows.map((r) => addBusinessMinutes(r.created_at, minutes, clock.hours, clock.timezone));
  await m.query(
    `UPDATE enquiries e SET response_due_at = c.due, remind_at = c.remind,
            awaiting_reply_since = coalesce(e.awaiting_reply_since, CASE WHEN e.first_response_at IS NULL THEN e.created_at END),
            reminded_at = coalesce(e.reminded_at, CASE WHEN c.remind <= $4 THEN $4::timestamptz END),
            overdue_reminded_at = coalesce(e.overdue_reminded_at, CASE WHEN c.due <= $4 THEN $4::timestamptz END)
       FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[]) AS c(id, due, remind) WHERE e.id = c.id`,
    [rows.map((r) => r.id), after(clock.maxMinutes), after(clock.targetMinutes), now],
  );
  // The enquiry's own wait, answered when it first was (if it was).
  await m.query(
    `INSERT INTO reply_waits (enquiry_id, since, due_at, answered_at)
     SELECT e.id, e.created_at, c.due, e.first_response_at FROM unnest($1::uuid[], $2::timestamptz[]) AS c(id, due) JOIN enquiries e ON e.id = c.id
     ON CONFLICT (enquiry_id, since) DO UPDATE SET due_at = EXCLUDED.due_at`,
    [rows.map((r) => r.id), after(clock.maxMinutes)],
  );
  return rows.length;
}

/**
 * At start-up, the clocks missing from open enquiries (enquiries_without_clock finds them, so
 * this reads an empty index and writes nothing when there are none). One process at a time: the
 * next, once the lock is its own, finds the first one's work done.
 */
export async function startOldClocks(db: DataSource, now: Date): Promise<number> {
  const waiting = await db.query<unknown[]>(`SELECT 1 FROM enquiries WHERE ${withoutClock} LIMIT 1`);
  if (!waiting.length) return 0;
  return db.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:reply-clocks'))`);
    return startMissingClocks(m, now);
  });
}

/**
 * A visitor's address mailed an acknowledgement at most once within this: the form must not serve
 * to mail a stranger over and over, and two auto-responders (ours and a client's) never loop.
 */
const acknowledgementGapMinutes = 24 * 60;

/**
 * Tells the visitor their enquiry arrived, with its reference and the time by which the company
 * will reply, unless this address had one within the day. The check and the record are one
 * statement, so that two enquiries at once from one address mail once. It says it is automatic
 * (Auto-Submitted: auto-replied, RFC 3834), so that other auto-responders do not answer it.
 */
export async function acknowledgeEnquiry(
  m: EntityManager,
  enquiry: { id: string; fullName: string; email: string; receivedAt: Date; dueAt: Date },
  publicUrl: string,
): Promise<void> {
  const fresh = await m.query<unknown[]>(
    `INSERT INTO enquiry_acknowledgements (email, sent_at) VALUES (lower($1), $2)
     ON CONFLICT (email) DO UPDATE SET sent_at = excluded.sent_at
      WHERE enquiry_acknowledgements.sent_at <= excluded.sent_at - make_interval(mins => $3)
     RETURNING email`,
    [enquiry.email, enquiry.receivedAt, acknowledgementGapMinutes],
  );
  if (!fresh.length) return;
  // One after the other: `m` is a transaction's one connection.
  const { company, timezone } = await general(m);
  const profile = await readCompanyProfile(m);
  await queueEnquiryMail(m, enquiry.id, 'acknowledgement', {
    to: enquiry.email,
    subject: `${company}: we received your enquiry`,
    text:
      `Hello ${asOneLine(enquiry.fullName)},\n\n` +
      `Thank you for contacting ${company}. Your enquiry arrived; its reference is ${enquiryReference(enquiry.id)}.\n` +
      `We will reply by ${instantInWords(enquiry.dueAt, timezone)}.\n\n` +
      `Replying to this mail reaches us too. Our site: ${publicUrl}/` +
      signature(company),
    replyTo: profile.email,
    headers: { 'Auto-Submitted': 'auto-replied' },
  });
}

/** Forgets acknowledgements older than the gap: they hold nothing back any more. */
export async function purgeAcknowledgements(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM enquiry_acknowledgements WHERE sent_at <= now() - make_interval(mins => $1)`, [acknowledgementGapMinutes]);
}

interface WaitingRow {
  id: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  awaiting_reply_since: Date;
  response_due_at: Date;
  assignee_email: string | null;
  assignee_name: string | null;
}

/** Enquiries taken in one pass; the next pass, a minute on, takes the rest. */
const reminderBatch = 100;

/**
 * Claims the waiting enquiries whose reminder falls by `now` and marks it sent, in `m`'s
 * transaction: SKIP LOCKED and the mark make each go once, whichever process claims it.
 * `overdue`: the second reminder (due time passed; it stands for the first too if that never went).
 */
async function claimReminders(m: EntityManager, overdue: boolean, now: Date): Promise<WaitingRow[]> {
  const [sentColumn, dueColumn] = overdue ? ['overdue_reminded_at', 'response_due_at'] : ['reminded_at', 'remind_at'];
  const [rows] = await m.query<[WaitingRow[], number]>(
    `WITH due AS (
       SELECT id FROM enquiries
        WHERE awaiting_reply_since IS NOT NULL AND ${sentColumn} IS NULL AND status NOT IN ('Spam', 'Closed') AND ${dueColumn} <= $1
          ${overdue ? '' : 'AND response_due_at > $1'}
        ORDER BY ${dueColumn} LIMIT ${reminderBatch} FOR UPDATE SKIP LOCKED)
     UPDATE enquiries e SET ${sentColumn} = $1${overdue ? ', reminded_at = coalesce(e.reminded_at, $1)' : ''}
       FROM due WHERE e.id = due.id
     RETURNING e.id, e.full_name, e.email, e.phone, e.awaiting_reply_since, e.response_due_at,
       (SELECT s.email FROM staff_users s WHERE s.id = e.assignee_id AND s.status = 'Active') AS assignee_email,
       (SELECT s.name FROM staff_users s WHERE s.id = e.assignee_id AND s.status = 'Active') AS assignee_name`,
    [now],
  );
  return rows;
}

/**
 * Sends the reminders due at `now`: at the target without a response, and once more when the due
 * time has passed, to the assignee, or (unassigned) to the admins who asked for new-enquiry mail.
 * Each once across processes. Answers how many enquiries were reminded of.
 */
export async function runReplyReminders(db: DataSource, publicUrl: string, now: Date): Promise<number> {
  let count = 0;
  for (const overdue of [true, false]) {
    count += await db.transaction(async (m) => {
      const rows = await claimReminders(m, overdue, now);
      if (!rows.length) return 0;
      const { company, timezone } = await general(m);
      const admins = (await adminsWithSettings(m)).filter((a) => a.settings.emailEnabled && a.settings.notificationTypes.newEnquiry);
      const hours = Math.round(((await clockOf(m)).targetMinutes / 60) * 10) / 10;
      for (const e of rows) {
        const name = asOneLine(e.full_name);
        const recipients = e.assignee_email ? [{ email: e.assignee_email, name: e.assignee_name ?? '' }] : admins;
        const link = e.assignee_email ? consoleLink(publicUrl, '/staff/dashboard') : enquiryLink(publicUrl, e.id);
        const due = instantInWords(e.response_due_at, timezone);
        const subject = overdue ? `[${company}] Overdue: no response yet to ${name}` : `[${company}] Reply soon: ${name} is waiting`;
        const lead = overdue
          ? `The enquiry from ${clientInWords(e)} was due a response by ${due} and has none yet.`
          : `The enquiry from ${clientInWords(e)} has waited ${hours} business ${hours === 1 ? 'hour' : 'hours'} without a response. It is due by ${due}.`;
        for (const r of recipients) {
          await queueMail(m, {
            to: r.email,
            subject,
            text:
              `Hello ${asOneLine(r.name)},\n\n${lead}\nWaiting since: ${instantInWords(e.awaiting_reply_since, timezone)}.\nOpen it: ${link}` +
              signature(company),
          });
        }
      }
      return rows.length;
    });
  }
  return count;
}

export interface MonthReplyTimes {
  counted: number;
  answeredInTime: number | null;
  medianMinutes: number | null;
}

/**
 * The reply clock's figures for enquiries received in [from, to) (not spam): of those answered or
 * past due at `now`, the share answered by the due time (percent, one decimal), and the median
 * business minutes from receipt to the first response.
 */
export async function replyTimes(db: DataSource, from: Date, to: Date, now: Date): Promise<MonthReplyTimes> {
  const clock = await clockOf(db);
  const rows = await db.query<{ created_at: Date; response_due_at: Date; first_response_at: Date | null }[]>(
    `SELECT created_at, response_due_at, first_response_at FROM enquiries
      WHERE created_at >= $1 AND created_at < $2 AND status <> 'Spam' AND response_due_at IS NOT NULL
        AND (first_response_at IS NOT NULL OR response_due_at <= $3)`,
    [from, to, now],
  );
  if (!rows.length) return { counted: 0, answeredInTime: null, medianMinutes: null };
  const inTime = rows.filter((r) => r.first_response_at && r.first_response_at <= r.response_due_at).length;
  const minutes = rows
    .filter((r) => r.first_response_at)
    .map((r) => businessMinutesBetween(r.created_at, r.first_response_at as Date, clock.hours, clock.timezone))
    .sort((a, b) => a - b);
  const middle = minutes.length >> 1;
  const median = !minutes.length ? null : minutes.length % 2 ? minutes[middle] : (minutes[middle - 1] + minutes[middle]) / 2;
  return { counted: rows.length, answeredInTime: Math.round((inTime / rows.length) * 1000) / 10, medianMinutes: median };
}
