/**
 * The Electron main process: one window showing the console from the app's own scheme, the
 * server-address page on first start (and from the menu), and the IPC behind `window.kafue` and
 * `window.kafueSetup`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import type { IpcMainInvokeEvent } from 'electron';
import { channels } from '../shared/bridge';
import { createApiClient } from './api-client';
import {
  appScheme,
  appSchemePrivileges,
  consoleUrl,
  contentSecurityPolicy,
  createAppProtocolHandler,
  setupPath,
  setupUrl,
} from './app-scheme';
import { menuTemplate } from './menu';
import { denyAllPermissions, enforceContentSecurityPolicy, guardWebContents, registerIpcRoutes } from './security';
import { checkServer, createServerAddressStore, defaultServerAddress } from './server-address';
import { createTokenStore, safeStorageEncryptor } from './token-store';
import { createMainWindow } from './window';

interface AppPaths {
  /** desktop/out/renderer: the console's and the setup page's built files. */
  rendererDir: string;
  /** desktop/out/preload/index.cjs */
  preloadPath: string;
}

/** File names inside app.getPath('userData'). */
export const serverFileName = 'server.json';
export const sessionFileName = 'session.bin';

/** Enough for any password or id the console offers to copy. */
const maxCopiedLength = 10_000;
const isSetupPage = (path: string) => path === setupPath;
const isConsolePage = (path: string) => path !== setupPath;

/**
 * Starts the app. Must run before `ready` (scheme privileges, sandbox, single-instance lock).
 * Resolves once the first window is open; resolves to null when another instance already runs.
 */
export async function startApp(paths: AppPaths): Promise<BrowserWindow | null> {
  protocol.registerSchemesAsPrivileged([{ scheme: appScheme, privileges: appSchemePrivileges }]);
  app.enableSandbox();

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return null;
  }

  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  // Every web contents ever created gets the navigation guards, not only our window's.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, shell));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  await app.whenReady();

  const ses = session.defaultSession;
  denyAllPermissions(ses);
  enforceContentSecurityPolicy(ses, contentSecurityPolicy);
  protocol.handle(appScheme, createAppProtocolHandler(paths.rendererDir));

  const userData = app.getPath('userData');
  const server = createServerAddressStore(join(userData, serverFileName));
  const tokens = createTokenStore(join(userData, sessionFileName), safeStorageEncryptor(safeStorage));
  await Promise.all([server.load(), tokens.load()]);
  const client = createApiClient({ serverOrigin: server.get, tokens });

  // A load cut short by another (ERR_ABORTED) is not an error worth an unhandled rejection.
  const show = (url: string) => void mainWindow?.loadURL(url).catch(() => undefined);
  const showSetup = () => show(setupUrl);
  const showConsole = () => show(consoleUrl);

  registerIpcRoutes(ipcMain, {
    [channels.request]: { allowPage: isConsolePage, handle: (_event, req) => client.request(req) },
    [channels.mediaFile]: { allowPage: isConsolePage, handle: (_event, path) => client.mediaFile(path) },
    [channels.saveBackup]: {
      allowPage: isConsolePage,
      handle: (event, fileUrl) =>
        client.saveBackup(fileUrl, {
          chooseFile: (defaultName) => chooseSavePath(event, defaultName),
          writeFile: (path, data) => writeFile(path, data),
        }),
    },
    [channels.saveExport]: {
      allowPage: isConsolePage,
      handle: (event, path) =>
        client.saveExport(path, {
          chooseFile: (defaultName) => chooseSavePath(event, defaultName),
          writeFile: (file, data) => writeFile(file, data),
        }),
    },
    [channels.copyText]: {
      allowPage: isConsolePage,
      handle: async (_event, text) => {
        if (typeof text !== 'string' || text.length > maxCopiedLength) throw new Error('Invalid text to copy.');
        await clipboard.writeText(text);
      },
    },
    [channels.setupCurrent]: {
      allowPage: isSetupPage,
      handle: async () => ({ address: server.get(), defaultAddress: defaultServerAddress }),
    },
    [channels.setupSave]: {
      allowPage: isSetupPage,
      handle: async (_event, address) => {
        const check = await checkServer(address);
        if (!check.ok) return check;
        // A session belongs to the server that issued it.
        if (check.address !== server.get()) await tokens.clear();
        await server.save(check.address);
        showConsole();
        return check;
      },
    },
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate({ onChangeServer: showSetup, platform: process.platform, devTools: !app.isPackaged })),
  );

  const openWindow = (): BrowserWindow => {
    const window = createMainWindow(paths.preloadPath);
    mainWindow = window;
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null;
    });
    if (server.get()) showConsole();
    else showSetup();
    return window;
  };
  // macOS keeps the app running without windows; the dock icon opens one again.
  app.on('activate', () => {
    if (!mainWindow) openWindow();
  });
  return openWindow();
}

async function chooseSavePath(event: IpcMainInvokeEvent, defaultName: string): Promise<string | undefined> {
  const owner = BrowserWindow.fromWebContents(event.sender);
  const options = {
    title: defaultName.endsWith('.csv') ? 'Save export' : 'Save backup',
    defaultPath: join(app.getPath('downloads'), defaultName),
  };
  const result = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
  return result.canceled ? undefined : result.filePath;
}
