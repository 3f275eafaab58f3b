/**
 * Payments on accepted quotes by mobile money, through pawaPay (pawapay.ts).
 *
 * A payment is stored under a new depositId before pawaPay is called, so that an answer lost on
 * the way is found again by the status check under that same id, never sent under a second one.
 * Its state is only ever what pawaPay's status check answers: a callback is a sign to look, not
 * a fact. A payment settles once: the row is locked and must still be waiting, so duplicate,
 * late or out-of-order callbacks and two processes checking at once record it one time, with
 * one receipt number (per year without gaps, as quote numbers).
 */
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  depositMinor,
  formatMinor,
  minorToDecimal,
  mobileNetworkLabels,
  payableMinor,
  paymentMessages,
  toMinor,
  usdToZmwMinor,
  zambianMobile,
  type MobileNetwork,
  type Payment,
  type PaymentRequest,
  type PaymentSettings,
  type PaymentSettingsBody,
  type PayerPayment,
  type QuotePayments,
} from '@kafue/common/payments';
import type { TimelineEntry } from '@kafue/common/leads';
import type { Quote, QuoteCurrency } from '@kafue/common/schemas';
import { toLocalClock } from '@kafue/common/time';
import { writeAudit, type AuditActor, type AuditInput, type AuditRecorder } from '../audit/audit.js';
import { HttpError } from '../http/errors.js';
import { addressKey } from '../auth/limiter.js';
import { countFormPost } from '../enquiries/enquiries.js';
import { queueEnquiryMail } from '../enquiries/mail.js';
import { queueMail } from '../mail/queue.js';
import { asOneLine, signature, teamToTell } from '../mail/notify.js';
import { company, documentCompany, lockQuoteByToken, lockQuoteFor, readQuote, type Author } from '../quotes/quotes.js';
import { readGeneralSettings, readPaymentSettings, settingsPages, updateSettings } from '../settings/settings.js';
import { PawapayClient, type DepositState, type Initiation, type PawapayProvider } from './pawapay.js';
import type { Config } from '../config.js';
import { receiptPdf } from './receipt.js';

type Db = DataSource | EntityManager;

const providers: Record<MobileNetwork, PawapayProvider> = { MTN: 'MTN_MOMO_ZMB', AIRTEL: 'AIRTEL_OAPI_ZMB', ZAMTEL: 'ZAMTEL_ZMB' };

/** Who settles a payment in the audit log: pawaPay's answer, read by the status check. */
const checkerActor: AuditActor = { kind: 'system', id: null, name: 'mobile money check', email: null };

/** The first status check this long after a payment starts; each next one twice as far, at most an hour apart. */
export const firstCheckMs = 30_000;
const longestCheckGapMs = 60 * 60_000;
/** How long the clock checks a payment without a final state (the networks settle within minutes). */
export const checkForMs = 24 * 60 * 60_000;
/** A claimed check is the claimant's this long: another process takes it over only after. */
const checkLeaseMs = 2 * 60_000;

const payPerAddress = { minutes: 10, max: 10 };
export const payPerQuoteHourly = 20;

interface PaymentRow {
  id: string;
  quote_id: string;
  purpose: 'deposit' | 'request';
  request_id: string | null;
  amount_minor: string;
  quote_amount_minor: string;
  quote_currency: QuoteCurrency;
  rate: string | null;
  network: MobileNetwork;
  phone: string;
  status: Payment['status'];
  initiated: boolean;
  failure_code: string | null;
  failure_message: string | null;
  provider_transaction_id: string | null;
  receipt_number: string | null;
  checks: number;
  created_at: Date;
  settled_at: Date | null;
}

const columns = `p.id, p.quote_id, p.purpose, p.request_id, p.amount_minor, p.quote_amount_minor, p.quote_currency, p.rate::text AS rate,
  p.network, p.phone, p.status, p.initiated, p.failure_code, p.failure_message, p.provider_transaction_id, p.receipt_number,
  p.checks, p.created_at, p.settled_at`;

