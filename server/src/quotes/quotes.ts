/**
 * Quotes: drafts numbered per year without gaps, edited while draft, sent to the enquirer as a
 * link whose token only the mail holds (its SHA-256 is stored), withdrawn, and accepted or asked
 * about on the public page. Every function that changes a quote runs in one transaction, with
 * the audit row and the mails of the change.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { TimelineEntry } from '@kafue/common/leads';
import { quotePagePath } from '@kafue/common/calls';
import {
  quoteMessages,
  quoteStateOf,
  totalsInWords,
  totalsOf,
  type Quote,
  type QuoteCurrency,
  type QuoteLine,
  type QuoteStatus,
  type QuoteUpdateBody,
} from '@kafue/common/schemas';
import { toLocalClock } from '@kafue/common/time';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { addressKey } from '../auth/limiter.js';
import { assignedTo } from '../auth/sessions.js';
import { clientMessage } from '../enquiries/clock.js';
import { insertNote } from '../enquiries/enquiries.js';
import { queueEnquiryMail } from '../enquiries/mail.js';
import { markQuoted, markWon } from '../enquiries/stage.js';
import { asOneLine, general, quoted, signature, teamToTell } from '../mail/notify.js';
import { queueMail } from '../mail/queue.js';
import { readCompanyProfile, readGeneralSettings } from '../settings/settings.js';
import { brand } from '@kafue/common/brand';
import type { CompanyProfile } from '@kafue/common/company';

type Db = DataSource | EntityManager;

/** Who made a change: a signed-in admin or staff member. */
export interface Author {
  kind: 'admin' | 'staff';
  id: string;
  name: string;
}

/** A quote in the audit log: by its number. */
const target = (q: Quote) => ({ type: 'quote', id: q._id, label: q.number });
/** What the audit log compares of a quote's change. */
const tracked = (q: Quote) => ({
  status: q.status,
  currency: q.currency,
  lines: q.lines,
  vatRate: q.vatRate,
  validUntil: q.validUntil,
  notes: q.notes,
});

interface QuoteRow {
  id: string;
  number: string;
  enquiry_id: string;
  status: QuoteStatus;
  currency: QuoteCurrency;
  lines: QuoteLine[];
  vat_rate: string | null;
  valid_until: string;
  notes: string;
  sent_at: Date | null;
  accepted_at: Date | null;
  accepted_name: string | null;
  accepted_address: string | null;
  withdrawn_at: Date | null;
  created_at: Date;
}
interface QuestionRow {
  quote_id: string;
  name: string;
  text: string;
  created_at: Date;
}

const quoteColumns = `q.id, q.number, q.enquiry_id, q.status, q.currency, q.lines, q.vat_rate, to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until,
  q.notes, q.sent_at, q.accepted_at, q.accepted_name, q.accepted_address, q.withdrawn_at, q.created_at`;

/** Today's date (YYYY-MM-DD) in the company's timezone: a quote is valid through its valid-until day there. */
export async function companyToday(db: Db, now = new Date()): Promise<string> {
  const { timezone } = await readGeneralSettings(db);
  return toLocalClock(now, timezone).toISOString().slice(0, 10);
}

function toQuote(r: QuoteRow, questions: QuestionRow[], today: string): Quote {
  const vatRate = r.vat_rate === null ? null : Number(r.vat_rate);
  return {
    _id: r.id,
    number: r.number,
    enquiryId: r.enquiry_id,
    status: r.status,
    state: quoteStateOf(r.status, r.valid_until, today),
    currency: r.currency,
    lines: r.lines,
    vatRate,
    validUntil: r.valid_until,
    notes: r.notes,
    totals: totalsOf(r.lines, vatRate),
    sentAt: r.sent_at?.toISOString() ?? null,
    acceptedAt: r.accepted_at?.toISOString() ?? null,
    acceptedName: r.accepted_name,
    acceptedAddress: r.accepted_address,
    questions: questions
      .filter((x) => x.quote_id === r.id)
      .map((x) => ({ name: x.name, text: x.text, createdAt: x.created_at.toISOString() })),
    createdAt: r.created_at.toISOString(),
  };
}

async function withQuestions(db: Db, rows: QuoteRow[], now?: Date): Promise<Quote[]> {
  if (!rows.length) return [];
  const questions = await db.query<QuestionRow[]>(
    `SELECT quote_id, author_name AS name, text, created_at FROM enquiry_notes
      WHERE quote_id = ANY($1::uuid[]) AND author_kind = 'client' ORDER BY created_at, id`,
    [rows.map((r) => r.id)],
  );
  const today = await companyToday(db, now);
  return rows.map((r) => toQuote(r, questions, today));
}

