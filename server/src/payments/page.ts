/**
 * The quote page's payment part: what is due now and the Pay form (a plain form, no script), the
 * payment waiting on the payer's phone (the page then reloads itself every few seconds, with a
 * "Check payment" link besides), and the payments made with their receipts.
 */
import { quotePagePath } from '@kafue/common/calls';
import { formatMinor, mobileNetworkLabels, mobileNetworks, paymentMessages, toMinor, type Payment } from '@kafue/common/payments';
import type { Quote } from '@kafue/common/schemas';
import { escapeHtml } from '../quotes/page.js';
import type { payerView } from './payments.js';

/** How often the page looks again while a payment waits on the payer's phone. */
export const waitingRefreshSeconds = 5;

/** What was typed in the Pay form, kept after a refusal. */
export interface PayFormValues {
  network?: string;
  phone?: string;
}

const money = (decimal: string, currency: Quote['currency']) => escapeHtml(formatMinor(toMinor(decimal) ?? 0, currency));
const stateOf = (p: Payment, base: string) =>
  p.status === 'completed'
    ? `Received · <a href="${base}/payments/${p._id}/receipt" download="${escapeHtml(p.receiptNumber ?? 'receipt')}.pdf">Receipt ${escapeHtml(p.receiptNumber ?? '')}</a>`
    : p.status === 'failed'
      ? `Failed: ${escapeHtml(p.failureMessage ?? paymentMessages.failedFallback)}`
      : 'Waiting for approval on the phone';

export function paymentSectionHtml(
  quote: Quote,
  token: string,
  view: Awaited<ReturnType<typeof payerView>>,
  kept: PayFormValues | undefined,
): string {
  const base = `${quotePagePath}/${encodeURIComponent(token)}`;
  const parts: string[] = [];
  // How the last payment ended, said first: the payer came back to this page to learn it.
  const last = view.payments.at(-1);
  if (!view.waiting && last?.status === 'completed') {
    parts.push(
      `<p class="note ok" role="status">${escapeHtml(paymentMessages.received)} Your receipt ${escapeHtml(last.receiptNumber ?? '')} ` +
        `is below and was sent to you by email.</p>`,
    );
  } else if (!view.waiting && last?.status === 'failed') {
    parts.push(
      `<p class="note err" role="alert">The last payment did not go through: ${escapeHtml(last.failureMessage ?? paymentMessages.failedFallback)}</p>`,
    );
  }
  if (view.waiting) {
    parts.push(
      `<h2>Payment</h2><p class="note ok" role="status">${escapeHtml(paymentMessages.approve)} ` +
        `${money(view.waiting.amount, 'ZMW')} by ${escapeHtml(mobileNetworkLabels[view.waiting.network])} (${escapeHtml(view.waiting.phone)}). ` +
        `This page checks again every ${waitingRefreshSeconds} seconds.</p><p><a href="${base}">Check payment</a></p>`,
    );
  } else if (view.offer && 'error' in view.offer) {
    parts.push(`<h2>Pay by mobile money</h2><p>${escapeHtml(view.offer.error)}</p>`);
  } else if (view.offer) {
    const { offer } = view;
    const due = escapeHtml(formatMinor(offer.zmwMinor, 'ZMW'));
    const what = offer.purpose === 'deposit' ? 'Deposit due now' : 'Payment requested';
    const rate = offer.rate
      ? `<p class="muted">${escapeHtml(formatMinor(offer.quoteMinor, quote.currency))} at ZMW ${escapeHtml(offer.rate)} to the US dollar ` +
        `(rate of ${escapeHtml((offer.rateSetAt ?? '').slice(0, 10))}), rounded up to the whole kwacha.</p>`
      : '';
    const radios = mobileNetworks
      .map(
        (n) =>
          `<label class="tick"><input type="radio" name="network" value="${n}" required${kept?.network === n ? ' checked' : ''}>` +
          `${escapeHtml(mobileNetworkLabels[n])}</label>`,
      )
      .join('');
    parts.push(
      `<h2>Pay by mobile money</h2><p>${what}: <strong>${due}</strong></p>${rate}` +
        `<form method="post" action="${base}/pay"><fieldset><legend>Mobile money network</legend>${radios}</fieldset>` +
        `<label for="pay-phone">Mobile money number</label><input type="text" id="pay-phone" name="phone" inputmode="tel" autocomplete="tel" ` +
        `maxlength="20" required placeholder="e.g. 0971 234 567" value="${escapeHtml(kept?.phone ?? '')}">` +
        `<button type="submit">Pay ${due}</button></form>`,
    );
  }
  if (view.payments.length) {
    const rows = view.payments
      .map(
        (p) =>
          `<tr><td>${escapeHtml(p.createdAt.slice(0, 10))}</td><td class="n">${money(p.amount, 'ZMW')}</td>` +
          `<td>${escapeHtml(mobileNetworkLabels[p.network])}</td><td>${stateOf(p, base)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<h2>Payments</h2><table><thead><tr><th scope="col">Date</th><th scope="col" class="n">Amount</th><th scope="col">Network</th>` +
        `<th scope="col">State</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  return parts.join('');
}
