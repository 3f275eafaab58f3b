/**
 * A one-page A4 document of the company (a receipt, an invoice): pdf-lib with the standard fonts
 * (as the quotes'), its letterhead (the company's name, the document's title, its contact lines),
 * and a pen that writes text down the page.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CompanyProfile } from '@kafue/common/company';
import { printable } from '../quotes/pdf.js';

const [width, height] = [595.28, 841.89];

export async function companyDocument(
  title: string,
  issuer: { name: string; profile: CompanyProfile },
  at: Date,
  moreLines: string[] = [],
) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(printable(issuer.name));
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([width, height]);
  const margin = 50;
  const pen = {
    doc,
    bold,
    margin,
    right: width - margin,
    y: height - margin,
    /** Writes `value` at `x` on the current line (its right edge at `x` with alignRight). */
    text: (value: string, x: number, { size = 10, font = regular, alignRight = false, grey = false } = {}) => {
      const s = printable(value);
      const color = grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0);
      page.drawText(s, { x: alignRight ? x - font.widthOfTextAtSize(s, size) : x, y: pen.y, size, font, color });
    },
    down: (by: number) => {
      pen.y -= by;
    },
  };
  pen.text(issuer.name, margin, { size: 18, font: bold });
  pen.text(title, pen.right, { size: 14, font: bold, alignRight: true });
  pen.down(16);
  for (const line of [issuer.profile.address, `${issuer.profile.phone} · ${issuer.profile.email}`, ...moreLines]) {
    pen.text(line, margin, { size: 9, grey: true });
    pen.down(12);
  }
  return pen;
}
