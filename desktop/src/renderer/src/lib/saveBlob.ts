import type { MouseEvent } from 'react';

/**
 * Lets the user keep a file the browser holds (an export received, or a report's CSV made here)
 * as a download named `fileName`.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A CSV made in the browser, as a download. */
export const saveCsv = (csv: string, fileName: string) => saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);

/**
 * The desktop app saves a file the server serves (a backup, the audit log's CSV) through a native
 * dialog; the web follows the link with its cookie.
 */
export function saveInDesktopApp(e: MouseEvent<HTMLAnchorElement>, fileUrl: string): void {
  if (!window.kafue) return;
  e.preventDefault();
  void window.kafue.saveBackup(fileUrl);
}