function toPayment(r: PaymentRow): Payment {
  return {
    _id: r.id,
    quoteId: r.quote_id,
    purpose: r.purpose,
    requestId: r.request_id,
    status: r.status,
    amount: minorToDecimal(Number(r.amount_minor)),
    currency: 'ZMW',
    quoteAmount: minorToDecimal(Number(r.quote_amount_minor)),
    quoteCurrency: r.quote_currency,
    rate: r.rate,
    network: r.network,
    phone: `+${r.phone}`,
    failureMessage: r.failure_message,
    providerTransactionId: r.provider_transaction_id,
    receiptNumber: r.receipt_number,
    createdAt: r.created_at.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
  };
}

/** A payment in the audit log: the quote's number and the amount. */
const target = (r: Pick<PaymentRow, 'id' | 'amount_minor'>, quoteNumber: string) => ({
  type: 'payment',
  id: r.id,
  label: `${quoteNumber}: ${formatMinor(Number(r.amount_minor), 'ZMW')}`,
});
/** The payer's number with its middle hidden, as the audit log keeps it. */
const maskedPhone = (phone: string) => `+${phone.slice(0, 5)}•••${phone.slice(-3)}`;

/** pawaPay's client from the configuration; none without PAWAPAY_TOKEN (nothing can be paid). */
export const pawapayOf = (config: Pick<Config, 'pawapay'>): PawapayClient | undefined =>
  config.pawapay && new PawapayClient({ baseUrl: config.pawapay.url, token: config.pawapay.token, timeoutMs: config.pawapay.timeoutMs });

// ---------------------------------------------------------------------------------------------
// Settings

export async function paymentSettingsOf(db: Db, pawapayConfigured: boolean): Promise<PaymentSettings> {
  const stored = await readPaymentSettings(db);
  const [{ at }] = await db.query<[{ at: Date | null }]>(`SELECT max(last_callback_at) AS at FROM payments`);
  return { ...stored, pawapayConfigured, lastCallbackAt: at?.toISOString() ?? null };
}

/** Saves the deposit percent and the rate; the rate's date moves only when the rate changes. */
export async function savePaymentSettings(
  db: DataSource,
  body: PaymentSettingsBody,
  audit: AuditRecorder,
  now = new Date(),
): Promise<void> {
  const before = await readPaymentSettings(db);
  const rateSetAt = body.usdToZmw === before.usdToZmw ? before.rateSetAt : body.usdToZmw === null ? null : now.toISOString();
  await updateSettings(db, audit, settingsPages.payments, { ...body, rateSetAt });
}

// ---------------------------------------------------------------------------------------------
// What a quote asks now

async function paymentRows(db: Db, quoteId: string): Promise<PaymentRow[]> {
  return db.query<PaymentRow[]>(`SELECT ${columns} FROM payments p WHERE p.quote_id = $1 ORDER BY p.created_at, p.id`, [quoteId]);
}

interface RequestRow {
  id: string;
  quote_id: string;
  amount_minor: string;
  currency: QuoteCurrency;
  status: 'open' | 'paid';
  created_at: Date;
}
const requestColumns = `r.id, r.quote_id, r.amount_minor, q.currency, r.status, r.created_at`;
async function requestRows(db: Db, quoteId: string): Promise<RequestRow[]> {
  return db.query<RequestRow[]>(
    `SELECT ${requestColumns} FROM payment_requests r JOIN quotes q ON q.id = r.quote_id WHERE r.quote_id = $1 ORDER BY r.created_at, r.id`,
    [quoteId],
  );
}

/** In the quote's currency: what it is paid toward, what completed payments count for, and what is left. */
function balanceOf(quote: Quote, payments: PaymentRow[]) {
  const payable = payableMinor(quote.totals);
  const paid = payments.filter((p) => p.status === 'completed').reduce((sum, p) => sum + Number(p.quote_amount_minor), 0);
  return { payable, paid, balance: Math.max(0, payable - paid) };
}

/**
 * What the payer is asked for now, in the quote's currency: the deposit until one completed, then
 * the oldest open payment request; never more than the balance. Undefined: nothing is due.
 */
