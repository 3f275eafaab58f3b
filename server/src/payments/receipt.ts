/**
 * A payment's receipt as a PDF (document.ts): who paid, how much, by which network with its
 * reference, and what it counts for on the quote.
 */
import type { CompanyProfile } from '@kafue/common/company';
import { formatMinor, mobileNetworkLabels, toMinor, type Payment } from '@kafue/common/payments';
import { companyDocument } from './document.js';

export interface ReceiptFacts {
  payment: Payment;
  quoteNumber: string;
  payerName: string;
  company: { name: string; profile: CompanyProfile };
}

export async function receiptPdf({ payment, quoteNumber, payerName, company }: ReceiptFacts): Promise<Uint8Array> {
  const settled = new Date(payment.settledAt ?? payment.createdAt);
  const pen = await companyDocument(`Receipt ${payment.receiptNumber}`, company, settled);
  pen.down(20);
  const counted = formatMinor(toMinor(payment.quoteAmount) ?? 0, payment.quoteCurrency);
  const rows: [string, string][] = [
    ['Date', settled.toISOString().slice(0, 10)],
    ['Received from', payerName],
    ['Amount', formatMinor(toMinor(payment.amount) ?? 0, 'ZMW')],
    ['Paid by', `${mobileNetworkLabels[payment.network]}, ${payment.phone}`],
    ['Network reference', payment.providerTransactionId ?? '-'],
    ['For', `Quote ${quoteNumber} (${payment.purpose === 'deposit' ? 'deposit' : 'payment request'})`],
    ...(payment.rate ? ([['Counted as', `${counted} at ZMW ${payment.rate} to the US dollar`]] as [string, string][]) : []),
  ];
  for (const [label, value] of rows) {
    pen.text(label, pen.margin, { size: 11, font: pen.bold });
    pen.text(value, 200, { size: 11 });
    pen.down(20);
  }
  pen.down(10);
  pen.text('Thank you for your payment.', pen.margin, { size: 11 });
  return pen.doc.save();
}
