/** CSV answers (the audit log's export; the enquiries' applies the same rule in SQL). */

/**
 * A CSV cell: quoted, and text a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * neutralised by a leading apostrophe (OWASP's advice). Values other than text are written as JSON.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}
