/**
 * A quote as a PDF, drawn in the server process with pdf-lib (pure JavaScript, no browser, no
 * font files: the standard Helvetica fonts every PDF reader has).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { CompanyProfile } from '@kafue/common/company';
import { formatMoney, quoteStateLabels, totalRows, type Quote } from '@kafue/common/schemas';

/** The standard fonts write WinAnsi only: common typography mapped, anything else as "?" (the receipts too). */
const typographic: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2022': '-',
  '\u2026': '...',
};
export const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, (c) => typographic[c] ?? (/\s/.test(c) ? ' ' : '?'));

/** Words of `text` in lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of printable(paragraph).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

const pageSize: [number, number] = [595.28, 841.89]; // A4
const margin = 50;
const grey = rgb(0.35, 0.35, 0.35);

export async function quotePdf(quote: Quote, company: { name: string; profile: CompanyProfile }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Quote ${quote.number}`);
  doc.setAuthor(printable(company.name));
  doc.setCreationDate(new Date(quote.createdAt));
  doc.setModificationDate(new Date(quote.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(pageSize);
  let y = pageSize[1] - margin;
  const right = pageSize[0] - margin;

  const text = (value: string, x: number, { size = 10, font = regular, color = rgb(0, 0, 0), alignRight = false } = {}) => {
    const s = printable(value);
    page.drawText(s, { x: alignRight ? x - font.widthOfTextAtSize(s, size) : x, y, size, font, color });
  };
  const down = (by: number) => {
    y -= by;
    if (y < margin + 20) {
      page = doc.addPage(pageSize);
      y = pageSize[1] - margin;
    }
  };

  text(company.name, margin, { size: 18, font: bold });
  text(`Quote ${quote.number}`, right, { size: 14, font: bold, alignRight: true });
  down(16);
  for (const line of [company.profile.address, `${company.profile.phone} · ${company.profile.email}`]) {
    text(line, margin, { size: 9, color: grey });
    down(12);
  }
  down(12);
  text(`Date: ${quote.createdAt.slice(0, 10)}`, margin);
  text(`Valid until: ${quote.validUntil}`, right, { alignRight: true });
  down(14);
  text(`State: ${quoteStateLabels[quote.state]}`, margin);
  down(24);

  // The lines: description, quantity, unit price, period, amount.
  const cols = { qty: 340, unit: 430, period: 470, amount: right };
  text('Description', margin, { font: bold });
  text('Qty', cols.qty, { font: bold, alignRight: true });
  text('Unit price', cols.unit, { font: bold, alignRight: true });
  text('Paid', cols.period, { font: bold });
  text('Amount', cols.amount, { font: bold, alignRight: true });
  down(6);
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.5, color: grey });
  down(14);
  for (const line of quote.lines) {
    const described = wrap(line.description, regular, 10, cols.qty - margin - 40);
    text(described[0], margin);
    text(String(line.quantity), cols.qty, { alignRight: true });
    text(formatMoney(line.unitPrice, quote.currency), cols.unit, { alignRight: true });
    text(line.period === 'month' ? 'monthly' : 'once', cols.period);
    text(formatMoney(Math.round(line.quantity * line.unitPrice * 100) / 100, quote.currency), cols.amount, { alignRight: true });
    for (const more of described.slice(1)) {
      down(12);
      text(more, margin);
    }
    down(16);
  }
  page.drawLine({ start: { x: margin, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: grey });
  down(6);

  for (const { label, amount, total } of totalRows(quote.totals, quote.vatRate)) {
    text(label, cols.unit, { font: total ? bold : regular, alignRight: true });
    text(formatMoney(amount, quote.currency), cols.amount, { font: total ? bold : regular, alignRight: true });
    down(14);
  }

  if (quote.notes) {
    down(12);
    text('Notes', margin, { font: bold });
    down(14);
    for (const line of wrap(quote.notes, regular, 10, right - margin)) {
      text(line, margin);
      down(13);
    }
  }
  if (quote.acceptedAt) {
    down(12);
    text(`Accepted by ${quote.acceptedName ?? ''} on ${quote.acceptedAt.slice(0, 10)}`, margin, { font: bold });
  }
  return doc.save();
}