function dueNow(quote: Quote, payments: PaymentRow[], requests: RequestRow[], depositPercent: number) {
  const { balance } = balanceOf(quote, payments);
  if (balance <= 0) return undefined;
  if (!payments.some((p) => p.purpose === 'deposit' && p.status === 'completed')) {
    return { purpose: 'deposit' as const, requestId: null, quoteMinor: Math.min(depositMinor(quote.totals, depositPercent), balance) };
  }
  const open = requests.find((r) => r.status === 'open');
  return open && { purpose: 'request' as const, requestId: open.id, quoteMinor: Math.min(Number(open.amount_minor), balance) };
}

/** What the quote's page offers to pay now, in kwacha (with the rate for a USD quote); undefined: nothing, or no rate yet. */
export interface PayOffer {
  purpose: 'deposit' | 'request';
  requestId: string | null;
  quoteMinor: number;
  zmwMinor: number;
  rate: string | null;
  rateSetAt: string | null;
}

async function offerFor(db: Db, quote: Quote, payments: PaymentRow[]): Promise<PayOffer | { error: string } | undefined> {
  const settings = await readPaymentSettings(db);
  const due = dueNow(quote, payments, await requestRows(db, quote._id), settings.depositPercent);
  if (!due || due.quoteMinor <= 0) return undefined;
  if (quote.currency === 'ZMW') return { ...due, zmwMinor: due.quoteMinor, rate: null, rateSetAt: null };
  if (!settings.usdToZmw) return { error: paymentMessages.noRate };
  return { ...due, zmwMinor: usdToZmwMinor(due.quoteMinor, settings.usdToZmw), rate: settings.usdToZmw, rateSetAt: settings.rateSetAt };
}

/** What the public page shows of a quote's payments: the offer (when accepted), the payments, the balance. */
export async function payerView(db: Db, quote: Quote, configured: boolean) {
  const rows = await paymentRows(db, quote._id);
  const due = quote.state === 'accepted' ? await offerFor(db, quote, rows) : undefined;
  const offer = due && !configured ? { error: paymentMessages.notConfigured } : due;
  const payments = rows.map(toPayment);
  return { offer, payments, waiting: payments.find((p) => p.status === 'waiting') };
}

// ---------------------------------------------------------------------------------------------
// The payer's page

export function payerPaymentOf(p: Payment, receiptUrl: (id: string) => string): PayerPayment {
  return {
    _id: p._id,
    status: p.status,
    amount: p.amount,
    currency: 'ZMW',
    network: p.network,
    message:
      p.status === 'completed'
        ? paymentMessages.received
        : p.status === 'failed'
          ? (p.failureMessage ?? paymentMessages.failedFallback)
          : paymentMessages.approve,
    receiptNumber: p.receiptNumber,
    receiptUrl: p.receiptNumber ? receiptUrl(p._id) : null,
  };
}

/** A payment of the quote whose link the payer holds (404 for another quote's). */
export async function paymentOnQuote(db: Db, quoteId: string, paymentId: string): Promise<Payment> {
  const [row] = await db.query<PaymentRow[]>(`SELECT ${columns} FROM payments p WHERE p.id = $1 AND p.quote_id = $2`, [paymentId, quoteId]);
  if (!row) throw new HttpError(404, 'There is no such payment on this quote.');
  return toPayment(row);
}

/** Counts a Pay call from the client address `ip`, in a statement of its own so that refused ones count too; 429 past 10 in 10 minutes. */
export async function countPayAttempt(db: DataSource, ip: string): Promise<void> {
  await db.transaction((m) => countFormPost(m, `pay:${addressKey(ip)}`.slice(0, 64), payPerAddress, paymentMessages.tooMany));
}

/** Thrown by startPayment when one waits already: the call answers 409 with its state. */
export class PaymentWaiting extends Error {
  constructor(readonly payment: Payment) {
    super(paymentMessages.waitingAlready);
  }
}

