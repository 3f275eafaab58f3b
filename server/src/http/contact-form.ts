/**
 * The contact form posted without JavaScript (issue 11 item 1): before the page's script has
 * loaded, or without it, the browser posts the form itself (application/x-www-form-urlencoded)
 * to /contact. The enquiry is received as by POST /api/enquiries, and the answer is the contact
 * page as built, with the same note under the button: the success note and an emptied form, or
 * the server's message with everything typed kept.
 *
 * The page is the site's build (SITE_DIR/contact/index.html); the note goes into its
 * `<div role="status" class="form-status">` (else just before `</form>`), and the typed values
 * into the fields named fullName (or name), phone, email, service and message.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Next } from 'koa';
import { messages } from '@kafue/common/contract';
import { enquiryBody } from '@kafue/common/schemas';
import { auditRecorder } from '../audit.js';
import type { AppDeps } from '../deps.js';
import { receiveEnquiry } from '../enquiries.js';
import { HttpError } from './errors.js';
import { assertSameOrigin } from './security.js';
import { parseBody } from './validate.js';

export const contactFormPaths = ['/contact', '/contact/'];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readForm(ctx: Context, limit: number): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) throw new HttpError(415, messages.invalidInput);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, messages.bodyTooLarge);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export interface FormNote {
  kind: 'success' | 'error';
  text: string;
  /** Per-field messages, listed under the note. */
  errors?: Record<string, string>;
}

/** The contact page with the note, and the values typed (none after a success). */
export function renderContactPage(page: string, note: FormNote, values: Record<string, string>): string {
  const details = note.errors ? Object.values(note.errors).map((e) => `<br/>${escapeHtml(e)}`).join('') : '';
  const noteHtml =
    note.kind === 'success'
      ? `<p class="sent-note" data-server-note="">&#10003; ${escapeHtml(note.text)}</p>`
      : `<p class="error-note" data-server-note="">${escapeHtml(note.text)}${details}</p>`;
  const status = /<div role="status" class="form-status">/.exec(page);
  let html = status
    ? page.slice(0, status.index + status[0].length) + noteHtml + page.slice(status.index + status[0].length)
    : page.replace('</form>', `${noteHtml}</form>`);
  for (const [name, value] of Object.entries(values)) {
    if (!value) continue;
    const v = escapeHtml(value);
    if (name === 'message') {
      html = html.replace(/(<textarea[^>]*\bname="message"[^>]*>)[^<]*(<\/textarea>)/, `$1${v}$2`);
    } else if (name === 'service') {
      html = html.replace(/(<select[^>]*\bname="service"[^>]*>)([\s\S]*?)(<\/select>)/, (_, open: string, options: string, close: string) => {
        const marked = options.replace(/ selected=""/g, '').replace(`<option value="${v}">`, `<option value="${v}" selected="">`);
        return open + marked + close;
      });
    } else {
      html = html.replace(new RegExp(`(<input[^>]*\\bname="${name}"[^>]*?)(?: value="[^"]*")?(/?>)`), `$1 value="${v}"$2`);
    }
  }
  return html;
}

/** Koa middleware: POST /contact. */
export function contactFormPost({ db, config }: AppDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'POST' || !contactFormPaths.includes(ctx.path)) {
      await next();
      return;
    }
    assertSameOrigin(ctx, config.allowedOrigins);
    const form = await readForm(ctx, config.limits.bodyBytes);
    const value = (name: string) => form.get(name) ?? undefined;
    const typed = {
      fullName: value('fullName') ?? value('name') ?? '',
      phone: value('phone') ?? '',
      email: value('email') ?? '',
      service: value('service') ?? '',
      message: value('message') ?? '',
    };
    let note: FormNote = { kind: 'success', text: messages.enquirySent };
    let kept: Record<string, string> = {};
    try {
      const body = parseBody(enquiryBody, { ...typed, website: value('website'), startedAt: value('startedAt') || undefined });
      await receiveEnquiry(db, config.limits, ctx.ip, body, auditRecorder(ctx, undefined));
      ctx.status = 200;
    } catch (error) {
      if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 429)) throw error;
      note = { kind: 'error', text: error.message, errors: error.errors };
      kept = { ...typed, name: typed.fullName };
      ctx.status = error.status;
      for (const [name, v] of Object.entries(error.headers ?? {})) ctx.set(name, v);
    }
    let page: string;
    try {
      page = await readFile(join(config.siteDir, 'contact', 'index.html'), 'utf8');
    } catch {
      // No site build (a development server): the note alone.
      page = '<!doctype html><title>Contact</title><form class="contact-form"><div role="status" class="form-status"></div></form>';
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderContactPage(page, note, kept);
  };
}
