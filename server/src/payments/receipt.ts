/**
 * A payment's receipt as a PDF (pdf-lib and the standard fonts, as the quotes'): who paid, how
 * much, by which network with its reference, and what it counts for on the quote.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CompanyProfile } from '@kafue/common/company';
import { formatMinor, mobileNetworkLabels, toMinor, type Payment } from '@kafue/common/payments';
import { printable } from '../quotes/pdf.js';

export interface ReceiptFacts {
  payment: Payment;
  quoteNumber: string;
  payerName: string;
  company: { name: string; profile: CompanyProfile };
}

export async function receiptPdf({ payment, quoteNumber, payerName, company }: ReceiptFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const settled = new Date(payment.settledAt ?? payment.createdAt);
  doc.setTitle(`Receipt ${payment.receiptNumber}`);
  doc.setAuthor(printable(company.name));
  doc.setCreationDate(settled);
  doc.setModificationDate(settled);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const margin = 50;
  const right = 595.28 - margin;
  let y = 841.89 - margin;
  const text = (value: string, x: number, { size = 11, font = regular, alignRight = false, grey = false } = {}) => {
    const s = printable(value);
    const color = grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
    page.drawText(s, { x: alignRight ? x - font.widthOfTextAtSize(s, size) : x, y, size, font, color });
  };

  text(company.name, margin, { size: 18, font: bold });
  text(`Receipt ${payment.receiptNumber}`, right, { size: 14, font: bold, alignRight: true });
  y -= 16;
  for (const line of [company.profile.address, `${company.profile.phone} · ${company.profile.email}`]) {
    text(line, margin, { size: 9, grey: true });
    y -= 12;
  }
  y -= 20;
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
    text(label, margin, { font: bold });
    text(value, 200);
    y -= 20;
  }
  y -= 10;
  text('Thank you for your payment.', margin);
  return doc.save();
}