/** The 4 to 22 characters pawaPay shows the payer: the company's name, as much as fits. */
export function customerMessageOf(siteName: string): string {
  const name = siteName
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 22)
    .trim();
  return name.length >= 4 ? name : `${name} pay`.trim().padEnd(4, '0');
}

interface PayInput {
  token: string;
  network: MobileNetwork;
  phone: string;
  address: string;
}

/**
 * The Pay call: stores a payment for what the quote asks now (the server decides the amount) under
 * a new depositId, commits, then asks pawaPay. 400 for a number that is not the network's; 409 when
 * the quote cannot be paid, nothing is due, or one payment waits already (PaymentWaiting); 429 past
 * 20 a quote in an hour.
 */
export async function startPayment(
  db: DataSource,
  pawapay: PawapayClient | undefined,
  input: PayInput,
  audit: AuditRecorder,
  now = new Date(),
): Promise<Payment> {
  if (!pawapay) throw new HttpError(409, paymentMessages.notConfigured);
  const number = zambianMobile(input.network, input.phone);
  if ('error' in number) throw new HttpError(400, number.error, { phone: number.error });
  const { row, quote } = await db.transaction(async (m) => {
    const quote = await lockQuoteByToken(m, input.token, now);
    if (quote.state !== 'accepted') throw new HttpError(409, paymentMessages.notPayable);
    // The quote's payments, read once under its lock: the one waiting, the last hour's, what is due.
    const payments = await paymentRows(m, quote._id);
    const waiting = payments.find((p) => p.status === 'waiting');
    if (waiting) throw new PaymentWaiting(toPayment(waiting));
    const hourAgo = now.getTime() - 60 * 60_000;
    if (payments.filter((p) => p.created_at.getTime() > hourAgo).length >= payPerQuoteHourly) {
      throw new HttpError(429, paymentMessages.tooMany);
    }
    const offer = await offerFor(m, quote, payments);
    if (!offer) throw new HttpError(409, paymentMessages.nothingDue);
    if ('error' in offer) throw new HttpError(409, offer.error);
    const [row] = await m.query<PaymentRow[]>(
      `INSERT INTO payments AS p (id, quote_id, purpose, request_id, amount_minor, quote_amount_minor, quote_currency, rate, network, phone,
                             payer_address, next_check_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${columns}`,
      [
        randomUUID(),
        quote._id,
        offer.purpose,
        offer.requestId,
        offer.zmwMinor,
        offer.quoteMinor,
        quote.currency,
        offer.rate,
        input.network,
        number.phone,
        input.address.slice(0, 64),
        new Date(now.getTime() + firstCheckMs),
        now,
      ],
    );
    return { row, quote };
  });
  const outcome = await pawapay.initiateDeposit(await depositRequest(db, row, quote.number));
  return db.transaction(async (m) => {
    const recorded = await recordInitiation(m, row.id, outcome, now);
    await audit(m, {
      action: 'payment.start',
      actor: null,
      target: target(row, quote.number),
      changes: {
        status: { new: recorded.status },
        network: { new: mobileNetworkLabels[row.network] },
        phone: { new: maskedPhone(row.phone) },
        ...(recorded.failure_message ? { reason: { new: recorded.failure_message } } : {}),
      },
    });
    return toPayment(recorded);
  });
}

async function depositRequest(db: Db, row: PaymentRow, quoteNumber: string) {
  const { siteName } = await readGeneralSettings(db);
  return {
    depositId: row.id,
    amount: minorToDecimal(Number(row.amount_minor)),
    phoneNumber: row.phone,
    provider: providers[row.network],
    clientReferenceId: quoteNumber,
    customerMessage: customerMessageOf(siteName),
  };
}

