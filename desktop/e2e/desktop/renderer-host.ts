/**
 * What stands in for Electron in the renderer's end-to-end test, since no Electron binary can
 * run on these machines:
 * - the renderer's desktop build (desktop/out/renderer) served over a local HTTP port with the
 *   app scheme's own rules (same SPA fallback, same headers and CSP: src/main/app-scheme.ts);
 * - `window.kafue` in the page backed by the main process's real request module
 *   (src/main/api-client.ts) running here in Node, as the preload + IPC do in the app.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appResponseHeaders, resolveAppPath } from '../../src/main/app-scheme';
import { createApiClient, type TokenStore } from '../../src/main/api-client';
import { checkServer, defaultServerAddress } from '../../src/main/server-address';
import type { BridgeResponse, ServerCheck } from '../../src/shared/bridge';

export const rendererDir = join(import.meta.dirname, '..', '..', 'out', 'renderer');
export const rendererBuilt = existsSync(join(rendererDir, 'index.html'));

/** Serves desktop/out/renderer as the app scheme does; resolves to its origin. */
export async function serveRenderer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://renderer.local').pathname;
      const resolved = await resolveAppPath(rendererDir, path);
      if (resolved.kind === 'refused') {
        res.writeHead(resolved.status).end();
        return;
      }
      res.writeHead(200, appResponseHeaders(resolved.file)).end(await readFile(resolved.file));
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For a spec file signing in through the desktop build: serves the renderer and makes a scratch
 * downloads folder before its tests, and removes both after them. `origin` and `downloads` are
 * set once its beforeAll has run.
 */
export function useRendererHost(): { origin: string; downloads: string } {
  const host = { origin: '', downloads: '' };
  let renderer: Awaited<ReturnType<typeof serveRenderer>> | undefined;
  test.beforeAll(async () => {
    expect(rendererBuilt, 'the desktop build of the renderer (npm run build -w desktop)').toBe(true);
    renderer = await serveRenderer();
    host.origin = renderer.origin;
    host.downloads = await mkdtemp(join(tmpdir(), 'kafue-desktop-e2e-'));
  });
  test.afterAll(async () => {
    await renderer?.close();
    if (host.downloads) await rm(host.downloads, { recursive: true, force: true });
  });
  return host;
}

/** What the page's `toWire` (installBridge) made of a request: its bytes back from base64, as IPC would hand them over. */
function fromWire(value: unknown): never {
  if (Array.isArray(value)) return value.map(fromWire) as never;
  if (typeof value !== 'object' || value === null) return value as never;
  const { __kafueBytes: base64, ...rest } = value as Record<string, unknown>;
  if (typeof base64 === 'string' && Object.keys(rest).length === 0) return new Uint8Array(Buffer.from(base64, 'base64')) as never;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromWire(v)])) as never;
}

/** The main process's side of the bridge, for one page: its token store and what the page was given. */
export interface DesktopSide {
  tokens: TokenStore & { value: string | null };
  /** Every answer handed to the page by `window.kafue.request`, in order. */
  answers: { path: string; answer: BridgeResponse }[];
  /** Files written by `saveBackup` (the save dialog always picks `saveAs`). */
  saved: { path: string; data: Uint8Array }[];
}

/** Gives `page` a `window.kafue` backed by the real request module, talking to `serverOrigin`. */
export async function installBridge(page: Page, serverOrigin: string, saveAs: string): Promise<DesktopSide> {
  const side: DesktopSide = {
    tokens: {
      value: null,
      get: () => side.tokens.value,
      set: async (token) => void (side.tokens.value = token),
      clear: async () => void (side.tokens.value = null),
    },
    answers: [],
    saved: [],
  };
  const client = createApiClient({ serverOrigin: () => serverOrigin, tokens: side.tokens });
  await page.exposeFunction('__kafueMainRequest', async (req: { path?: unknown }) => {
    const answer = await client.request(fromWire(req));
    side.answers.push({ path: String(req?.path), answer });
    return answer;
  });
  await page.exposeFunction('__kafueMainSaveBackup', (fileUrl: string) =>
    client.saveBackup(fileUrl, {
      chooseFile: async () => saveAs,
      writeFile: async (path, data) => {
        await writeFile(path, data);
        side.saved.push({ path, data });
      },
    }),
  );
  await page.exposeFunction('__kafueMainMediaFile', async (path: string) => {
    const file = await client.mediaFile(path);
    return file && { type: file.type, base64: Buffer.from(file.bytes).toString('base64') };
  });
  // What the preload exposes: a few named functions, nothing else.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    // Electron's IPC copies bytes (a form's file) as they are; Playwright's carries JSON: base64 then.
    const toWire = (value: unknown): unknown => {
      if (value instanceof Uint8Array) {
        let text = '';
        for (let i = 0; i < value.length; i += 0x8000) text += String.fromCharCode(...value.subarray(i, i + 0x8000));
        return { [bytesMark]: btoa(text) };
      }
      if (Array.isArray(value)) return value.map(toWire);
      if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
      return value;
    };
    const bytesMark = '__kafueBytes';
    Object.defineProperty(window, 'kafue', {
      value: Object.freeze({
        request: (req: unknown) => w.__kafueMainRequest(toWire(req)),
        saveBackup: (fileUrl: unknown) => w.__kafueMainSaveBackup(fileUrl),
        mediaFile: async (path: unknown) => {
          const file = (await w.__kafueMainMediaFile(path)) as { type: string; base64: string } | null;
          return file && { type: file.type, bytes: Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)) };
        },
      }),
    });
  });
  return side;
}

/**
 * Gives the server-address page its `window.kafueSetup`, backed by the real health check; the
 * addresses it accepted are returned (in the app the main process then saves and opens the console).
 */
export async function installSetupBridge(page: Page, remembered: string | null): Promise<{ accepted: string[] }> {
  const accepted: string[] = [];
  await page.exposeFunction('__kafueMainSetupSave', async (address: string): Promise<ServerCheck> => {
    const check = await checkServer(address);
    if (check.ok) accepted.push(check.address);
    return check;
  });
  await page.addInitScript(
    ([address, defaultAddress]) => {
      const w = window as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      Object.defineProperty(window, 'kafueSetup', {
        value: Object.freeze({
          current: async () => ({ address, defaultAddress }),
          save: (value: unknown) => w.__kafueMainSetupSave(value),
        }),
      });
    },
    [remembered, defaultServerAddress] as const,
  );
  return { accepted };
}
