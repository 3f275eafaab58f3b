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
import { readRawBody } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { parseQuery } from '../http/validate.js';
import { quotePageHtml, type QuoteNote } from '../quotes/page.js';
import { quotePdf } from '../quotes/pdf.js';
import {
  acceptQuote,
  askAboutQuote,
  countQuotePost,
  createQuote,
  listQuotes,
  quoteByToken,
  readQuote,
  sendQuote,
  updateQuote,
  withdrawQuote,
  type Author,
} from '../quotes/quotes.js';
import { readCompanyProfile, readGeneralSettings } from '../settings/settings.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assertSameOrigin } from '../web/security.js';
import { brand } from '@kafue/common/brand';
import type { Principal } from '../auth/sessions.js';

const authorOf = (p: Principal): Author => ({ kind: p.kind, id: p.id, name: p.name });

async function companyOf(db: AppDeps['db']) {
  const [general, profile] = await Promise.all([readGeneralSettings(db), readCompanyProfile(db)]);
  return { name: general.siteName.replace(/\s+/g, ' ').trim() || brand.company, profile };
}

/** The public page's headers: never cached, never indexed. */
function pageHeaders(ctx: Context) {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Robots-Tag', 'noindex');
}

/** The quote page's form fields (name, accept, question) from an application/x-www-form-urlencoded body. */
async function readForm(ctx: Context, limit: number) {
  const params = new URLSearchParams(
    (await readRawBody(ctx, 'application/x-www-form-urlencoded', limit, 'The form is too large.')).toString('utf8'),
  );
  return {
    name: (params.get('name') ?? '')
      .replace(/[\s\u0085]+/g, ' ')
      .trim()
      .slice(0, 100),
    accept: params.get('accept') === 'yes',
    question: (params.get('question') ?? '').trim().slice(0, 2000),
  };
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
        const quote = await quoteByToken(db, token);
        pageHeaders(ctx);
        return quotePageHtml(await companyOf(db), quote && { quote, token }, note);
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
        return Readable.from([Buffer.from(await quotePdf(quote, await companyOf(db)))]);
      },
    }),

    endpoint({
      ...endpoints.viewQuotePage,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, params }) {
        const quote = await quoteByToken(db, params.token);
        pageHeaders(ctx);
        ctx.status = quote ? 200 : 404;
        return quotePageHtml(
          await companyOf(db),
          quote && { quote, token: params.token },
          quote ? undefined : { kind: 'error', message: quoteMessages.notFound },
        );
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
        return Readable.from([Buffer.from(await quotePdf(quote, await companyOf(db)))]);
      },
    }),
  ];
}
