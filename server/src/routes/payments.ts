/**
 * Payments: the console's (a quote's payments and payment requests, receipts, the settings), the
 * payer's on the quote page (Pay as a form without JavaScript or as JSON, the payment's state, its
 * receipt) and pawaPay's callback, which only makes the payment due for a status check now.
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { quotePagePath } from '@kafue/common/calls';
import { endpoints } from '@kafue/common/endpoints';
import { payBody, paymentMessages, type PayerPayment } from '@kafue/common/payments';
import type { AppDeps } from '../deps.js';
import { readFormFields } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { parseBody, parseId } from '../http/validate.js';
import { callbackDepositId } from '../payments/pawapay.js';
import type { PayFormValues } from '../payments/page.js';
import {
  checkDuePayments,
  completedPayment,
  noteCallback,
  pawapayOf,
  paymentOnQuote,
  paymentSettingsOf,
  countPayAttempt,
  payerPaymentOf,
  PaymentWaiting,
  quotePayments,
  requestPayment,
  savePaymentSettings,
  startPayment,
} from '../payments/payments.js';
import { receiptPdf } from '../payments/receipt.js';
import { createInvoice, invoicePdfOf, quoteInvoices, sendInvoice } from '../payments/invoices.js';
import { documentCompany, quoteByToken, type Author } from '../quotes/quotes.js';
import type { Principal } from '../auth/sessions.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { pageHeaders, renderQuotePage } from './quotes.js';

const authorOf = (p: Principal): Author => ({ kind: p.kind, id: p.id, name: p.name });

/** A receipt's PDF, as a download. */
async function receiptFile(ctx: Context, db: AppDeps['db'], found: Awaited<ReturnType<typeof completedPayment>>) {
  const pdf = await receiptPdf({ ...found, company: await documentCompany(db) });
  ctx.type = 'application/pdf';
  ctx.attachment(`${found.payment.receiptNumber}.pdf`);
  ctx.set('Cache-Control', 'no-store');
  return Readable.from([Buffer.from(pdf)]);
}

