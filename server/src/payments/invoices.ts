/**
 * Invoices on accepted quotes: numbered per year without gaps (INV-2026-0001), each a frozen copy
 * of what it says when made (the quote's lines with VAT apart, the company's TPIN, the payments
 * applied, the balance due), drawn as a PDF, and mailed with the PDF and a link of its own to the
 * quote's page, where the balance can be paid (sending requests what no open request asks yet).
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { CompanyProfile } from '@kafue/common/company';
import { formatMinor, paymentMessages, toMinor, type Invoice } from '@kafue/common/payments';
import { formatMoney, totalRows, type QuoteCurrency, type QuoteLine, type QuoteTotals } from '@kafue/common/schemas';
import { toLocalClock } from '@kafue/common/time';
import type { AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { queueEnquiryMail } from '../enquiries/mail.js';
import { asOneLine, signature } from '../mail/notify.js';
import { company, documentCompany, lockQuoteFor, newQuoteLink, readQuote, type Author } from '../quotes/quotes.js';
import { readGeneralSettings } from '../settings/settings.js';
import { companyDocument } from './document.js';
import { quotePayments, requestTheRest } from './payments.js';

type Db = DataSource | EntityManager;

/** What an invoice says, frozen when it is made. */
interface InvoiceContent {
  quoteNumber: string;
  currency: QuoteCurrency;
  lines: QuoteLine[];
  vatRate: number | null;
  totals: QuoteTotals;
  tpin: string;
  billedTo: { name: string; email: string };
  payments: { receiptNumber: string; date: string; amount: string }[];
  paid: string;
  balance: string;
}

interface InvoiceRow {
  id: string;
  number: string;
  quote_id: string;
  content: InvoiceContent;
  created_at: Date;
  sent_at: Date | null;
}

const toInvoice = (r: InvoiceRow): Invoice => ({
  _id: r.id,
  number: r.number,
  quoteId: r.quote_id,
  quoteNumber: r.content.quoteNumber,
  currency: r.content.currency,
  paid: r.content.paid,
  balance: r.content.balance,
  createdAt: r.created_at.toISOString(),
  sentAt: r.sent_at?.toISOString() ?? null,
});
const target = (r: Pick<InvoiceRow, 'id' | 'number'>) => ({ type: 'invoice', id: r.id, label: r.number });

/** A quote's invoices, oldest first. */
export async function quoteInvoices(db: Db, quoteId: string): Promise<Invoice[]> {
  const rows = await db.query<InvoiceRow[]>(
    `SELECT id, number, quote_id, content, created_at, sent_at FROM invoices WHERE quote_id = $1 ORDER BY created_at, id`,
    [quoteId],
  );
  return rows.map(toInvoice);
}

