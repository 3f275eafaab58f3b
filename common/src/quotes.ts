/**
 * Quotes: the body a quote is made from, its totals (worked out here once, for the console's
 * editor, the server's stored totals, the public page and the PDF), and the lines a quote starts
 * with when the enquiry came from a pricing request.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { idSchema, oneLine } from './fields';
import { quoteCurrencies, quotePeriods, quoteStatuses, type QuoteCurrency, type QuotePeriod, type QuoteStatus } from './leads';
import { priceBounds, type RequestSnapshot } from './requests';

export const maxQuoteLines = 50;

export const quoteLine = z.object({
  description: oneLine().min(1, 'Required.').max(300, 'At most 300 characters.'),
  quantity: z.number().positive('More than 0.').max(100_000),
  /** Per unit, in the quote's currency (cents at most). */
  unitPrice: z
    .number()
    .min(0, 'At least 0.')
    .max(100_000_000)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals.'),
  period: z.enum(quotePeriods),
});
export type QuoteLine = z.infer<typeof quoteLine>;

const quoteFields = {
  currency: z.enum(quoteCurrencies),
  lines: z.array(quoteLine).min(1, 'Add at least one line.').max(maxQuoteLines, `At most ${maxQuoteLines} lines.`),
  validUntil: z.iso.date('Use YYYY-MM-DD.'),
  notes: z.string().trim().max(4000, 'At most 4000 characters.').default(''),
  /** VAT in percent (16 for Zambia's standard rate); null or absent: no VAT shown. */
  vatRate: z.number().min(0).max(100).nullable().default(null),
};

export const quoteCreateBody = z.object({ enquiryId: idSchema, ...quoteFields }).meta({ id: 'QuoteCreateBody' });
export type QuoteCreateBody = z.input<typeof quoteCreateBody>;
export const quoteUpdateBody = z.object(quoteFields).meta({ id: 'QuoteUpdateBody' });
export type QuoteUpdateBody = z.input<typeof quoteUpdateBody>;

export const quoteListQuery = z.object({ enquiryId: idSchema });

/** What the quote's reader sees of its state: a sent quote past its date is expired. */
export type QuoteState = QuoteStatus | 'expired';
export const quoteStateLabels: Record<QuoteState, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const quoteTotals = z.object({
  subtotalOnce: z.number(),
  subtotalMonthly: z.number(),
  vatOnce: z.number(),
  vatMonthly: z.number(),
  totalOnce: z.number(),
  totalMonthly: z.number(),
});
export type QuoteTotals = z.infer<typeof quoteTotals>;