/** The enquiry, if it exists and (for a staff member) is assigned to them; 404 otherwise. */
async function assertEnquiry(db: Db, enquiryId: string, author: Author): Promise<void> {
  const mine = assignedTo(author);
  const found = await db.query<unknown[]>(
    `SELECT 1 FROM enquiries WHERE id = $1 ${mine ? 'AND assignee_id = $2' : ''}`,
    mine ? [enquiryId, mine] : [enquiryId],
  );
  if (!found.length) throw notFound();
}

/** An enquiry's quotes, oldest first (404 for a staff member's call on another's enquiry). */
export async function listQuotes(db: Db, enquiryId: string, author: Author, now?: Date): Promise<Quote[]> {
  await assertEnquiry(db, enquiryId, author);
  const rows = await db.query<QuoteRow[]>(`SELECT ${quoteColumns} FROM quotes q WHERE q.enquiry_id = $1 ORDER BY q.created_at, q.id`, [
    enquiryId,
  ]);
  return withQuestions(db, rows, now);
}

/** One quote, locked for the change that reads it; 404 when there is none (or it is another's). */
async function lockQuote(m: EntityManager, id: string, author: Author): Promise<QuoteRow> {
  const mine = assignedTo(author);
  const [row] = await m.query<QuoteRow[]>(
    `SELECT ${quoteColumns} FROM quotes q JOIN enquiries e ON e.id = q.enquiry_id
      WHERE q.id = $1 ${mine ? 'AND e.assignee_id = $2' : ''} FOR UPDATE OF q`,
    mine ? [id, mine] : [id],
  );
  if (!row) throw notFound();
  return row;
}

export async function readQuote(db: Db, id: string, author: Author, now?: Date): Promise<Quote> {
  const mine = assignedTo(author);
  const [row] = await db.query<QuoteRow[]>(
    `SELECT ${quoteColumns} FROM quotes q JOIN enquiries e ON e.id = q.enquiry_id
      WHERE q.id = $1 ${mine ? 'AND e.assignee_id = $2' : ''}`,
    mine ? [id, mine] : [id],
  );
  if (!row) throw notFound();
  return (await withQuestions(db, [row], now))[0];
}

/**
 * The next number of the year: the year's counter row, incremented and so locked until the
 * creating transaction ends. A second process creating at once waits for it, and a rolled-back
 * creation takes its increment with it: numbers run without gaps or duplicates.
 */
async function nextNumber(m: EntityManager, year: number): Promise<{ seq: number; number: string }> {
  const [{ last }] = await m.query<[{ last: number }]>(
    `INSERT INTO quote_counters (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = quote_counters.last + 1 RETURNING last`,
    [year],
  );
  return { seq: last, number: `Q-${year}-${String(last).padStart(4, '0')}` };
}

const stored = (body: QuoteUpdateBody & { lines: QuoteLine[] }) => {
  const totals = totalsOf(body.lines, body.vatRate ?? null);
  return [
    body.currency,
    JSON.stringify(body.lines),
    body.vatRate ?? null,
    body.validUntil,
    body.notes ?? '',
    totals.totalOnce,
    totals.totalMonthly,
  ];
};

