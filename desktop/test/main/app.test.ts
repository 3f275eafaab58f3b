/**
 * The main process as a whole (src/main/app.ts), with `electron` replaced by a test double:
 * what it asks of Electron at start-up, the window's web preferences, the guards on every web
 * contents, the permission handlers, and the sender check of each IPC handler.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../src/shared/bridge';
import * as electron from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const { startApp, serverFileName, sessionFileName } = await import('../../src/main/app');

let dir: string;
let userData: string;
let rendererDir: string;
const preloadPath = '/opt/kafue/out/preload/index.cjs';

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kafue-main-'));
  userData = join(dir, 'user-data');
  rendererDir = join(dir, 'renderer');
  await mkdir(userData);
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>console</title>');
  await writeFile(join(rendererDir, 'setup.html'), '<!doctype html><title>setup</title>');
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(join(dir, 'secret.txt'), 'outside the renderer');
  electron.resetFakeElectron({ userData, downloads: dir });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await rm(dir, { recursive: true, force: true });
});

async function start() {
  const window = await startApp({ rendererDir, preloadPath });
  expect(window).not.toBeNull();
  return electron.FakeBrowserWindow.instances[0];
}

const saveServer = (address: string) => writeFile(join(userData, serverFileName), JSON.stringify({ serverAddress: address }));

/** An IPC event as Electron would deliver it from a frame at `url`. */
function ipcEvent(url: string | null, options: { subframe?: boolean } = {}) {
  const window = electron.FakeBrowserWindow.instances[0];
  const top = url === null ? null : { url, parent: null };
  const senderFrame = options.subframe && top ? { url, parent: top } : top;
  return { senderFrame, sender: window?.webContents };
}

function invoke(channel: string, event: unknown, ...args: unknown[]) {
  const handler = electron.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, ...args);
}

describe('start-up', () => {
  it('registers the app scheme as a privileged standard, secure scheme before ready, and sandboxes every renderer', async () => {
    await start();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'kafue', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    const privileges = electron.protocol.registerSchemesAsPrivileged.mock.calls[0][0][0].privileges;
    expect(privileges).not.toHaveProperty('bypassCSP');
    expect(privileges).not.toHaveProperty('corsEnabled');
    expect(electron.app.enableSandbox).toHaveBeenCalled();
    expect(electron.protocol.handle).toHaveBeenCalledWith('kafue', expect.any(Function));
  });

  it('takes the single-instance lock, and a second instance quits without opening a window', async () => {
    electron.app.requestSingleInstanceLock.mockImplementation(() => false);
    expect(await startApp({ rendererDir, preloadPath })).toBeNull();
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.FakeBrowserWindow.instances).toHaveLength(0);
    expect(electron.ipcMain.handle).not.toHaveBeenCalled();
  });

  it('asks for the server address on first start', async () => {
    const window = await start();
    expect(window.loadedUrls).toEqual(['kafue://app/setup.html']);
  });

  it('opens the console from the app scheme, never the network, once an address is remembered', async () => {
    await saveServer('http://192.168.1.20:5000');
    const window = await start();
    expect(window.loadedUrls).toEqual(['kafue://app/']);
  });

  it('offers "Server Address…" in the app menu, which shows the server-address page', async () => {
    await saveServer('http://localhost:5000');
    const window = await start();
    const template = electron.Menu.buildFromTemplate.mock.calls[0][0] as { submenu?: { label?: string; click?: () => void }[] }[];
    const item = template.flatMap((menu) => menu.submenu ?? []).find((entry) => entry.label === 'Server Address…');
    expect(item).toBeDefined();
    item!.click!();
    expect(window.loadedUrls.at(-1)).toBe('kafue://app/setup.html');
  });
});

describe('the window', () => {
  it('is isolated, sandboxed, without Node and with web security', async () => {
    const window = await start();
    expect(window.options.webPreferences).toEqual({
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: false,
    });
  });
});