export const quote = z
  .object({
    _id: z.string(),
    number: z.string(),
    enquiryId: z.string(),
    status: z.enum(quoteStatuses),
    state: z.enum([...quoteStatuses, 'expired']),
    currency: z.enum(quoteCurrencies),
    lines: z.array(quoteLine),
    vatRate: z.number().nullable(),
    validUntil: z.string(),
    notes: z.string(),
    totals: quoteTotals,
    sentAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    acceptedName: z.string().nullable(),
    acceptedAddress: z.string().nullable(),
    questions: z.array(z.object({ name: z.string(), text: z.string(), createdAt: z.string() })),
    createdAt: z.string(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quote>;

export const quoteList = z.object({ items: z.array(quote) }).meta({ id: 'QuoteList' });
export const quoteAnswer = messageAnswer.extend({ quote }).meta({ id: 'QuoteAnswer' });
export type QuoteAnswer = z.infer<typeof quoteAnswer>;
export const quotePdf = z
  .string()
  .meta({ id: 'QuotePdf', description: 'The quote as a PDF document.', contentMediaType: 'application/pdf' });
export const quotePage = z.string().meta({
  id: 'QuotePage',
  description:
    'The public quote page, rendered by the server (never indexed, never cached). The forms post application/x-www-form-urlencoded: accept with `name` and `accept=yes`, a question with `name` and `question`.',
  contentMediaType: 'text/html',
});

/** Cents, so that sums of prices add up exactly. */
const cents = (amount: number) => Math.round(amount * 100);

/** A quote's totals: once and per month, each before VAT, its VAT (when a rate is given) and with it. */
export function totalsOf(lines: readonly Pick<QuoteLine, 'quantity' | 'unitPrice' | 'period'>[], vatRate: number | null): QuoteTotals {
  const sum = (period: QuotePeriod) =>
    lines.filter((l) => l.period === period).reduce((total, l) => total + Math.round(l.quantity * cents(l.unitPrice)), 0);
  const once = sum('once');
  const monthly = sum('month');
  const vat = (amount: number) => (vatRate ? Math.round((amount * vatRate) / 100) : 0);
  return {
    subtotalOnce: once / 100,
    subtotalMonthly: monthly / 100,
    vatOnce: vat(once) / 100,
    vatMonthly: vat(monthly) / 100,
    totalOnce: (once + vat(once)) / 100,
    totalMonthly: (monthly + vat(monthly)) / 100,
  };
}

/**
 * The rows that sum a quote up, as the console, the public page and the PDF show them: for the
 * once and the monthly lines each (when there are any), the subtotal and VAT when a rate is given,
 * and the total.
 */
export function totalRows(totals: QuoteTotals, vatRate: number | null): { label: string; amount: number; total: boolean }[] {
  const rows: { label: string; amount: number; total: boolean }[] = [];
  for (const [label, subtotal, vat, total] of [
    ['once', totals.subtotalOnce, totals.vatOnce, totals.totalOnce],
    ['per month', totals.subtotalMonthly, totals.vatMonthly, totals.totalMonthly],
  ] as const) {
    if (!subtotal) continue;
    if (vatRate)
      rows.push(
        { label: `Subtotal ${label}`, amount: subtotal, total: false },
        { label: `VAT ${vatRate}% ${label}`, amount: vat, total: false },
      );
    rows.push({ label: `Total ${label}`, amount: total, total: true });
  }
  return rows;
}

/** The totals in one line, as mails and the timeline say them: "USD 349.16 once + USD 171.68 per month" ('' for none). */
export function totalsInWords(totals: QuoteTotals, currency: QuoteCurrency): string {
  return [
    ...(totals.totalOnce ? [`${formatMoney(totals.totalOnce, currency)} once`] : []),
    ...(totals.totalMonthly ? [`${formatMoney(totals.totalMonthly, currency)} per month`] : []),
  ].join(' + ');
}

/** "USD 1,250.00" / "ZMW 980.50" */
export function formatMoney(amount: number, currency: QuoteCurrency): string {
  return `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The state a reader sees on `today` (YYYY-MM-DD): a sent quote past its valid-until day is expired. */
export function quoteStateOf(status: QuoteStatus, validUntil: string, today: string): QuoteState {
  return status === 'sent' && validUntil < today ? 'expired' : status;
}

/** The lower amount a catalogue price names ("$499-$799": 499), 0 when it names none ("Custom"). */
const priceOf = (price: string) => priceBounds(price)?.[0] ?? 0;

/**
 * The lines a quote starts with, from what the enquiry's call to action chose (its snapshot):
 * a plan and its add-ons per month, project items once, a service once unless its price is per
 * month; the team edits them before sending. None for a consultation or a plain message.
 */
export function linesFromRequest(snapshot: RequestSnapshot | null): QuoteLine[] {
  if (!snapshot) return [];
  const line = (description: string, price: string, period: QuotePeriod): QuoteLine => ({
    description: description.slice(0, 300),
    quantity: 1,
    unitPrice: priceOf(price),
    period,
  });
  switch (snapshot.kind) {
    case 'consultation':
      return [];
    case 'service':
      return [line(snapshot.title, snapshot.price, /\/\s*month|per month|monthly/i.test(snapshot.price) ? 'month' : 'once')];
    case 'quote':
      if (snapshot.model === 'monthly') {
        return [
          ...(snapshot.plan ? [line(`${snapshot.plan.name} plan`, snapshot.plan.price, 'month')] : []),
          ...snapshot.addons.map((a) => line(a.name, a.price, 'month')),
        ];
      }
      return snapshot.projects.map((p) => line(`${p.groupName}: ${p.title}`, p.price, 'once'));
  }
}

/** The public page's forms. */
export const quoteAcceptLabel = 'I accept this quote';
export const quoteMessages = {
  accepted: 'Thank you. Your acceptance is recorded and we will be in touch shortly.',
  asked: 'Thank you. Your question was sent; we will answer by email.',
  expired: 'This quote has expired and can no longer be accepted. Please ask us for a new one.',
  withdrawn: 'This quote was withdrawn and can no longer be accepted.',
  alreadyAccepted: 'This quote was accepted.',
  notFound: 'This quote link is not valid. Please check the address in your email.',
  needName: 'Enter your name.',
  needTick: `Tick "${quoteAcceptLabel}".`,
  needQuestion: 'Write your question.',
  tooMany: 'Too many attempts from your address. Please try again later.',
  notDraft: 'Only a draft can be changed or sent.',
  noEmail: 'This client gave no email address, and a quote goes by email: ask them for one on WhatsApp and add it to the enquiry.',
  notSent: 'Only a draft or a sent quote can be withdrawn.',
  pastValidity: 'The valid-until date has passed: choose a later one before sending.',
  created: 'Quote saved as a draft.',
  updated: 'Quote saved.',
  sent: 'Quote sent.',
  withdrawnNow: 'Quote withdrawn.',
} as const;

export type { QuoteCurrency, QuotePeriod, QuoteStatus };