export function paymentEndpoints(deps: AppDeps): Endpoint[] {
  const { db, config } = deps;
  const pawapay = pawapayOf(config);
  const now = () => new Date(deps.now?.() ?? Date.now());
  const receiptUrl = (token: string) => (paymentId: string) =>
    `${quotePagePath}/${encodeURIComponent(token)}/payments/${paymentId}/receipt`;

  return [
    endpoint({
      ...endpoints.getPaymentSettings,
      access: 'anyAdmin',
      handle: () => paymentSettingsOf(db, Boolean(pawapay)),
    }),
    endpoint({
      ...endpoints.savePaymentSettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await savePaymentSettings(db, body, audit, now());
        return { message: paymentMessages.settingsSaved, settings: await paymentSettingsOf(db, Boolean(pawapay)) };
      },
    }),
    endpoint({
      ...endpoints.listQuotePayments,
      access: 'team',
      handle: async ({ params, principal }) => ({
        ...(await quotePayments(db, params.id, authorOf(principal))),
        invoices: await quoteInvoices(db, params.id),
      }),
    }),
    endpoint({
      ...endpoints.createInvoice,
      access: 'team',
      async handle({ ctx, params, principal, audit }) {
        const invoice = await createInvoice(db, params.id, authorOf(principal), audit);
        ctx.status = 201;
        return { message: paymentMessages.invoiceMade, invoice };
      },
    }),
    endpoint({
      ...endpoints.getInvoicePdf,
      access: 'team',
      async handle({ ctx, params, principal }) {
        const { number, pdf } = await invoicePdfOf(db, params.id, authorOf(principal));
        ctx.type = 'application/pdf';
        ctx.attachment(`${number}.pdf`);
        return Readable.from([Buffer.from(pdf)]);
      },
    }),
    endpoint({
      ...endpoints.sendInvoice,
      access: 'team',
      async handle({ params, principal, audit }) {
        return {
          message: paymentMessages.invoiceSent,
          invoice: await sendInvoice(db, params.id, authorOf(principal), config.publicUrl, audit),
        };
      },
    }),
    endpoint({
      ...endpoints.requestQuotePayment,
      access: 'team',
      async handle({ ctx, params, body, principal, audit }) {
        const request = await requestPayment(db, params.id, body, authorOf(principal), audit);
        ctx.status = 201;
        return { message: paymentMessages.requested, request };
      },
    }),
    endpoint({
      ...endpoints.getReceiptPdf,
      access: 'team',
      handle: async ({ ctx, params, principal }) =>
        receiptFile(ctx, db, await completedPayment(db, params.id, { author: authorOf(principal) })),
    }),

    endpoint({
      ...endpoints.payQuotePage,
      access: 'public',
      refusedInMaintenance: true,
      sameOrigin: true,
      async handle({ ctx, params, audit }) {
        const json = Boolean(ctx.is('application/json'));
        let kept: PayFormValues | undefined;
        let answer: { status: number; message: string; payment?: PayerPayment };
        try {
          const fields: Record<string, unknown> | undefined = json
            ? (ctx.request.body as Record<string, unknown> | undefined)
            : Object.fromEntries(await readFormFields(ctx, config.limits.bodyBytes));
          const text = (value: unknown) => (typeof value === 'string' ? value : '');
          kept = { network: text(fields?.network), phone: text(fields?.phone).slice(0, 40) };
          const body = parseBody(payBody, fields);
          await countPayAttempt(db, ctx.ip);
          const payment = await startPayment(db, pawapay, { token: params.token, ...body, address: ctx.ip }, audit, now());
          const payer = payerPaymentOf(payment, receiptUrl(params.token));
          answer = { status: 200, message: payer.message, payment: payer };
          if (payment.status !== 'failed') kept = undefined;
        } catch (error) {
          if (error instanceof PaymentWaiting) {
            answer = { status: 409, message: error.message, payment: payerPaymentOf(error.payment, receiptUrl(params.token)) };
          } else if (error instanceof HttpError && error.status < 500) {
            for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
            // A JSON caller gets the error answer every call gives (its fields named); a form, the page.
            if (json) throw error;
            answer = { status: error.status, message: error.message };
          } else throw error;
          audit.none('the payment was refused');
        }
        ctx.status = answer.status;
        if (json) return { message: answer.message, ...(answer.payment ? { payment: answer.payment } : {}) };
        // A refusal is said at the top; a payment's state, by the page's payment part (no twice-said note).
        const note = answer.status !== 200 ? { kind: 'error' as const, message: answer.message } : undefined;
        const page = await renderQuotePage(deps, params.token, note, kept);
        pageHeaders(ctx);
        return page.html;
      },
    }),
    endpoint({
      ...endpoints.getQuotePagePayment,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const quote = await quoteByToken(db, params.token);
        if (!quote) throw new HttpError(404, 'This quote link is not valid.');
        ctx.set('Cache-Control', 'no-store');
        return payerPaymentOf(await paymentOnQuote(db, quote._id, parseId(params.paymentId)), receiptUrl(params.token));
      },
    }),
    endpoint({
      ...endpoints.getQuotePageReceipt,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const quote = await quoteByToken(db, params.token);
        if (!quote) throw new HttpError(404, 'This quote link is not valid.');
        const found = await completedPayment(db, parseId(params.paymentId), { quoteId: quote._id });
        ctx.set('X-Robots-Tag', 'noindex');
        return receiptFile(ctx, db, found);
      },
    }),
    endpoint({
      ...endpoints.pawapayCallback,
      access: 'public',
      unaudited: 'a callback is only a sign to look: the status check records what pawaPay answers, with its own audit row',
      async handle({ ctx }) {
        const depositId = callbackDepositId(ctx.request.body);
        if (!depositId) throw new HttpError(400, 'Not a deposit callback.');
        // Only a sign to look: the status check reads the state from pawaPay and records it once.
        if ((await noteCallback(db, depositId, now())) && pawapay) {
          await checkDuePayments(db, pawapay, now(), depositId).catch((err: unknown) =>
            deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'payments: a status check failed'),
          );
        }
        return { received: true as const };
      },
    }),
  ];
}