describe('navigation and new windows', () => {
  function navigate(contents: electron.FakeWebContents, url: string) {
    const event = { url, preventDefault: vi.fn() };
    contents.emit('will-navigate', event);
    return event.preventDefault.mock.calls.length > 0 ? 'refused' : 'allowed';
  }

  it('lets the page move between its own routes only', async () => {
    const { webContents } = await start();
    expect(navigate(webContents, 'kafue://app/kafue-secure-admin')).toBe('allowed');
    for (const url of [
      'https://evil.example/',
      'http://localhost:5000/admin',
      'file:///etc/passwd',
      'kafue://other/',
      'javascript:alert(1)',
      'data:text/html,hi',
    ]) {
      expect(navigate(webContents, url), url).toBe('refused');
    }
  });

  it('opens https: and mailto: links in the system browser, and nothing else', async () => {
    const { webContents } = await start();
    navigate(webContents, 'https://kafue.example/help');
    navigate(webContents, 'mailto:info@kafue.example');
    navigate(webContents, 'http://insecure.example/');
    navigate(webContents, 'file:///etc/passwd');
    navigate(webContents, 'smb://share/x');
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://kafue.example/help'], ['mailto:info@kafue.example']]);
  });

  it('denies every new window, handing only https: and mailto: links to the system browser', async () => {
    const { webContents } = await start();
    const open = (url: string) => webContents.windowOpenHandler!({ url });
    for (const url of [
      'https://kafue.example/',
      'mailto:a@b.example',
      'http://x.example/',
      'kafue://app/admin',
      'file:///tmp/x',
      'javascript:1',
    ]) {
      expect(open(url), url).toEqual({ action: 'deny' });
    }
    expect(electron.shell.openExternal.mock.calls).toEqual([['https://kafue.example/'], ['mailto:a@b.example']]);
  });

  it('refuses redirects away from the app and any <webview>', async () => {
    const { webContents } = await start();
    const redirect = { url: 'https://evil.example/', preventDefault: vi.fn() };
    webContents.emit('will-redirect', redirect);
    expect(redirect.preventDefault).toHaveBeenCalled();
    const attach = { preventDefault: vi.fn() };
    webContents.emit('will-attach-webview', attach, {}, {});
    expect(attach.preventDefault).toHaveBeenCalled();
  });

  it('guards web contents created later too, not only the first window', async () => {
    await start();
    const other = new electron.FakeWebContents();
    electron.app.emit('web-contents-created', {}, other);
    expect(navigate(other, 'https://evil.example/')).toBe('refused');
    expect(other.windowOpenHandler!({ url: 'http://x.example/' })).toEqual({ action: 'deny' });
  });
});

