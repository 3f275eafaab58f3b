/**
 * Quotes: the console's calls (any admin; a staff member on the enquiries assigned to them, where
 * another's answer 404) and the public page the mailed link opens, with its two forms posted
 * without JavaScript (accept, ask a question) and its PDF.
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { endpoints } from '@kafue/common/endpoints';
import { quoteMessages, quoteListQuery } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { readFormFields } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { parseQuery } from '../http/validate.js';
import { quotePageHtml, type QuoteNote } from '../quotes/page.js';
import { quotePdf } from '../quotes/pdf.js';
import { paymentSectionHtml, waitingRefreshSeconds, type PayFormValues } from '../payments/page.js';
import { payerView } from '../payments/payments.js';
import {
  acceptQuote,
  askAboutQuote,
  countQuotePost,
  createQuote,
  documentCompany,
  listQuotes,
  quoteByToken,
  readQuote,
  sendQuote,
  updateQuote,
  withdrawQuote,
  type Author,
} from '../quotes/quotes.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assertSameOrigin } from '../web/security.js';
import type { Principal } from '../auth/sessions.js';

const authorOf = (p: Principal): Author => ({ kind: p.kind, id: p.id, name: p.name });

/** The quote page's form fields (name, accept, question) from an application/x-www-form-urlencoded body. */
async function readForm(ctx: Context, limit: number) {
  const params = await readFormFields(ctx, limit);
  return {
    name: (params.get('name') ?? '')
      .replace(/[\s\u0085]+/g, ' ')
      .trim()
      .slice(0, 100),
    accept: params.get('accept') === 'yes',
    question: (params.get('question') ?? '').trim().slice(0, 2000),
  };
}

/**
 * The quote page for `token` with `note` (after a post): the quote, and once accepted its payment
 * part, reloading itself while a payment waits on the payer's phone; 404's page for no quote.
 */
export async function renderQuotePage(
  { db, config }: AppDeps,
  token: string,
  note?: QuoteNote,
  kept?: PayFormValues,
): Promise<{ html: string; found: boolean }> {
  const quote = await quoteByToken(db, token);
  const company = await documentCompany(db);
  if (!quote) return { html: quotePageHtml(company, undefined, note ?? { kind: 'error', message: quoteMessages.notFound }), found: false };
  const view = await payerView(db, quote, Boolean(config.pawapay));
  const payment = {
    html: paymentSectionHtml(quote, token, view, kept),
    refreshSeconds: view.waiting ? waitingRefreshSeconds : undefined,
  };
  return { html: quotePageHtml(company, { quote, token }, note, payment), found: true };
}

/** The public page's headers: never cached, never indexed. */
export function pageHeaders(ctx: Context) {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
}

export function quoteEndpoints(deps: AppDeps): Endpoint[] {
  const { db, config } = deps;

  /** A post from the quote page: counted, checked, done; the page answers with its note. */
  const pagePost = (
    call: typeof endpoints.acceptQuotePage | typeof endpoints.askQuotePage,
    form: 'accept' | 'question',
    act: (
      values: Awaited<ReturnType<typeof readForm>>,
      visitor: { token: string; ip: string },
      audit: Parameters<Endpoint['handle']>[0]['audit'],
    ) => Promise<string>,
  ) =>
    endpoint({
      ...call,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params, audit }) {
        const token = params.token;
        let note: QuoteNote;
        let values: Awaited<ReturnType<typeof readForm>> | undefined;
        try {
          assertSameOrigin(ctx, config.allowedOrigins);
          // Counted apart from the change, so that refused posts count too.
          await countQuotePost(db, ctx.ip, config.limits.enquiryWindowMinutes);
          values = await readForm(ctx, config.limits.bodyBytes);
          note = { kind: 'success', message: await act(values, { token, ip: ctx.ip }, audit) };
          ctx.status = 200;
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          note = { kind: 'error', message: error.message, form, values: values && { name: values.name, question: values.question } };
          ctx.status = error.status;
          for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
          audit.none('the post was refused');
        }
        pageHeaders(ctx);
        return (await renderQuotePage(deps, token, note)).html;
      },
    });

  return [
    endpoint({
      ...endpoints.listQuotes,
      access: 'team',
      handle: async ({ ctx, principal }) => ({
        items: await listQuotes(db, parseQuery(quoteListQuery, ctx.query).enquiryId, authorOf(principal)),
      }),
    }),
    endpoint({
      ...endpoints.createQuote,
      access: 'team',
      async handle({ ctx, body, principal, audit }) {
        const quote = await createQuote(db, body, authorOf(principal), audit);
        ctx.status = 201;
        return { message: quoteMessages.created, quote };
      },
    }),
    endpoint({
      ...endpoints.getQuote,
      access: 'team',
      handle: ({ params, principal }) => readQuote(db, params.id, authorOf(principal)),
    }),
    endpoint({
      ...endpoints.updateQuote,
      access: 'team',
      async handle({ params, body, principal, audit }) {
        return { message: quoteMessages.updated, quote: await updateQuote(db, params.id, body, authorOf(principal), audit) };
      },
    }),
    endpoint({
      ...endpoints.sendQuote,
      access: 'team',
      async handle({ params, principal, audit }) {
        return { message: quoteMessages.sent, quote: await sendQuote(db, params.id, authorOf(principal), config.publicUrl, audit) };
      },
    }),
    endpoint({
      ...endpoints.withdrawQuote,
      access: 'team',
      async handle({ params, principal, audit }) {
        return { message: quoteMessages.withdrawnNow, quote: await withdrawQuote(db, params.id, authorOf(principal), audit) };
      },
    }),
    endpoint({
      ...endpoints.getQuotePdf,
      access: 'team',
      async handle({ ctx, params, principal }) {
        const quote = await readQuote(db, params.id, authorOf(principal));
        ctx.type = 'application/pdf';
        ctx.attachment(`${quote.number}.pdf`);
        return Readable.from([Buffer.from(await quotePdf(quote, await documentCompany(db)))]);
      },
    }),

    endpoint({
      ...endpoints.viewQuotePage,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const page = await renderQuotePage(deps, params.token);
        pageHeaders(ctx);
        ctx.status = page.found ? 200 : 404;
        return page.html;
      },
    }),
    pagePost(endpoints.acceptQuotePage, 'accept', async (values, { token, ip }, audit) => {
      if (!values.name) throw new HttpError(400, quoteMessages.needName);
      if (!values.accept) throw new HttpError(400, quoteMessages.needTick);
      await acceptQuote(db, token, values.name, ip, audit);
      return quoteMessages.accepted;
    }),
    pagePost(endpoints.askQuotePage, 'question', async (values, { token, ip }, audit) => {
      if (!values.name) throw new HttpError(400, quoteMessages.needName);
      if (!values.question) throw new HttpError(400, quoteMessages.needQuestion);
      await askAboutQuote(db, token, values.name, values.question, ip, audit);
      return quoteMessages.asked;
    }),
    endpoint({
      ...endpoints.getQuotePagePdf,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const quote = await quoteByToken(db, params.token);
        if (!quote) throw new HttpError(404, quoteMessages.notFound);
        ctx.type = 'application/pdf';
        ctx.attachment(`${quote.number}.pdf`);
        ctx.set('Cache-Control', 'no-store');
        ctx.set('X-Robots-Tag', 'noindex');
        return Readable.from([Buffer.from(await quotePdf(quote, await documentCompany(db)))]);
      },
    }),
  ];
}
