/**
 * The server the desktop console talks to: asked for on first start, checked against
 * GET /api/health, remembered in a JSON file in the app's user-data folder, changeable from the
 * app menu. No electron import.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { api } from '@kafue/common/contract';
import type { ServerCheck } from '../shared/bridge';

export const defaultServerAddress = 'http://localhost:5000';

export const addressMessages = {
  invalid: 'Enter the server address, for example http://localhost:5000.',
  noPath: 'Enter only the server address (scheme, host and port), without a path.',
  unreachable: 'The server could not be reached at this address.',
  unhealthy: (status: number) => `The server answered ${status} instead of 200 at ${api.health}.`,
} as const;

/** `http(s)://host[:port]` as an origin, or a message saying why the input is not one. */
export function normalizeServerAddress(input: unknown): ServerCheck {
  if (typeof input !== 'string' || input.trim() === '' || input.length > 2048) return { ok: false, message: addressMessages.invalid };
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return { ok: false, message: addressMessages.invalid };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) {
    return { ok: false, message: addressMessages.invalid };
  }
  if (url.pathname !== '/' || url.search || url.hash) return { ok: false, message: addressMessages.noPath };
  return { ok: true, address: url.origin };
}

/** Normalises `input` and checks that the server answers GET /api/health with 200. */
export async function checkServer(input: unknown, doFetch: typeof fetch = fetch, timeoutMs = 5000): Promise<ServerCheck> {
  const normalized = normalizeServerAddress(input);
  if (!normalized.ok) return normalized;
  try {
    const res = await doFetch(new URL(api.health, normalized.address), {
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.status !== 200) return { ok: false, message: addressMessages.unhealthy(res.status) };
  } catch {
    return { ok: false, message: addressMessages.unreachable };
  }
  return normalized;
}

/** The remembered address, kept in `file` as `{ "serverAddress": "http://host:port" }`. */
export function createServerAddressStore(file: string) {
  let address: string | null = null;
  return {
    get: () => address,
    async load(): Promise<string | null> {
      try {
        const saved = JSON.parse(await readFile(file, 'utf8')) as { serverAddress?: unknown };
        const normalized = normalizeServerAddress(saved.serverAddress);
        address = normalized.ok ? normalized.address : null;
      } catch {
        address = null;
      }
      return address;
    },
    async save(value: string): Promise<void> {
      await writeFile(file, `${JSON.stringify({ serverAddress: value }, null, 2)}\n`, { mode: 0o600 });
      address = value;
    },
  };
}
