/**
 * Copies text to the clipboard. The desktop app denies pages every permission, the clipboard
 * included, so there the main process copies it through the bridge; on the web the browser does.
 */
export function copyText(text: string): Promise<void> {
  return window.kafue ? window.kafue.copyText(text) : navigator.clipboard.writeText(text);
}