/** A new draft on the enquiry, numbered in the company's year. */
export async function createQuote(
  db: DataSource,
  body: QuoteUpdateBody & { enquiryId: string; lines: QuoteLine[] },
  author: Author,
  audit: AuditRecorder,
): Promise<Quote> {
  const now = new Date();
  return db.transaction(async (m) => {
    await assertEnquiry(m, body.enquiryId, author);
    const { timezone } = await readGeneralSettings(m);
    const year = toLocalClock(now, timezone).getUTCFullYear();
    const { seq, number } = await nextNumber(m, year);
    const [{ id }] = await m.query<[{ id: string }]>(
      `INSERT INTO quotes (number, year, seq, enquiry_id, currency, lines, vat_rate, valid_until, notes, total_once, total_monthly,
                           created_by_kind, created_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [number, year, seq, body.enquiryId, ...stored(body), author.kind, author.id],
    );
    const created = await readQuote(m, id, author, now);
    await audit(m, { action: 'quote.create', target: target(created), changes: diff(null, tracked(created)) });
    return created;
  });
}

/** A draft's new content (409 once it is sent); answers it changed. */
export async function updateQuote(
  db: DataSource,
  id: string,
  body: QuoteUpdateBody & { lines: QuoteLine[] },
  author: Author,
  audit: AuditRecorder,
): Promise<Quote> {
  return db.transaction(async (m) => {
    const row = await lockQuote(m, id, author);
    if (row.status !== 'draft') throw new HttpError(409, quoteMessages.notDraft);
    const before = await readQuote(m, id, author);
    await m.query(
      `UPDATE quotes SET currency = $2, lines = $3, vat_rate = $4, valid_until = $5, notes = $6, total_once = $7, total_monthly = $8,
              updated_at = now() WHERE id = $1`,
      [id, ...stored(body)],
    );
    const after = await readQuote(m, id, author);
    await audit(m, { action: 'quote.update', target: target(after), changes: diff(tracked(before), tracked(after)) });
    return after;
  });
}

/** The company as its documents (the quote page, PDFs, receipts) name it: the Site Name, and its contact points. */
export async function documentCompany(db: Db): Promise<{ name: string; profile: CompanyProfile }> {
  const [general, profile] = await Promise.all([readGeneralSettings(db), readCompanyProfile(db)]);
  return { name: general.siteName.replace(/\s+/g, ' ').trim() || brand.company, profile };
}

/** The mails' company name and reply address. */
export async function company(m: Db) {
  const { company: name, adminEmail } = await general(m);
  return { name, replyTo: adminEmail || undefined };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a draft: a fresh token (32 random bytes; only its hash is kept), the enquirer mailed the
 * link, the enquiry moved to `quoted`.
 */
export async function sendQuote(db: DataSource, id: string, author: Author, publicUrl: string, audit: AuditRecorder): Promise<Quote> {
  return db.transaction(async (m) => {
    const row = await lockQuote(m, id, author);
    if (row.status !== 'draft') throw new HttpError(409, quoteMessages.notDraft);
    if (row.valid_until < (await companyToday(m))) throw new HttpError(409, quoteMessages.pastValidity);
    const [enquiry] = await m.query<{ full_name: string; email: string | null }[]>(`SELECT full_name, email FROM enquiries WHERE id = $1`, [
      row.enquiry_id,
    ]);
    // A quote goes by mail (its link is its key): a client who only wrote on WhatsApp must give an address first.
    if (!enquiry.email) throw new HttpError(409, quoteMessages.noEmail);
    const token = randomBytes(32).toString('base64url');
    await m.query(`UPDATE quotes SET status = 'sent', token_hash = $2, sent_at = now(), updated_at = now() WHERE id = $1`, [
      id,
      tokenHash(token),
    ]);
    await markQuoted(m, row.enquiry_id);
    const { name, replyTo } = await company(m);
    const amounts = totalsInWords(totalsOf(row.lines, row.vat_rate === null ? null : Number(row.vat_rate)), row.currency);
    await queueEnquiryMail(m, row.enquiry_id, 'quote', {
      to: enquiry.email,
      subject: `[${name}] Your quote ${row.number}`,
      text:
        `Hello ${asOneLine(enquiry.full_name)},\n\nThank you for your enquiry. Your quote ${row.number}` +
        (amounts ? ` (${amounts})` : '') +
        ` is ready, valid until ${row.valid_until}.\n\nRead it, download it as a PDF, accept it or ask us a question here:\n` +
        `${publicUrl}${quotePagePath}/${token}` +
        signature(name),
      replyTo,
    });
    const sent = await readQuote(m, id, author);
    await audit(m, { action: 'quote.send', target: target(sent), changes: { status: { old: 'draft', new: 'sent' } } });
    return sent;
  });
}

/** Withdraws a draft or a sent quote: its link then says so and cannot accept it. */
export async function withdrawQuote(db: DataSource, id: string, author: Author, audit: AuditRecorder): Promise<Quote> {
  return db.transaction(async (m) => {
    const before = await readQuote(m, id, author);
    const row = await lockQuote(m, id, author);
    if (row.status !== 'draft' && row.status !== 'sent') throw new HttpError(409, quoteMessages.notSent);
    await m.query(`UPDATE quotes SET status = 'withdrawn', withdrawn_at = now(), updated_at = now() WHERE id = $1`, [id]);
    const withdrawn = await readQuote(m, id, author);
    await audit(m, { action: 'quote.withdraw', target: target(withdrawn), changes: { status: { old: before.status, new: 'withdrawn' } } });
    return withdrawn;
  });
}

// ---------------------------------------------------------------------------------------------
// The public page

/** The quote a link's token hash ($1) opens: the link of the quote's mail, or one mailed since (an invoice's). */
const byToken = `(q.token_hash = $1 OR q.id = (SELECT quote_id FROM quote_links WHERE token_hash = $1))`;

/**
 * A further link to a sent quote's page, for a later mail (an invoice): a token of its own, only
 * its hash kept, so that each mail's link works and none is stored readable.
 */
export async function newQuoteLink(m: EntityManager, quoteId: string, publicUrl: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await m.query(`INSERT INTO quote_links (token_hash, quote_id) VALUES ($1, $2)`, [tokenHash(token), quoteId]);
  return `${publicUrl}${quotePagePath}/${token}`;
}

/** A sent (or since accepted, withdrawn) quote by its link's token; undefined for none. */
export async function quoteByToken(db: Db, token: string, now?: Date): Promise<Quote | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db.query<QuoteRow[]>(`SELECT ${quoteColumns} FROM quotes q WHERE ${byToken}`, [tokenHash(token)]);
  return row && (await withQuestions(db, [row], now))[0];
}

/** A locked quote by its token, for a change from the public page (404 for none). */
async function lockByToken(m: EntityManager, token: string): Promise<QuoteRow> {
  const [row] = /^[A-Za-z0-9_-]{43}$/.test(token)
    ? await m.query<QuoteRow[]>(`SELECT ${quoteColumns} FROM quotes q WHERE ${byToken} FOR UPDATE`, [tokenHash(token)])
    : [];
  if (!row) throw new HttpError(404, quoteMessages.notFound);
  return row;
}

/** A quote by its link's token, locked for a change its page makes (404 for none): a payment on it. */
export async function lockQuoteByToken(m: EntityManager, token: string, now?: Date): Promise<Quote> {
  return (await withQuestions(m, [await lockByToken(m, token)], now))[0];
}

/** A quote by id, locked for a change (404 for none, or for a staff member's call on another's). */
export async function lockQuoteFor(m: EntityManager, id: string, author: Author, now?: Date): Promise<Quote> {
  return (await withQuestions(m, [await lockQuote(m, id, author)], now))[0];
}

/**
 * Accepts a sent quote once, before its valid-until day ends: records who, when and from which
 * address, moves the enquiry to `won`, and tells the assignee and the admins. 409 with the reason
 * when it was withdrawn, has expired or was accepted already.
 */
export async function acceptQuote(db: DataSource, token: string, name: string, address: string, audit: AuditRecorder): Promise<void> {
  const now = new Date();
  await db.transaction(async (m) => {
    const row = await lockByToken(m, token);
    const state = quoteStateOf(row.status, row.valid_until, await companyToday(m, now));
    if (state !== 'sent') {
      const reason =
        state === 'accepted' ? quoteMessages.alreadyAccepted : state === 'withdrawn' ? quoteMessages.withdrawn : quoteMessages.expired;
      throw new HttpError(409, reason);
    }
    await m.query(
      `UPDATE quotes SET status = 'accepted', accepted_at = $2, accepted_name = $3, accepted_address = $4, updated_at = now() WHERE id = $1`,
      [row.id, now, name, address.slice(0, 64)],
    );
    await markWon(m, row.enquiry_id);
    const { assignee, admins } = await teamToTell(m, row.enquiry_id);
    const { name: companyName } = await company(m);
    const [enquiry] = await m.query<{ full_name: string }[]>(`SELECT full_name FROM enquiries WHERE id = $1`, [row.enquiry_id]);
    const recipients = [...new Set([...(assignee ? [assignee.email] : []), ...admins])];
    for (const to of recipients) {
      await queueMail(m, {
        to,
        subject: `[${companyName}] Quote ${row.number} accepted by ${name}`,
        text:
          `${name} accepted quote ${row.number} on the enquiry from ${asOneLine(enquiry.full_name)}; ` +
          `the enquiry is now Won.` +
          signature(companyName),
      });
    }
    const [accepted] = await withQuestions(
      m,
      [{ ...row, status: 'accepted', accepted_at: now, accepted_name: name, accepted_address: address }],
      now,
    );
    // By the visitor: no actor; the name they gave and their address are the quote's record.
    await audit(m, {
      action: 'quote.accept',
      actor: null,
      target: target(accepted),
      changes: { status: { old: 'sent', new: 'accepted' }, acceptedName: { new: name } },
    });
  });
}

/**
 * A question from the quote's page: a note on its enquiry, written by the client (the console
 * shows it with the other notes and on the timeline), and mailed to the assignee, or the admins.
 * A message from the client: the enquiry awaits our reply (reopened if it was Closed).
 */
export async function askAboutQuote(
  db: DataSource,
  token: string,
  name: string,
  text: string,
  address: string,
  audit: AuditRecorder,
): Promise<void> {
  await db.transaction(async (m) => {
    const row = await lockByToken(m, token);
    const note = await insertNote(m, row.enquiry_id, text, { kind: 'client', name, quoteId: row.id, address });
    await clientMessage(m, row.enquiry_id, new Date(note!.createdAt));
    const { assignee, admins } = await teamToTell(m, row.enquiry_id);
    const { name: companyName } = await company(m);
    const [enquiry] = await m.query<{ email: string }[]>(`SELECT email FROM enquiries WHERE id = $1`, [row.enquiry_id]);
    for (const to of assignee ? [assignee.email] : admins) {
      await queueMail(m, {
        to,
        subject: `[${companyName}] A question about quote ${row.number}`,
        text: `${name} asked about quote ${row.number}. Replying to this mail answers them.\n\n` + quoted(text) + signature(companyName),
        replyTo: enquiry.email,
      });
    }
    const [asked] = await withQuestions(m, [row]);
    await audit(m, { action: 'quote.question', actor: null, target: target(asked), changes: { question: { new: text } } });
  });
}

// ---------------------------------------------------------------------------------------------
// The enquiry's timeline

/** An enquiry's quotes as timeline entries: each made, sent, withdrawn and accepted (questions are notes: timeline.ts). */
export async function quoteEntries(db: Db, enquiryId: string): Promise<TimelineEntry[]> {
  const rows = await db.query<(QuoteRow & { author_name: string | null })[]>(
    `SELECT ${quoteColumns}, coalesce(a.name, s.name) AS author_name FROM quotes q
       LEFT JOIN admins a ON q.created_by_kind = 'admin' AND a.id = q.created_by_id
       LEFT JOIN staff_users s ON q.created_by_kind = 'staff' AND s.id = q.created_by_id
      WHERE q.enquiry_id = $1 ORDER BY q.created_at, q.id`,
    [enquiryId],
  );
  const entries: TimelineEntry[] = [];
  const quotes = await withQuestions(db, rows);
  rows.forEach((r, i) => {
    const q = quotes[i];
    const totals = totalsInWords(q.totals, q.currency);
    entries.push({
      at: q.createdAt,
      kind: 'quote',
      title: `Quote ${q.number} drafted`,
      text: totals || undefined,
      ...(r.author_name ? { by: r.author_name } : {}),
    });
    if (r.sent_at) entries.push({ at: r.sent_at.toISOString(), kind: 'quote', title: `Quote ${q.number} sent` });
    if (r.withdrawn_at) entries.push({ at: r.withdrawn_at.toISOString(), kind: 'quote', title: `Quote ${q.number} withdrawn` });
    if (r.accepted_at) {
      entries.push({
        at: r.accepted_at.toISOString(),
        kind: 'quote',
        title: `Quote ${q.number} accepted`,
        by: r.accepted_name ?? undefined,
      });
    }
  });
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** Posts from the quote page allowed per client address within the enquiry window. */
export const quotePostsPerAddress = 10;

/**
 * Counts a post from the quote page against its client address `ip` (in the enquiry limiter's
 * table, under its own key, so that several processes share the count); 429 past the limit. One
 * statement of its own: a refused post counts too.
 */
export async function countQuotePost(db: DataSource, ip: string, windowMinutes: number): Promise<void> {
  const [{ hits, retry }] = await db.query<[{ hits: number; retry: number }]>(
    `INSERT INTO enquiry_rate (address, hits, window_start) VALUES ($1, 1, now())
     ON CONFLICT (address) DO UPDATE SET
       hits = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2) THEN enquiry_rate.hits + 1 ELSE 1 END,
       window_start = CASE WHEN enquiry_rate.window_start > now() - make_interval(mins => $2) THEN enquiry_rate.window_start ELSE now() END
     RETURNING hits, ceil(extract(epoch FROM window_start + make_interval(mins => $2) - now()))::int AS retry`,
    [`quote:${addressKey(ip)}`.slice(0, 64), windowMinutes],
  );
  if (hits > quotePostsPerAddress) {
    throw new HttpError(429, quoteMessages.tooMany, undefined, { 'Retry-After': String(Math.max(1, retry)) });
  }
}
