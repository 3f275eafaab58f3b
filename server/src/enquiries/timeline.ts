/**
 * An enquiry's timeline: every event on it in time order, each source (the enquiry itself, notes,
 * replies, contacts...) a function of its own, so that another part adds its events by adding
 * one function to `timelineSources`.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { contactChannelLabels, type ContactChannel, type TimelineEntry } from '@kafue/common/leads';
import { messageEntries } from '../conversations/messages.js';
import { paymentEntries } from '../payments/payments.js';
import { quoteEntries } from '../quotes/quotes.js';
import { reminderEntries } from '../reminders/reminders.js';

type Db = DataSource | EntityManager;
type TimelineSource = (db: Db, enquiryId: string) => Promise<TimelineEntry[]>;

export const receivedEntries: TimelineSource = async (db, id) => {
  const rows = await db.query<{ created_at: Date; full_name: string }[]>(`SELECT created_at, full_name FROM enquiries WHERE id = $1`, [id]);
  return rows.map((r) => ({ at: r.created_at.toISOString(), kind: 'received', title: `Enquiry received from ${r.full_name}` }));
};

/** The team's notes, and the client's questions on a quote (notes the client wrote). */
export const noteEntries: TimelineSource = async (db, id) => {
  const rows = await db.query<{ created_at: Date; text: string; author_name: string; quote_number: string | null }[]>(
    `SELECT n.created_at, n.text, n.author_name, q.number AS quote_number
       FROM enquiry_notes n LEFT JOIN quotes q ON q.id = n.quote_id WHERE n.enquiry_id = $1`,
    [id],
  );
  return rows.map((r) => ({
    at: r.created_at.toISOString(),
    kind: 'note',
    title: r.quote_number ? `Question about quote ${r.quote_number}` : 'Note added',
    text: r.text,
    by: r.author_name,
  }));
};

/**
 * A reply's delivery, read from its mail_queue row: gone once the SMTP server took it, attempts
 * counted while it fails (the sender retries); Bounced once the client's server sent it back.
 */
function deliveryState(queued: boolean, attempts: number | null, bounced: boolean): string {
  if (bounced) return 'Bounced';
  if (!queued) return 'Delivered';
  return attempts ? 'Failed, retrying' : 'Waiting to send';
}

export const replyEntries: TimelineSource = async (db, id) => {
  const rows = await db.query<
    {
      created_at: Date;
      subject: string;
      body: string;
      author_name: string;
      queued: boolean;
      attempts: number | null;
      bounced_at: Date | null;
      bounce_reason: string | null;
    }[]
  >(
    `SELECT r.created_at, r.subject, r.body, r.author_name, q.id IS NOT NULL AS queued, q.attempts, r.bounced_at, r.bounce_reason
       FROM enquiry_replies r LEFT JOIN mail_queue q ON q.id = r.mail_id WHERE r.enquiry_id = $1`,
    [id],
  );
  return rows.map((r) => ({
    at: r.created_at.toISOString(),
    kind: 'reply',
    title: `Reply sent: ${r.subject}`,
    text: r.body,
    by: r.author_name,
    state: deliveryState(r.queued, r.attempts, r.bounced_at !== null),
    ...(r.bounce_reason ? { stateReason: r.bounce_reason } : {}),
  }));
};

export const contactEntries: TimelineSource = async (db, id) => {
  const rows = await db.query<{ created_at: Date; channel: ContactChannel; note: string; author_name: string }[]>(
    `SELECT created_at, channel, note, author_name FROM enquiry_contacts WHERE enquiry_id = $1`,
    [id],
  );
  return rows.map((r) => ({
    at: r.created_at.toISOString(),
    kind: 'contact',
    title: `Contact logged: ${contactChannelLabels[r.channel]}`,
    ...(r.note ? { text: r.note } : {}),
    by: r.author_name,
  }));
};

export const timelineSources: TimelineSource[] = [
  receivedEntries,
  noteEntries,
  replyEntries,
  contactEntries,
  quoteEntries,
  reminderEntries,
  paymentEntries,
  messageEntries,
];

/**
 * The enquiry's events, oldest first (an event and the enquiry's arrival at one instant: the
 * arrival first, as the sources are listed); undefined when there is no such enquiry, or, with
 * `assigneeId`, none assigned to that staff member.
 */
export async function timelineOf(db: Db, enquiryId: string, assigneeId?: string): Promise<TimelineEntry[] | undefined> {
  const visible = await db.query<unknown[]>(
    `SELECT 1 FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $2' : ''}`,
    assigneeId ? [enquiryId, assigneeId] : [enquiryId],
  );
  if (!visible.length) return undefined;
  const parts = await Promise.all(timelineSources.map((source) => source(db, enquiryId)));
  // Array.prototype.sort is stable: entries at one instant keep their sources' order.
  return parts.flat().sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
