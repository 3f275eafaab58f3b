/**
 * Payments on accepted quotes by mobile money: the networks and how their numbers look, money as
 * integers of the minor unit (ngwee, cents) with its decimal text, what a quote asks now (the
 * deposit, then the team's payment requests), the settings, and the records the API answers.
 */
import { z } from 'zod';
import { messageAnswer } from './answers';
import { quotePage, type QuoteCurrency, type QuoteTotals } from './quotes';

export const mobileNetworks = ['MTN', 'AIRTEL', 'ZAMTEL'] as const;
export type MobileNetwork = (typeof mobileNetworks)[number];
export const mobileNetworkLabels: Record<MobileNetwork, string> = {
  MTN: 'MTN MoMo',
  AIRTEL: 'Airtel Money',
  ZAMTEL: 'Zamtel Kwacha',
};
/** The first two of the nine digits after 260, by network (ZICTA's numbering plan). */
const networkPrefixes: Record<MobileNetwork, readonly string[]> = { MTN: ['96', '76'], AIRTEL: ['97', '77'], ZAMTEL: ['95', '75'] };

/**
 * A Zambian mobile number of `network` as 260 and nine digits (spaces, dashes and brackets
 * ignored; +260, 260 or 0 before the nine digits), or the message that says what is wrong.
 */
export function zambianMobile(network: MobileNetwork, typed: string): { phone: string } | { error: string } {
  const digits = typed.replace(/[\s\-().]/g, '');
  const local = /^(?:\+?260|0)(\d{9})$/.exec(digits)?.[1];
  if (!local) return { error: paymentMessages.badPhone };
  if (!networkPrefixes[network].some((p) => local.startsWith(p))) {
    return { error: paymentMessages.wrongNetwork(mobileNetworkLabels[network], networkPrefixes[network]) };
  }
  return { phone: `260${local}` };
}

