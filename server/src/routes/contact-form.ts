/**
 * The contact form without JavaScript. The page's form is `method="post"
 * action="/contact?{the selection}"` (the selection of the page's address, see ContactSelection): before its script has loaded (or without scripts) the browser sends it
 * here as application/x-www-form-urlencoded, never in the address bar. The enquiry is received
 * exactly as the JSON call receives it (receiveEnquiry: same validation, Origin check, limit,
 * spam defences, mails), and the answer is the contact page, rendered by the server, showing the
 * same note the script would show: sent, or the refusal with everything typed kept.
 */
import type { Context } from 'koa';
import { contactFormFields, type ContactNote } from '@kafue/common/contact-form';
import { endpoints } from '@kafue/common/endpoints';
import { contactFormPath, parseSelection, type ResolvedSelection } from '@kafue/common/requests';
import { maxPageLength } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { HttpError } from '../http/errors.js';
import { readFormFields } from '../http/body.js';
import { assertSameOrigin } from '../web/security.js';
import { loadSiteContent } from '../content/published.js';
import { receiveEnquiry } from '../enquiries/enquiries.js';
import { formAttribution } from '../analytics/attribution.js';
import { parseEnquiryBody, resolveSelection } from '../enquiries/requests.js';

/** The form's fields (and the visit's attribution) from an application/x-www-form-urlencoded body of at most `limit` bytes. */
async function readForm(ctx: Context, limit: number): Promise<Record<string, string>> {
  const params = await readFormFields(ctx, limit);
  const form: Record<string, string> = {};
  for (const field of contactFormFields) {
    const value = params.get(field);
    if (value !== null) form[field] = value;
  }
  return { ...form, ...formAttribution(params) };
}

export function contactFormEndpoints(deps: AppDeps): Endpoint[] {
  const { db, config, site } = deps;
  return [
    endpoint({
      ...endpoints.postContactForm,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, audit }) {
        const form = await readForm(ctx, config.limits.bodyBytes);
        let contactNote: ContactNote;
        // What the call to action chose is in the address the form posts to; items the site no
        // longer shows are dropped, as the page the visitor saw said.
        const selection = ctx.querystring ? await resolveSelection(db, parseSelection(ctx.querystring)) : undefined;
        /** Refused, the page keeps the selection with everything typed; sent, the form starts afresh. */
        let kept: ResolvedSelection | undefined;
        try {
          // No session rides on this post, but a page elsewhere must not post enquiries through
          // visitors' browsers either.
          assertSameOrigin(ctx, config.allowedOrigins);
          const context = { page: ctx.url.slice(0, maxPageLength), ...(selection?.request ? { request: selection.request } : {}) };
          await receiveEnquiry(db, config, ctx.ip, parseEnquiryBody({ ...form, ...context }), audit);
          contactNote = { kind: 'success' };
          ctx.status = 200;
        } catch (error) {
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
          const { website: _honeypot, startedAt: _shown, ...values } = form;
          contactNote = { kind: 'error', message: error.message, errors: error.errors, values };
          kept = selection;
          ctx.status = error.status;
          for (const [name, value] of Object.entries(error.headers ?? {})) ctx.set(name, value);
          // Refused, so nothing changed: the page with the note is all this call does.
          audit.none('the enquiry was refused');
        }
        const pages = site.pages;
        if (!pages) {
          // No SSR build (a server started before the site was built): the static contact page.
          ctx.status = 303;
          ctx.redirect(contactFormPath);
          return 'See the contact page.';
        }
        const content = await loadSiteContent(db);
        const data = { ...pages.pageData(contactFormPath, content), contactNote, ...(kept ? { request: kept } : {}) };
        const { html } = await pages.renderPage(contactFormPath, content, data);
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Cache-Control', 'no-store');
        return html;
      },
    }),
  ];
}
