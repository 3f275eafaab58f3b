/**
 * The public quote page the mailed link opens: one small server-rendered document (no script, a
 * few lines of CSS in the page itself, so that the visitor's phone fetches one file), with plain
 * forms that post back to it. Never indexed: the header and the meta tag say so.
 */
import type { CompanyProfile } from '@kafue/common/company';
import { quotePagePath } from '@kafue/common/calls';
import { formatMoney, quoteAcceptLabel, quoteStateLabels, totalRows, type Quote } from '@kafue/common/schemas';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** What the page says after a form was posted: the thank-you, or why it was refused. */
export interface QuoteNote {
  kind: 'success' | 'error';
  message: string;
  /** What was typed, kept after a refusal. */
  values?: { name?: string; question?: string };
  form?: 'accept' | 'question';
}

const style = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f6f7f9}
header,main,footer{max-width:760px;margin:0 auto;padding:16px}header{border-bottom:3px solid #0b5d3b}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
table{width:100%;border-collapse:collapse;background:#fff}th,td{padding:6px 8px;border-bottom:1px solid #d0d4da;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap}.note{padding:12px;border-radius:4px;margin:12px 0}
.ok{background:#e3f4ea;border:1px solid #0b5d3b}.err{background:#fdecea;border:1px solid #a4262c}
form{background:#fff;padding:12px;border:1px solid #d0d4da;border-radius:4px;margin:12px 0}
fieldset{border:0;padding:0;margin:8px 0}legend{font-weight:600}
label{display:block;margin:8px 0 4px;font-weight:600}input[type=text],textarea{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #555;border-radius:4px}
.tick{display:flex;gap:8px;align-items:center;font-weight:600}.tick input{width:22px;height:22px;margin:0}
button{margin-top:12px;padding:10px 18px;font:inherit;font-weight:600;color:#fff;background:#0b5d3b;border:0;border-radius:4px;cursor:pointer}
a{color:#0b4f8a}.muted{color:#4a4f57}@media(max-width:480px){th,td{padding:4px}}`;

function linesTable(quote: Quote): string {
  const money = (amount: number) => escapeHtml(formatMoney(amount, quote.currency));
  const rows = quote.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.description)}</td><td class="n">${l.quantity}</td><td class="n">${money(l.unitPrice)}</td>` +
        `<td>${l.period === 'month' ? 'Monthly' : 'Once'}</td><td class="n">${money(Math.round(l.quantity * l.unitPrice * 100) / 100)}</td></tr>`,
    )
    .join('');
  const sums = totalRows(quote.totals, quote.vatRate).map(
    (r) =>
      `<tr><th scope="row" colspan="4" class="n">${r.label}</th><td class="n">${r.total ? `<strong>${money(r.amount)}</strong>` : money(r.amount)}</td></tr>`,
  );
  return (
    `<table><caption class="muted">Prices in ${quote.currency}</caption><thead><tr><th scope="col">Description</th><th scope="col" class="n">Quantity</th>` +
    `<th scope="col" class="n">Unit price</th><th scope="col">Paid</th><th scope="col" class="n">Amount</th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot>${sums.join('')}</tfoot></table>`
  );
}

function forms(token: string, note: QuoteNote | undefined): string {
  const base = `${quotePagePath}/${encodeURIComponent(token)}`;
  const kept = (form: 'accept' | 'question', field: 'name' | 'question') =>
    note?.kind === 'error' && note.form === form ? escapeHtml(note.values?.[field] ?? '') : '';
  return (
    `<h2>Accept this quote</h2><form method="post" action="${base}/accept">` +
    `<label for="accept-name">Your name</label><input type="text" id="accept-name" name="name" autocomplete="name" maxlength="100" required value="${kept('accept', 'name')}">` +
    `<p class="tick"><input type="checkbox" id="accept-tick" name="accept" value="yes" required><label for="accept-tick">${quoteAcceptLabel}</label></p>` +
    `<button type="submit">Accept</button></form>` +
    `<h2>Ask a question</h2><form method="post" action="${base}/question">` +
    `<label for="question-name">Your name</label><input type="text" id="question-name" name="name" autocomplete="name" maxlength="100" required value="${kept('question', 'name')}">` +
    `<label for="question-text">Your question</label><textarea id="question-text" name="question" rows="4" maxlength="2000" required>${kept('question', 'question')}</textarea>` +
    `<button type="submit">Ask a question</button></form>`
  );
}

/** The page for a quote; for none (an unknown link), the same page saying so. */
export function quotePageHtml(
  company: { name: string; profile: CompanyProfile },
  found: { quote: Quote; token: string } | undefined,
  note?: QuoteNote,
  /** The payment part of an accepted quote (payments/page.ts), and how often the page reloads while a payment waits. */
  payment?: { html: string; refreshSeconds?: number },
): string {
  const name = escapeHtml(company.name);
  const noteHtml = note
    ? `<p class="note ${note.kind === 'success' ? 'ok' : 'err'}" role="${note.kind === 'success' ? 'status' : 'alert'}">${escapeHtml(note.message)}</p>`
    : '';
  let body: string;
  if (!found) body = `<h1>Quote</h1>${noteHtml}`;
  else {
    const { quote, token } = found;
    const state = quote.state;
    const standing =
      state === 'accepted'
        ? `<p><strong>Accepted</strong> by ${escapeHtml(quote.acceptedName ?? '')} on ${escapeHtml((quote.acceptedAt ?? '').slice(0, 10))}.</p>`
        : state === 'expired'
          ? `<p><strong>This quote has expired</strong> (it was valid until ${escapeHtml(quote.validUntil)}) and can no longer be accepted.</p>`
          : state === 'withdrawn'
            ? `<p><strong>This quote was withdrawn</strong> and can no longer be accepted.</p>`
            : `<p>Valid until <strong>${escapeHtml(quote.validUntil)}</strong>.</p>`;
    body =
      `<h1>Quote ${escapeHtml(quote.number)}</h1>${noteHtml}<p class="muted">State: ${quoteStateLabels[state]} · Dated ${escapeHtml(quote.createdAt.slice(0, 10))}</p>` +
      standing +
      linesTable(quote) +
      (quote.notes ? `<h2>Notes</h2><p>${escapeHtml(quote.notes).replace(/\r?\n/g, '<br>')}</p>` : '') +
      `<p><a href="${quotePagePath}/${encodeURIComponent(token)}/pdf" download="${escapeHtml(quote.number)}.pdf">Download the quote as a PDF</a></p>` +
      (state === 'sent' ? forms(token, note) : '') +
      (payment?.html ?? '');
  }
  const { profile } = company;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    // To the quote's own address: after a post, the page's address is the form's, which a GET refuses.
    (payment?.refreshSeconds && found
      ? `<meta http-equiv="refresh" content="${payment.refreshSeconds};url=${quotePagePath}/${encodeURIComponent(found.token)}">`
      : '') +
    `<title>${found ? `Quote ${escapeHtml(found.quote.number)} - ` : 'Quote - '}${name}</title>` +
    `<style>${style}</style></head><body><header><p><strong>${name}</strong></p></header><main>${body}</main>` +
    `<footer class="muted"><p>${escapeHtml(profile.address)}<br>${escapeHtml(profile.phone)} · <a href="mailto:${escapeHtml(profile.email)}">${escapeHtml(profile.email)}</a></p></footer></body></html>`
  );
}
