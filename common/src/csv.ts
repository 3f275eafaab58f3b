/**
 * CSV as every export writes it: the server's (audit log, subscribers; the enquiries' applies the
 * same rule in SQL) and the console's (the lead report, made in the browser).
 */

/**
 * A CSV cell: quoted, and text a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * neutralised by a leading apostrophe (OWASP's advice). Values other than text are written as JSON.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}