/** Minor units (ngwee, cents) from a decimal amount with at most two decimals ("617.25", 617.25); undefined when it is not one. */
export function toMinor(amount: string | number): number | undefined {
  // A number with more than two decimals is refused, not rounded: 10.005 is not an amount of money.
  const exact = typeof amount === 'number' && Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
  const text = typeof amount === 'number' ? (exact ? amount.toFixed(2) : '') : amount.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "617.25", "150" (whole amounts without decimals, as pawaPay takes them). */
export function minorToDecimal(minor: number): string {
  const units = Math.floor(minor / 100);
  const rest = minor % 100;
  return rest ? `${units}.${String(rest).padStart(2, '0')}` : String(units);
}

/** "ZMW 1,250.00" from minor units. */
export function formatMinor(minor: number, currency: QuoteCurrency): string {
  const units = Math.floor(minor / 100).toLocaleString('en-US');
  return `${currency} ${units}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * What a quote is paid toward, in minor units: its once total, or with only monthly lines its
 * first month (monthly fees after the first are invoiced).
 */
export function payableMinor(totals: QuoteTotals): number {
  return Math.round((totals.totalOnce || totals.totalMonthly) * 100);
}

/** The deposit: `percent` of the once total (rounded up to the minor unit); with only monthly lines, the first month. */
export function depositMinor(totals: QuoteTotals, percent: number): number {
  const once = Math.round(totals.totalOnce * 100);
  return once ? Math.ceil((once * percent) / 100) : Math.round(totals.totalMonthly * 100);
}

/**
 * Kwacha to ask for `quoteMinor` of a USD quote at `usdToZmw` kwacha a dollar, rounded up to the
 * whole kwacha (in ngwee). The rate has at most four decimals: worked in integers, no float.
 */
export function usdToZmwMinor(quoteMinor: number, usdToZmw: string): number {
  const [units, decimals = ''] = usdToZmw.split('.');
  const rate = Number(units) * 10_000 + Number(decimals.padEnd(4, '0').slice(0, 4));
  // cents × (kwacha per dollar × 10⁴) = ngwee × 10⁴; up to whole kwacha (10⁶ of those).
  const kwacha = Math.ceil((quoteMinor * rate) / 1_000_000);
  return kwacha * 100;
}

export const paymentSettingsBody = z
  .object({
    depositPercent: z.number().int('A whole number.').min(1, 'At least 1.').max(100, 'At most 100.'),
    /** Kwacha for one US dollar, at most four decimals; null: USD quotes cannot be paid yet. */
    usdToZmw: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,4})?$/, 'A number of kwacha, at most four decimals (e.g. 26.85).')
      .refine((v) => Number(v) > 0, 'More than 0.')
      .nullable(),
  })
  .meta({ id: 'PaymentSettingsBody' });
export type PaymentSettingsBody = z.infer<typeof paymentSettingsBody>;
export const defaultPaymentSettings: PaymentSettingsBody = { depositPercent: 50, usdToZmw: null };

export const paymentSettings = paymentSettingsBody
  .extend({
    /** When the rate was last set (ISO), shown beside it on the payer's page. */
    rateSetAt: z.string().nullable(),
    /** Whether PAWAPAY_TOKEN is set: without it nothing can be paid. */
    pawapayConfigured: z.boolean(),
    lastCallbackAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentSettings' });
export type PaymentSettings = z.infer<typeof paymentSettings>;
export const paymentSettingsAnswer = messageAnswer.extend({ settings: paymentSettings }).meta({ id: 'PaymentSettingsAnswer' });

export const paymentStatuses = ['waiting', 'completed', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const payment = z
  .object({
    _id: z.string(),
    quoteId: z.string(),
    purpose: z.enum(['deposit', 'request']),
    requestId: z.string().nullable(),
    status: z.enum(paymentStatuses),
    /** What the payer was asked for, in kwacha, as a decimal ("617.25"). */
    amount: z.string(),
    currency: z.literal('ZMW'),
    /** What it counts for on the quote, in the quote's currency. */
    quoteAmount: z.string(),
    quoteCurrency: z.enum(['USD', 'ZMW']),
    /** Kwacha a dollar used (USD quotes), else null. */
    rate: z.string().nullable(),
    network: z.enum(mobileNetworks),
    phone: z.string(),
    failureMessage: z.string().nullable(),
    providerTransactionId: z.string().nullable(),
    receiptNumber: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof payment>;

export const paymentRequest = z
  .object({
    _id: z.string(),
    quoteId: z.string(),
    amount: z.string(),
    currency: z.enum(['USD', 'ZMW']),
    status: z.enum(['open', 'paid']),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentRequest' });
export type PaymentRequest = z.infer<typeof paymentRequest>;

export const invoice = z
  .object({
    _id: z.string(),
    number: z.string(),
    quoteId: z.string(),
    quoteNumber: z.string(),
    currency: z.enum(['USD', 'ZMW']),
    /** In the quote's currency, as decimals, when the invoice was made. */
    paid: z.string(),
    balance: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoice>;
export const invoiceAnswer = messageAnswer.extend({ invoice }).meta({ id: 'InvoiceAnswer' });
export const invoicePdf = z
  .string()
  .meta({ id: 'InvoicePdf', description: 'An invoice as a PDF document.', contentMediaType: 'application/pdf' });

export const quotePayments = z
  .object({
    items: z.array(payment),
    requests: z.array(paymentRequest),
    invoices: z.array(invoice),
    /** In the quote's currency: what it is paid toward, what was paid, and what is left. */
    payable: z.string(),
    paid: z.string(),
    balance: z.string(),
    currency: z.enum(['USD', 'ZMW']),
  })
  .meta({ id: 'QuotePayments' });
export type QuotePayments = z.infer<typeof quotePayments>;

export const paymentRequestBody = z
  .object({
    /** In the quote's currency, as a decimal with at most two decimals. */
    amount: z.union([z.string(), z.number()]).refine((v) => (toMinor(v) ?? 0) > 0, 'An amount above 0, at most two decimals.'),
    currency: z.enum(['USD', 'ZMW']),
  })
  .meta({ id: 'PaymentRequestBody' });
export type PaymentRequestBody = z.input<typeof paymentRequestBody>;
export const paymentRequestAnswer = messageAnswer.extend({ request: paymentRequest }).meta({ id: 'PaymentRequestAnswer' });

/** The public Pay call's fields (a form posted without JavaScript, or JSON). */
export const payBody = z.object({ network: z.enum(mobileNetworks), phone: z.string().max(40) }).meta({ id: 'PayBody' });

/** A payment as the payer's page follows it. */
export const payerPayment = z
  .object({
    _id: z.string(),
    status: z.enum(paymentStatuses),
    amount: z.string(),
    currency: z.literal('ZMW'),
    network: z.enum(mobileNetworks),
    /** What the payer is told now (approve on the phone, received, or why it failed). */
    message: z.string(),
    receiptNumber: z.string().nullable(),
    /** The receipt's PDF on the quote page, once the payment completed. */
    receiptUrl: z.string().nullable(),
  })
  .meta({ id: 'PayerPayment' });
export type PayerPayment = z.infer<typeof payerPayment>;

/** Pay's JSON answer: what the payer is told, and the payment (the waiting one, on a 409). */
export const payJsonAnswer = z.object({ message: z.string(), payment: payerPayment.optional() }).meta({ id: 'PayJsonAnswer' });
/** Pay's answer: JSON to a script, the quote page to a form posted without JavaScript (documented as both media types). */
export const payAnswer = z.union([payJsonAnswer, quotePage]);

/**
 * pawaPay's deposit callback: only its depositId is read, as a sign to look (the state recorded is
 * the status check's). Fields pawaPay adds are taken, never refused: a callback is never lost.
 */
export const pawapayCallbackBody = z.object({ depositId: z.string() }).catchall(z.unknown()).meta({ id: 'PawapayCallback' });

export const paymentCallbackAnswer = z.object({ received: z.literal(true) }).meta({ id: 'PaymentCallbackAnswer' });
export const receiptPdf = z
  .string()
  .meta({ id: 'ReceiptPdf', description: 'A receipt as a PDF document.', contentMediaType: 'application/pdf' });

export const paymentMessages = {
  badPhone: 'Enter a Zambian mobile number: +260 or 0, then nine digits (e.g. 0971 234 567).',
  wrongNetwork: (label: string, prefixes: readonly string[]) =>
    `That is not a ${label} number: ${label} numbers start with 0${prefixes.join(' or 0')}.`,
  approve: 'Approve the payment on your phone: enter your PIN when your network asks.',
  received: 'Payment received. Thank you.',
  waitingAlready: 'A payment is already waiting for approval on the phone: approve it, or wait for it to end before trying again.',
  notPayable: 'This quote cannot be paid here: only an accepted quote with an amount still to pay can be.',
  nothingDue: 'Nothing is due on this quote now.',
  noRate: 'Payment by mobile money is not available for this quote yet. Please contact us.',
  notConfigured: 'Payment by mobile money is not available yet. Please contact us.',
  tooMany: 'Too many payment attempts. Please try again later.',
  requestOverBalance: (left: string) => `At most ${left}: the balance less the payment requests still open.`,
  requestCurrency: 'Use the quote’s currency.',
  requestNotAccepted: 'Payment can be requested only on an accepted quote.',
  requested: 'Payment requested.',
  settingsSaved: 'Payment settings saved.',
  invoiceMade: 'Invoice made.',
  invoiceSent: 'Invoice sent.',
  invoiceNotAccepted: 'An invoice can be made only for an accepted quote.',
  failedFallback: 'The payment did not go through.',
  notStarted: 'The payment could not be started with the mobile money network. Please try again.',
} as const;