describe('permissions and CSP', () => {
  it('denies every permission request and check', async () => {
    await start();
    const ses = electron.session.defaultSession;
    const request = ses.setPermissionRequestHandler.mock.calls[0][0] as (wc: unknown, p: string, cb: (ok: boolean) => void) => void;
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'clipboard-sanitized-write',
      'geolocation',
      'openExternal',
      'fullscreen',
    ]) {
      const callback = vi.fn();
      request({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
    const check = ses.setPermissionCheckHandler.mock.calls[0][0] as (wc: unknown, p: string, origin: string) => boolean;
    expect(check(null, 'media', 'kafue://app')).toBe(false);
    expect(check(null, 'clipboard-read', 'kafue://app')).toBe(false);
    const device = ses.setDevicePermissionHandler.mock.calls[0][0] as (details: unknown) => boolean;
    expect(device({ deviceType: 'usb' })).toBe(false);
    const display = ses.setDisplayMediaRequestHandler.mock.calls[0][0] as (r: unknown, cb: (s: unknown) => void) => void;
    const displayCallback = vi.fn();
    display({}, displayCallback);
    expect(displayCallback).toHaveBeenCalledWith(null);
  });

  it('puts a strict Content-Security-Policy on every response of the session', async () => {
    await start();
    const listener = electron.session.defaultSession.webRequest.onHeadersReceived.mock.calls[0][0] as (
      details: unknown,
      cb: (r: { responseHeaders: Record<string, string[]> }) => void,
    ) => void;
    const callback = vi.fn();
    listener({ responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    const headers = callback.mock.calls[0][0].responseHeaders;
    expect(headers['Content-Type']).toEqual(['text/html']);
    const [policy] = headers['Content-Security-Policy'];
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('serves the renderer through the scheme handler, refusing paths outside it', async () => {
    await start();
    const handler = electron.protocol.handle.mock.calls[0][1] as (r: Request) => Promise<Response>;
    const page = await handler(new Request('kafue://app/admin/dashboard'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>console</title>');
    const escape = await handler(new Request('kafue://app/..%2fsecret.txt'));
    expect(escape.status).toBe(403);
    expect(await escape.text()).not.toContain('outside the renderer');
  });
});

describe('IPC handlers check their sender', () => {
  const consoleChannels = [
    [channels.request, { method: 'GET', path: '/api/auth/verify' }],
    [channels.saveBackup, '/api/settings/backups/b.json'],
    [channels.copyText, 'one-time-password'],
    [channels.mediaFile, '/media/0123456789abcdef0123456789abcdef-320.jpg'],
  ] as const;
  const setupChannels = [
    [channels.setupCurrent, undefined],
    [channels.setupSave, 'http://localhost:5000'],
  ] as const;
  const foreignSenders: [label: string, url: string | null, subframe?: boolean][] = [
    ['another origin', 'https://evil.example/'],
    ['a local file', 'file:///tmp/page.html'],
    ['another host of the scheme', 'kafue://other/'],
    ['the server itself', 'http://localhost:5000/admin'],
    ['no frame', null],
    ['a subframe of the app', 'kafue://app/setup.html', true],
    ['a subframe of the console', 'kafue://app/admin/dashboard', true],
  ];

  it('registers exactly the bridge channels', async () => {
    await start();
    expect([...electron.ipcMain.handlers.keys()].sort()).toEqual(Object.values(channels).sort());
  });

  it.each([...consoleChannels, ...setupChannels])('%s refuses foreign senders and does nothing', async (channel, arg) => {
    await saveServer('http://localhost:5000');
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await start();
    for (const [label, url, subframe] of foreignSenders) {
      await expect(invoke(channel, ipcEvent(url, { subframe }), arg), label).rejects.toThrow(/Refused/);
    }
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(electron.dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(electron.clipboard.writeText).not.toHaveBeenCalled();
    expect(JSON.parse(await readFile(join(userData, serverFileName), 'utf8'))).toEqual({ serverAddress: 'http://localhost:5000' });
  });

  it.each(consoleChannels)('%s refuses the server-address page', async (channel, arg) => {
    await saveServer('http://localhost:5000');
    await start();
    await expect(invoke(channel, ipcEvent('kafue://app/setup.html'), arg)).rejects.toThrow(/Refused/);
  });

  it.each(setupChannels)('%s refuses the console', async (channel, arg) => {
    await start();
    await expect(invoke(channel, ipcEvent('kafue://app/admin/settings/general'), arg)).rejects.toThrow(/Refused/);
  });

  it('answers the console page', async () => {
    await saveServer('http://127.0.0.1:9');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ admin: { name: 'A' } }), { status: 200 })),
    );
    await start();
    await expect(
      invoke(channels.request, ipcEvent('kafue://app/admin/dashboard'), { method: 'GET', path: '/api/auth/verify' }),
    ).resolves.toEqual({
      status: 200,
      body: { admin: { name: 'A' } },
    });
  });
});

describe('copying text', () => {
  it("puts the console's text on the clipboard, and only text", async () => {
    await start();
    await invoke(channels.copyText, ipcEvent('kafue://app/admin/users'), 'Xk7-one-time');
    expect(electron.clipboard.writeText).toHaveBeenCalledWith('Xk7-one-time');
    await expect(invoke(channels.copyText, ipcEvent('kafue://app/admin/users'), { html: '<b>' })).rejects.toThrow(/Invalid/);
    await expect(invoke(channels.copyText, ipcEvent('kafue://app/admin/users'), 'x'.repeat(10_001))).rejects.toThrow(/Invalid/);
    expect(electron.clipboard.writeText).toHaveBeenCalledTimes(1);
  });
});

describe('the server-address page', () => {
  let server: Server;
  let address: string;
  let healthStatus = 200;

  beforeEach(async () => {
    healthStatus = 200;
    server = createServer((req, res) => {
      res.statusCode = req.url === '/api/health' ? healthStatus : 404;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ status: healthStatus === 200 ? 'ok' : 'unavailable' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const setupEvent = () => ipcEvent('kafue://app/setup.html');

  it('offers http://localhost:5000 by default on first start', async () => {
    await start();
    await expect(invoke(channels.setupCurrent, setupEvent())).resolves.toEqual({ address: null, defaultAddress: 'http://localhost:5000' });
  });

  it('remembers an address whose /api/health answers 200 and opens the console', async () => {
    const window = await start();
    await expect(invoke(channels.setupSave, setupEvent(), `${address}/`)).resolves.toEqual({ ok: true, address });
    expect(JSON.parse(await readFile(join(userData, serverFileName), 'utf8'))).toEqual({ serverAddress: address });
    expect(window.loadedUrls.at(-1)).toBe('kafue://app/');
    await expect(invoke(channels.setupCurrent, setupEvent())).resolves.toEqual({ address, defaultAddress: 'http://localhost:5000' });
  });

  it('refuses an address whose health check fails, and keeps the old one', async () => {
    await saveServer('http://localhost:5000');
    healthStatus = 503;
    const window = await start();
    const result = await invoke(channels.setupSave, setupEvent(), address);
    expect(result).toEqual({ ok: false, message: 'The server answered 503 instead of 200 at /api/health.' });
    expect(JSON.parse(await readFile(join(userData, serverFileName), 'utf8'))).toEqual({ serverAddress: 'http://localhost:5000' });
    expect(window.loadedUrls).toEqual(['kafue://app/']);
  });

  it('forgets the session when the server changes: a token belongs to the server that issued it', async () => {
    await saveServer('http://localhost:5000');
    await writeFile(join(userData, sessionFileName), await electron.safeStorage.encryptStringAsync('old-server-token'));
    await start();
    await invoke(channels.setupSave, setupEvent(), address);
    await expect(readFile(join(userData, sessionFileName))).rejects.toThrow(/ENOENT/);
  });
});
