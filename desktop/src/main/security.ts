/**
 * The items of Electron's security checklist that are code (the window's web preferences are in
 * window.ts): navigation and new-window guards, permission handlers, the CSP header and the IPC
 * sender check. Electron objects are passed in, so unit tests drive them with test doubles.
 */
import type { IpcMain, IpcMainInvokeEvent, Session, Shell, WebContents } from 'electron';
import { isAppUrl } from './app-scheme';

/** Links the system browser may open: https pages and mail addresses, nothing else. */
function isAllowedExternalUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}

function openExternally(shell: Pick<Shell, 'openExternal'>, url: string): void {
  if (isAllowedExternalUrl(url)) void shell.openExternal(url).catch(() => undefined); // eng-disable OPEN_EXTERNAL_JS_CHECK (only https: and mailto: pass isAllowedExternalUrl)
}

/**
 * Every web contents (windows, and anything else ever created) may only navigate within the
 * app's own pages; a link elsewhere opens in the system browser when it is https: or mailto:,
 * and is dropped otherwise. No new windows, no <webview>.
 */
export function guardWebContents(contents: WebContents, shell: Pick<Shell, 'openExternal'>): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openExternally(shell, event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(shell, url);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** No permission (camera, notifications, clipboard read, geolocation, USB, ...) is ever granted. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.setDisplayMediaRequestHandler((_request, callback) => callback(null));
}

/**
 * The CSP header on every response the session loads, in addition to the one the app scheme's
 * handler sets itself (see app-scheme.ts `contentSecurityPolicy`, the same policy).
 */
export function enforceContentSecurityPolicy(session: Session, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}

/**
 * An IPC call is answered only when it comes from the top frame of one of the app's own pages
 * (`kafue://app/...`) and `allowPage` accepts its path: never from another origin, a subframe,
 * or a page that navigated elsewhere.
 */
function isTrustedSender(event: IpcMainInvokeEvent, allowPage: (path: string) => boolean = () => true): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !isAppUrl(frame.url)) return false;
  return allowPage(new URL(frame.url).pathname);
}

interface IpcRoute {
  /** Which of the app's pages may call it (by path); default any. */
  allowPage?: (path: string) => boolean;
  handle(event: IpcMainInvokeEvent, ...args: unknown[]): Promise<unknown>;
}

class ForeignSenderError extends Error {
  constructor(channel: string) {
    super(`Refused ${channel}: not called by the app's own page.`);
  }
}

/** Registers each route with `ipcMain.handle`, behind the sender check. */
export function registerIpcRoutes(ipcMain: Pick<IpcMain, 'handle'>, routes: Record<string, IpcRoute>): void {
  for (const [channel, route] of Object.entries(routes)) {
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, route.allowPage)) throw new ForeignSenderError(channel);
      return route.handle(event, ...args);
    });
  }
}