/** pawaPay's answer to an initiation: accepted (the payer is asked), rejected (failed at once), or none yet (the check decides). */
async function recordInitiation(m: EntityManager, id: string, outcome: Initiation, now: Date): Promise<PaymentRow> {
  if (outcome.kind === 'accepted') {
    await m.query(`UPDATE payments SET initiated = true WHERE id = $1`, [id]);
  } else if (outcome.kind === 'rejected') {
    // A rejected deposit was never taken: it cannot complete later.
    await m.query(
      `UPDATE payments SET status = 'failed', failure_code = $2, failure_message = $3, settled_at = $4, next_check_at = NULL
        WHERE id = $1 AND status = 'waiting'`,
      [id, outcome.code.slice(0, 60), outcome.message, now],
    );
  }
  const [row] = await m.query<PaymentRow[]>(`SELECT ${columns} FROM payments p WHERE p.id = $1`, [id]);
  return row;
}

// ---------------------------------------------------------------------------------------------
// The console

/** A quote's payments and requests with its balance (a staff member: their own enquiries' quotes); its invoices are invoices.ts's. */
export async function quotePayments(db: Db, quoteId: string, author: Author): Promise<Omit<QuotePayments, 'invoices'>> {
  const quote = await readQuote(db, quoteId, author);
  const rows = await paymentRows(db, quote._id);
  const { payable, paid, balance } = balanceOf(quote, rows);
  return {
    items: rows.map(toPayment),
    requests: (await requestRows(db, quote._id)).map(toRequest),
    payable: minorToDecimal(payable),
    paid: minorToDecimal(paid),
    balance: minorToDecimal(balance),
    currency: quote.currency,
  };
}