/** An invoice (a staff member: of their own enquiries; 404 otherwise), locked when `m` changes it. */
async function invoiceFor(db: Db, id: string, author: Author, lock = false): Promise<InvoiceRow> {
  const [row] = await db.query<InvoiceRow[]>(
    `SELECT id, number, quote_id, content, created_at, sent_at FROM invoices WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  if (!row) throw notFound();
  await readQuote(db, row.quote_id, author);
  return row;
}

/** The next number of the company's year: the counter row locked until the transaction ends, so numbers run without gaps. */
async function nextInvoiceNumber(m: EntityManager): Promise<{ year: number; seq: number; number: string }> {
  const { timezone } = await readGeneralSettings(m);
  const year = toLocalClock(new Date(), timezone).getUTCFullYear();
  const [{ last }] = await m.query<[{ last: number }]>(
    `INSERT INTO invoice_counters (year, last) VALUES ($1, 1) ON CONFLICT (year) DO UPDATE SET last = invoice_counters.last + 1 RETURNING last`,
    [year],
  );
  return { year, seq: last, number: `INV-${year}-${String(last).padStart(4, '0')}` };
}

/** Makes an invoice of an accepted quote as it stands now (409 for another). */
export async function createInvoice(db: DataSource, quoteId: string, author: Author, audit: AuditRecorder): Promise<Invoice> {
  return db.transaction(async (m) => {
    const quote = await lockQuoteFor(m, quoteId, author);
    if (quote.state !== 'accepted') throw new HttpError(409, paymentMessages.invoiceNotAccepted);
    const money = await quotePayments(m, quote._id, author);
    const [client] = await m.query<{ full_name: string; email: string }[]>(`SELECT full_name, email FROM enquiries WHERE id = $1`, [
      quote.enquiryId,
    ]);
    const { profile } = await documentCompany(m);
    const content: InvoiceContent = {
      quoteNumber: quote.number,
      currency: quote.currency,
      lines: quote.lines,
      vatRate: quote.vatRate,
      totals: quote.totals,
      tpin: profile.tpin,
      billedTo: { name: client.full_name, email: client.email },
      payments: money.items
        .filter((p) => p.status === 'completed')
        .map((p) => ({ receiptNumber: p.receiptNumber ?? '', date: (p.settledAt ?? p.createdAt).slice(0, 10), amount: p.quoteAmount })),
      paid: money.paid,
      balance: money.balance,
    };
    const { year, seq, number } = await nextInvoiceNumber(m);
    const [row] = await m.query<InvoiceRow[]>(
      `INSERT INTO invoices (number, year, seq, quote_id, content, created_by_kind, created_by_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
       RETURNING id, number, quote_id, content, created_at, sent_at`,
      [number, year, seq, quote._id, JSON.stringify(content), author.kind, author.id],
    );
    await audit(m, {
      action: 'invoice.create',
      target: target(row),
      changes: { quote: { new: quote.number }, balance: { new: formatMinor(toMinor(content.balance) ?? 0, content.currency) } },
    });
    return toInvoice(row);
  });
}

/** The invoice's PDF (404 for none, or another's). */
export async function invoicePdfOf(db: Db, id: string, author: Author): Promise<{ number: string; pdf: Uint8Array }> {
  const row = await invoiceFor(db, id, author);
  return { number: row.number, pdf: await invoicePdf(row, await documentCompany(db)) };
}

/** Mails the invoice to the client: its PDF attached, and a link of its own to the quote's page to pay the balance. */
export async function sendInvoice(db: DataSource, id: string, author: Author, publicUrl: string, audit: AuditRecorder): Promise<Invoice> {
  return db.transaction(async (m) => {
    const row = await invoiceFor(m, id, author, true);
    // The page the mail links to asks the whole balance: what no open request asks yet is requested now.
    const quote = await lockQuoteFor(m, row.quote_id, author);
    const requested = await requestTheRest(m, quote, author);
    const { name, replyTo } = await company(m);
    const link = await newQuoteLink(m, row.quote_id, publicUrl);
    const balance = formatMinor(toMinor(row.content.balance) ?? 0, row.content.currency);
    await queueEnquiryMail(m, quote.enquiryId, 'invoice', {
      to: row.content.billedTo.email,
      subject: `[${name}] Invoice ${row.number} for quote ${row.content.quoteNumber}`,
      text:
        `Hello ${asOneLine(row.content.billedTo.name)},\n\nYour invoice ${row.number} for quote ${row.content.quoteNumber} is attached; ` +
        `the balance due is ${balance}.\n\nYou can pay it by mobile money (MTN, Airtel, Zamtel) on the quote's page:\n${link}` +
        signature(name),
      replyTo,
      attachments: [
        {
          filename: `${row.number}.pdf`,
          contentType: 'application/pdf',
          content: Buffer.from(await invoicePdf(row, await documentCompany(m))).toString('base64'),
        },
      ],
    });
    const [sent] = await m.query<[InvoiceRow[], number]>(
      `UPDATE invoices SET sent_at = now() WHERE id = $1 RETURNING id, number, quote_id, content, created_at, sent_at`,
      [id],
    );
    await audit(m, {
      action: 'invoice.send',
      target: target(row),
      changes: {
        to: { new: row.content.billedTo.email },
        ...(requested ? { requested: { new: formatMinor(requested, row.content.currency) } } : {}),
      },
    });
    return toInvoice(sent[0]);
  });
}

async function invoicePdf(row: InvoiceRow, issuer: { name: string; profile: CompanyProfile }): Promise<Uint8Array> {
  const c = row.content;
  const pen = await companyDocument(`Invoice ${row.number}`, issuer, row.created_at, c.tpin ? [`TPIN ${c.tpin}`] : []);
  const { text, down, margin, right, bold } = pen;
  const money = (decimal: string) => formatMoney((toMinor(decimal) ?? 0) / 100, c.currency);

  down(12);
  text(`Date: ${row.created_at.toISOString().slice(0, 10)}`, margin);
  text(`Quote ${c.quoteNumber}`, right, { alignRight: true });
  down(14);
  text(`Billed to: ${c.billedTo.name} <${c.billedTo.email}>`, margin);
  down(24);
  text('Description', margin, { font: bold });
  text('Paid', 360, { font: bold });
  text('Amount', right, { font: bold, alignRight: true });
  down(16);
  for (const line of c.lines) {
    text(`${line.quantity} x ${line.description}`.slice(0, 70), margin);
    text(line.period === 'month' ? 'monthly' : 'once', 360);
    text(formatMoney(Math.round(line.quantity * line.unitPrice * 100) / 100, c.currency), right, { alignRight: true });
    down(14);
  }
  down(6);
  for (const { label, amount, total } of totalRows(c.totals, c.vatRate)) {
    text(label, 430, { ...(total ? { font: bold } : {}), alignRight: true });
    text(formatMoney(amount, c.currency), right, { ...(total ? { font: bold } : {}), alignRight: true });
    down(14);
  }
  down(10);
  text('Payments received', margin, { font: bold });
  down(14);
  if (!c.payments.length) {
    text('None yet.', margin);
    down(14);
  }
  for (const p of c.payments) {
    text(`${p.date}  receipt ${p.receiptNumber}`, margin);
    text(money(p.amount), right, { alignRight: true });
    down(14);
  }
  down(6);
  text('Balance due', 430, { font: bold, alignRight: true });
  text(money(c.balance), right, { font: bold, alignRight: true });
  return pen.doc.save();
}
