/**
 * A test double of the parts of `electron` the main process uses, for
 * `vi.mock('electron', () => import('./fake-electron'))`. It records what the main process asks
 * of Electron (window options, handlers, menus) so tests can drive and inspect it.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loadedUrls: string[] = [];
  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
    // As Electron does for every new web contents.
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    this.loadedUrls.push(url);
    return Promise.resolve();
  }
  show() {}
  focus() {}
  restore() {}
  isMinimized() {
    return false;
  }
  static fromWebContents(contents: unknown) {
    return FakeBrowserWindow.instances.find((w) => w.webContents === contents) ?? null;
  }
}
export const BrowserWindow = FakeBrowserWindow;

const userPaths: Record<string, string> = {};

export const app = Object.assign(new EventEmitter(), {
  isPackaged: false,
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
  enableSandbox: vi.fn(),
  whenReady: vi.fn(() => Promise.resolve()),
  getPath: vi.fn((name: string) => {
    if (!userPaths[name]) throw new Error(`no fake path ${name}`);
    return userPaths[name];
  }),
});

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn(),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    setDisplayMediaRequestHandler: vi.fn(),
    webRequest: { onHeadersReceived: vi.fn() },
  },
};

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, handler: Handler) => {
    ipcMain.handlers.set(channel, handler);
  }),
};

export const shell = { openExternal: vi.fn(() => Promise.resolve()) };
export const clipboard = { writeText: vi.fn() };
export const dialog = { showSaveDialog: vi.fn() };
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
};

/** Preload side: what contextBridge exposed to the page, and the IPC calls made. */
export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld: vi.fn((key: string, api: unknown) => {
    contextBridge.exposed.set(key, api);
  }),
};
export const ipcRenderer = { invoke: vi.fn(async (..._args: unknown[]) => 'answer'), send: vi.fn(), on: vi.fn() };

/**
 * A stand-in for the OS key store: "encrypts" by XOR with a key and a marker, so that the
 * ciphertext never contains the plain text and decrypting something else fails.
 */
const marker = Buffer.from('FAKE-OS-ENCRYPTED:');
const xor = (data: Buffer) => Buffer.from(data.map((b, i) => b ^ (0x5a + (i % 7))));
export const safeStorage = {
  available: true,
  backend: 'gnome_libsecret' as 'basic_text' | 'gnome_libsecret' | 'kwallet' | 'kwallet5' | 'kwallet6' | 'unknown',
  isAsyncEncryptionAvailable: vi.fn(async () => safeStorage.available),
  getSelectedStorageBackend: vi.fn(() => safeStorage.backend),
  encryptStringAsync: vi.fn(async (plain: string) => Buffer.concat([marker, xor(Buffer.from(plain, 'utf8'))])),
  decryptStringAsync: vi.fn(async (data: Buffer) => {
    if (!data.subarray(0, marker.length).equals(marker)) throw new Error('Error while decrypting the ciphertext');
    return { result: xor(data.subarray(marker.length)).toString('utf8'), shouldReEncrypt: false };
  }),
};

/** Back to a fresh Electron: no windows, handlers or listeners; user data in `dirs`. */
export function resetFakeElectron(dirs: { userData: string; downloads: string }) {
  FakeBrowserWindow.instances = [];
  app.removeAllListeners();
  ipcMain.handlers.clear();
  contextBridge.exposed.clear();
  Object.assign(userPaths, dirs);
  safeStorage.available = true;
  safeStorage.backend = 'gnome_libsecret';
  vi.clearAllMocks();
  app.requestSingleInstanceLock.mockImplementation(() => true);
}