const toRequest = (r: RequestRow): PaymentRequest => ({
  _id: r.id,
  quoteId: r.quote_id,
  amount: minorToDecimal(Number(r.amount_minor)),
  currency: r.currency,
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

async function insertPaymentRequest(m: EntityManager, quoteId: string, amountMinor: number, author: Author): Promise<string> {
  const [{ id }] = await m.query<[{ id: string }]>(
    `INSERT INTO payment_requests (quote_id, amount_minor, created_by_kind, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [quoteId, amountMinor, author.kind, author.id],
  );
  return id;
}

/** What of the quote's balance no open payment request asks yet, in minor units: what may still be requested. */
async function unrequestedMinor(m: EntityManager, quote: Quote): Promise<number> {
  const { balance } = balanceOf(quote, await paymentRows(m, quote._id));
  const open = (await requestRows(m, quote._id)).filter((r) => r.status === 'open').reduce((sum, r) => sum + Number(r.amount_minor), 0);
  return Math.max(0, balance - open);
}

/**
 * What of the balance no open request asks yet, requested now (an invoice sent: its page then
 * offers the whole balance). Answers the amount requested, in minor units (0: nothing left).
 */
export async function requestTheRest(m: EntityManager, quote: Quote, author: Author): Promise<number> {
  const rest = await unrequestedMinor(m, quote);
  if (rest > 0) await insertPaymentRequest(m, quote._id, rest, author);
  return rest;
}

/** A payment request on an accepted quote, up to the balance less the requests still open (409 past it). */
export async function requestPayment(
  db: DataSource,
  quoteId: string,
  body: { amount: string | number; currency: QuoteCurrency },
  author: Author,
  audit: AuditRecorder,
): Promise<PaymentRequest> {
  return db.transaction(async (m) => {
    const quote = await lockQuoteFor(m, quoteId, author);
    if (quote.state !== 'accepted') throw new HttpError(409, paymentMessages.requestNotAccepted);
    if (body.currency !== quote.currency)
      throw new HttpError(400, paymentMessages.requestCurrency, { currency: paymentMessages.requestCurrency });
    const amount = toMinor(body.amount) ?? 0;
    const left = await unrequestedMinor(m, quote);
    if (amount > left) {
      const message = paymentMessages.requestOverBalance(formatMinor(left, quote.currency));
      throw new HttpError(409, message, { amount: message });
    }
    const id = await insertPaymentRequest(m, quote._id, amount, author);
    await audit(m, {
      action: 'payment.request',
      target: { type: 'quote', id: quote._id, label: quote.number },
      changes: { requested: { new: formatMinor(amount, quote.currency) } },
    });
    const [row] = await m.query<RequestRow[]>(
      `SELECT ${requestColumns} FROM payment_requests r JOIN quotes q ON q.id = r.quote_id WHERE r.id = $1`,
      [id],
    );
    return toRequest(row);
  });
}

/**
 * An enquiry's payments and payment requests as timeline entries: each request, each payment
 * started (waiting on the phone), and its end: received with the network's reference, or failed
 * with the reason.
 */
export async function paymentEntries(db: Db, enquiryId: string): Promise<TimelineEntry[]> {
  const payments = await db.query<(PaymentRow & { number: string })[]>(
    `SELECT ${columns}, q.number FROM payments p JOIN quotes q ON q.id = p.quote_id WHERE q.enquiry_id = $1`,
    [enquiryId],
  );
  const requests = await db.query<(RequestRow & { number: string; author_name: string | null })[]>(
    `SELECT ${requestColumns}, q.number, coalesce(a.name, s.name) AS author_name FROM payment_requests r JOIN quotes q ON q.id = r.quote_id
       LEFT JOIN admins a ON r.created_by_kind = 'admin' AND a.id = r.created_by_id
       LEFT JOIN staff_users s ON r.created_by_kind = 'staff' AND s.id = r.created_by_id
      WHERE q.enquiry_id = $1`,
    [enquiryId],
  );
  const entries: TimelineEntry[] = requests.map((r) => ({
    at: r.created_at.toISOString(),
    kind: 'payment',
    title: `Payment of ${formatMinor(Number(r.amount_minor), r.currency)} requested on quote ${r.number}`,
    ...(r.author_name ? { by: r.author_name } : {}),
  }));
  for (const p of payments) {
    const amount = formatMinor(Number(p.amount_minor), 'ZMW');
    const how = `${mobileNetworkLabels[p.network]}, +${p.phone}`;
    entries.push({
      at: p.created_at.toISOString(),
      kind: 'payment',
      title: `${p.purpose === 'deposit' ? 'Deposit' : 'Payment'} of ${amount} started on quote ${p.number}`,
      text: how,
      state: p.status === 'waiting' ? 'Waiting for approval on the phone' : undefined,
    });
    if (p.settled_at && p.status === 'completed') {
      entries.push({
        at: p.settled_at.toISOString(),
        kind: 'payment',
        title: `Payment of ${amount} received (receipt ${p.receipt_number})`,
        text: `${how}; network reference ${p.provider_transaction_id ?? 'none'}`,
      });
    }
    if (p.settled_at && p.status === 'failed') {
      entries.push({
        at: p.settled_at.toISOString(),
        kind: 'payment',
        title: `Payment of ${amount} failed`,
        text: p.failure_message ?? undefined,
      });
    }
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Callbacks and the status check

/** Notes a callback about `depositId` and makes its payment due for a check now; false for an id we never made. */
export async function noteCallback(db: DataSource, depositId: string, now = new Date()): Promise<boolean> {
  const [rows] = await db.query<[unknown[], number]>(
    `UPDATE payments SET last_callback_at = $2, next_check_at = CASE WHEN status = 'waiting' THEN $2 ELSE next_check_at END
      WHERE id = $1 RETURNING id`,
    [depositId, now],
  );
  return rows.length > 0;
}

/** When the check after the `checks`-th comes: 30 s after the start, then twice the gap each time, at most an hour. */
const nextCheckAt = (checks: number, now: Date) => new Date(now.getTime() + Math.min(firstCheckMs * 2 ** checks, longestCheckGapMs));

/**
 * Checks every waiting payment that is due at `now` (only `onlyId`, for a callback): each is
 * claimed for a lease first (SKIP LOCKED: two processes take different ones), then pawaPay is
 * asked, then the answer recorded under the row's lock. Answers how many it checked.
 */
export async function checkDuePayments(db: DataSource, pawapay: PawapayClient, now: Date, onlyId?: string): Promise<number> {
  const [claimed] = await db.query<[PaymentRow[], number]>(
    `UPDATE payments p SET next_check_at = $2, checks = p.checks + 1
      WHERE p.id IN (SELECT id FROM payments WHERE status = 'waiting' AND next_check_at <= $1 ${onlyId ? 'AND id = $3' : ''}
                      ORDER BY next_check_at LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING ${columns}`,
    [now, new Date(now.getTime() + checkLeaseMs), ...(onlyId ? [onlyId] : [])],
  );
  for (const row of claimed) {
    let state = await pawapay.checkDeposit(row.id);
    if (state.kind === 'not-found' && !row.initiated && now.getTime() - row.created_at.getTime() < checkForMs) {
      // pawaPay never got it (the first call was lost): the same depositId again, never a new one.
      const [{ number }] = await db.query<[{ number: string }]>(`SELECT number FROM quotes WHERE id = $1`, [row.quote_id]);
      const outcome = await pawapay.initiateDeposit(await depositRequest(db, row, number));
      // The same body again: REJECTED can only mean it was never taken.
      if (outcome.kind === 'rejected') state = { kind: 'failed', code: outcome.code, message: outcome.message };
      else if (outcome.kind === 'accepted') await db.query(`UPDATE payments SET initiated = true WHERE id = $1`, [row.id]);
    }
    await settle(db, row, state, now);
  }
  return claimed.length;
}

/** Records a status check's answer once: a final state settles the waiting payment; otherwise the next check is set. */
async function settle(db: DataSource, claimed: PaymentRow, state: DepositState, now: Date): Promise<void> {
  await db.transaction(async (m) => {
    const [row] = await m.query<PaymentRow[]>(`SELECT ${columns} FROM payments p WHERE p.id = $1 FOR UPDATE`, [claimed.id]);
    if (row.status !== 'waiting') return;
    const [{ number, enquiry_id: enquiryId }] = await m.query<[{ number: string; enquiry_id: string }]>(
      `SELECT number, enquiry_id FROM quotes WHERE id = $1`,
      [row.quote_id],
    );
    const record = (entry: Omit<AuditInput, 'target'>) =>
      writeAudit(m, { ...entry, target: target(row, number), actor: checkerActor, address: null, userAgent: null });
    if (state.kind === 'completed') {
      const receipt = await nextReceiptNumber(m, now);
      await m.query(
        `UPDATE payments SET status = 'completed', provider_transaction_id = $2, receipt_number = $3, receipt_year = $4, receipt_seq = $5,
                settled_at = $6, next_check_at = NULL WHERE id = $1`,
        [row.id, state.providerTransactionId?.slice(0, 100) ?? null, receipt.number, receipt.year, receipt.seq, now],
      );
      if (row.request_id) await m.query(`UPDATE payment_requests SET status = 'paid', paid_at = $2 WHERE id = $1`, [row.request_id, now]);
      await record({
        action: 'payment.complete',
        changes: { status: { old: 'waiting', new: 'completed' }, receipt: { new: receipt.number } },
      });
      await mailCompleted(
        m,
        { ...row, receipt_number: receipt.number, provider_transaction_id: state.providerTransactionId, settled_at: now },
        number,
        enquiryId,
      );
      return;
    }
    const late = now.getTime() - row.created_at.getTime() >= checkForMs;
    // Failed only when pawaPay says so, or still knows nothing of it after the day of checks: a
    // deposit it holds (in reconciliation, say) may yet complete, so it stays waiting, unchecked
    // by the clock but looked at again on pawaPay's callback.
    if (state.kind === 'failed' || (state.kind === 'not-found' && late)) {
      const code = state.kind === 'failed' ? state.code : 'NOT_STARTED';
      const message = state.kind === 'failed' ? state.message : paymentMessages.notStarted;
      await m.query(
        `UPDATE payments SET status = 'failed', failure_code = $2, failure_message = $3, settled_at = $4, next_check_at = NULL WHERE id = $1`,
        [row.id, code.slice(0, 60), message, now],
      );
      await record({ action: 'payment.fail', changes: { status: { old: 'waiting', new: 'failed' }, reason: { new: message } } });
      return;
    }
    await m.query(`UPDATE payments SET next_check_at = $2 WHERE id = $1`, [row.id, late ? null : nextCheckAt(row.checks, now)]);
  });
}

/** The next receipt number of the company's year: the counter row locked until the transaction ends, so numbers run without gaps. */
async function nextReceiptNumber(m: EntityManager, now: Date): Promise<{ year: number; seq: number; number: string }> {
  const { timezone } = await readGeneralSettings(m);
  const year = toLocalClock(now, timezone).getUTCFullYear();
  const [{ last }] = await m.query<[{ last: number }]>(
    `INSERT INTO receipt_counters (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1 RETURNING last`,
    [year],
  );
  return { year, seq: last, number: `RCT-${year}-${String(last).padStart(4, '0')}` };
}

/** The payer gets the receipt (PDF attached); the assignee and the admins who take mail are told. */
async function mailCompleted(m: EntityManager, row: PaymentRow, quoteNumber: string, enquiryId: string): Promise<void> {
  const { name, replyTo } = await company(m);
  const [enquiry] = await m.query<{ full_name: string; email: string }[]>(`SELECT full_name, email FROM enquiries WHERE id = $1`, [
    enquiryId,
  ]);
  const payment = toPayment(row);
  const amount = formatMinor(Number(row.amount_minor), 'ZMW');
  if (enquiry.email) {
    const pdf = await receiptPdf({ payment, quoteNumber, payerName: enquiry.full_name, company: await documentCompany(m) });
    await queueEnquiryMail(m, enquiryId, 'receipt', {
      to: enquiry.email,
      subject: `[${name}] Receipt ${payment.receiptNumber} for quote ${quoteNumber}`,
      text:
        `Hello ${asOneLine(enquiry.full_name)},\n\nWe received your payment of ${amount} by ${mobileNetworkLabels[row.network]} ` +
        `for quote ${quoteNumber}. Your receipt ${payment.receiptNumber} is attached.` +
        signature(name),
      replyTo,
      attachments: [
        { filename: `${payment.receiptNumber}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') },
      ],
    });
  }
  const { assignee, admins } = await teamToTell(m, enquiryId);
  for (const to of [...new Set([...(assignee ? [assignee.email] : []), ...admins])]) {
    await queueMail(m, {
      to,
      subject: `[${name}] Payment received: ${amount} on quote ${quoteNumber}`,
      text:
        `${asOneLine(enquiry.full_name)} paid ${amount} by ${mobileNetworkLabels[row.network]} on quote ${quoteNumber} ` +
        `(receipt ${payment.receiptNumber}, network reference ${row.provider_transaction_id ?? 'none'}).` +
        signature(name),
    });
  }
}

/** A completed payment of the quote, for its receipt (404 otherwise; staff: their own enquiries). */
export async function completedPayment(
  db: Db,
  paymentId: string,
  scope: { author: Author } | { quoteId: string },
): Promise<{ payment: Payment; quoteNumber: string; payerName: string }> {
  const [row] = await db.query<(PaymentRow & { number: string; full_name: string })[]>(
    `SELECT ${columns}, q.number, e.full_name FROM payments p JOIN quotes q ON q.id = p.quote_id JOIN enquiries e ON e.id = q.enquiry_id
      WHERE p.id = $1 AND p.status = 'completed' ${'quoteId' in scope ? 'AND p.quote_id = $2' : ''}`,
    'quoteId' in scope ? [paymentId, scope.quoteId] : [paymentId],
  );
  if (!row) throw new HttpError(404, 'There is no receipt for this payment.');
  if ('author' in scope) await readQuote(db, row.quote_id, scope.author);
  return { payment: toPayment(row), quoteNumber: row.number, payerName: row.full_name };
}

/** Checks what is due every 5 seconds and whenever woken (a callback); answers how to stop it. */
export function startPaymentChecks(db: DataSource, pawapay: PawapayClient, onError: (error: unknown) => void, now = () => new Date()) {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    checkDuePayments(db, pawapay, now())
      .catch(onError)
      .finally(() => (running = false));
  };
  const timer = setInterval(run, 5_000);
  timer.unref();
  return () => clearInterval(timer);
}
