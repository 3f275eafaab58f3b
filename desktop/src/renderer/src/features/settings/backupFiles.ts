import type { MouseEvent } from 'react';

/** The desktop app saves a backup through a native dialog; the web follows the link with its cookie. */
export function saveInDesktopApp(e: MouseEvent<HTMLAnchorElement>, fileUrl: string): void {
  if (!window.kafue) return;
  e.preventDefault();
  void window.kafue.saveBackup(fileUrl);
}

/** A backup's size as people read it: bytes, KB or MB (1024s). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
