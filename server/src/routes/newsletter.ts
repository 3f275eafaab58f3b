/**
 * The newsletter: the footer's sign-up (JSON, and the form posted without JavaScript), the pages
 * its mails link to (confirm, unsubscribe: their GET is the site's page, whose one button POSTs
 * here; RFC 8058's one-click POST is the same call), and the console's subscribers and sends.
 */
import type { Context } from 'koa';
import { formAttribution } from '../analytics/attribution.js';
import { endpoints } from '@kafue/common/endpoints';
import { messages } from '@kafue/common/contract';
import {
  confirmSubscriptionPath,
  newsletterTexts,
  subscribeFormFields,
  subscribePath,
  unsubscribePath,
  type NewsletterNote,
} from '@kafue/common/newsletter';
import { subscribeBody, subscriberListQuery } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { loadSiteContent } from '../content/published.js';
import { readFormFields } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { newsletterStatus, sendNewsletter } from '../newsletter/sends.js';
import {
  confirmSubscription,
  deleteSubscriber,
  exportSubscribers,
  listSubscribers,
  subscribe,
  unsubscribe,
} from '../newsletter/subscribers.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assertSameOrigin } from '../web/security.js';

/** The site's newsletter page at `path` showing `note`, as the answer of a form's post. */
async function answerPage({ db, site }: AppDeps, ctx: Context, path: string, note: NewsletterNote): Promise<string> {
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  const pages = site.pages;
  // No SSR build (a server started before the site was built): the note alone.
  if (!pages) return `<!doctype html><html lang="en"><title>${newsletterTexts.subscribeHeading}</title><p>${note.message}</p></html>`;
  const content = await loadSiteContent(db);
  const { html } = await pages.renderPage(path, content, { ...pages.pageData(path, content), newsletterNote: note });
  return html;
}

export function newsletterEndpoints(deps: AppDeps): Endpoint[] {
  const { db, config } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  /** The POST of a page a mail's link opens (its token in the query): `act` answers whether it worked. */
  const tokenPost = (
    call: typeof endpoints.confirmSubscription | typeof endpoints.unsubscribe,
    act: typeof confirmSubscription,
    path: string,
    texts: { success: string; failure: string; unchanged: string },
  ) =>
    endpoint({
      ...call,
      access: 'public',
      async handle({ ctx, audit }) {
        const done = await act(db, ctx.query.token, now(), audit);
        if (!done) {
          ctx.status = 400;
          audit.none(texts.unchanged);
        }
        const note: NewsletterNote = done ? { kind: 'success', message: texts.success } : { kind: 'error', message: texts.failure };
        return answerPage(deps, ctx, path, note);
      },
    });
  return [
    endpoint({
      ...endpoints.subscribe,
      access: 'public',
      refusedInMaintenance: true,
      sameOrigin: true,
      async handle({ ctx, body, audit }) {
        await subscribe(db, config, { ip: ctx.ip, now: now() }, body, audit);
        return { message: newsletterTexts.checkInbox };
      },
    }),
    endpoint({
      ...endpoints.postSubscribeForm,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, audit }) {
        let note: NewsletterNote;
        try {
          // No session rides on this post, but a page elsewhere must not sign visitors up through their browsers.
          assertSameOrigin(ctx, config.allowedOrigins);
          const params = await readFormFields(ctx, config.limits.bodyBytes, messages.bodyTooLarge);
          const form = {
            ...Object.fromEntries(subscribeFormFields.flatMap((f) => (params.has(f) ? [[f, params.get(f)]] : []))),
            ...formAttribution(params),
          };
          await subscribe(db, config, { ip: ctx.ip, now: now() }, parseBody(subscribeBody, form), audit);
          note = { kind: 'success', message: newsletterTexts.checkInbox };
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          const fieldError = error.errors && Object.values(error.errors)[0];
          note = { kind: 'error', message: fieldError ?? error.message };
          ctx.status = error.status;
          for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
          audit.none('the sign-up was refused');
        }
        return answerPage(deps, ctx, subscribePath, note);
      },
    }),
    tokenPost(endpoints.confirmSubscription, confirmSubscription, confirmSubscriptionPath, {
      success: newsletterTexts.confirmed,
      failure: newsletterTexts.confirmExpired,
      unchanged: 'the link was expired, used or unknown',
    }),
    // RFC 8058: a mail program POSTs List-Unsubscribe=One-Click to the link; the page's button posts the same.
    tokenPost(endpoints.unsubscribe, unsubscribe, unsubscribePath, {
      success: newsletterTexts.unsubscribed,
      failure: newsletterTexts.unsubscribeUnknown,
      unchanged: 'the link names nobody',
    }),
    endpoint({
      ...endpoints.listSubscribers,
      access: 'anyAdmin',
      handle: async ({ ctx }) => listSubscribers(db, parseQuery(subscriberListQuery, ctx.query)),
    }),
    endpoint({
      ...endpoints.exportSubscribers,
      access: 'anyAdmin',
      async handle({ ctx }) {
        const stream = exportSubscribers(db, parseQuery(subscriberListQuery, ctx.query));
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(`subscribers-${new Date().toISOString().slice(0, 10)}.csv`);
        return stream;
      },
    }),
    endpoint({
      ...endpoints.deleteSubscriber,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await deleteSubscriber(db, params.id, audit);
        return { message: messages.subscriberDeleted };
      },
    }),
    endpoint({
      ...endpoints.getNewsletter,
      access: 'anyAdmin',
      handle: async ({ params }) => newsletterStatus(db, params.id),
    }),
    endpoint({
      ...endpoints.sendNewsletter,
      access: 'editor',
      async handle({ params, principal, audit }) {
        const send = await sendNewsletter(db, config, params.id, { id: principal.id, name: principal.name }, audit);
        return { message: messages.newsletterQueued, send };
      },
    }),
  ];
}
