/**
 * What `window.kafue` does, on the main-process side: sends the console's API calls to the
 * configured server with the bearer token that only this process holds, saves the files the
 * console downloads (backups, CSV exports) where the user chooses, and fetches the media
 * library's files the console shows (the page itself reaches no server).
 *
 * - Sign-in calls get `session: 'bearer'` added; the server then answers with a `token`, which is
 *   kept (encrypted, see token-store.ts) and removed from the answer the renderer gets.
 * - `Authorization: Bearer` goes only to the configured server's origin: a path is always
 *   resolved against that origin and anything that would leave it is refused before sending.
 * - Sign-out calls and any 401 forget the token.
 *
 * Plain Node (no electron import): unit-tested with a fake fetch, and used as is by the
 * Playwright test that runs the console's desktop build in Chromium against the real server.
 */
import { calls } from '@kafue/common/calls';
import { mediaPathPrefix } from '@kafue/common/renditions';
import { encodeBody, type BridgeRequest, type BridgeResponse, type MediaFileBytes } from '../shared/bridge';
import { parseAnswerBody } from '../shared/json';

export interface TokenStore {
  get(): string | null;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

interface ApiClientOptions {
  /** The configured server's origin (e.g. `http://localhost:5000`), or null before setup. */
  serverOrigin: () => string | null;
  tokens: TokenStore;
  fetch?: typeof fetch;
  /** Milliseconds before a call is given up; default 30 s. */
  timeoutMs?: number;
}

interface SaveTarget {
  /** Asks the user where to save (native dialog); undefined when they cancel. */
  chooseFile(defaultName: string): Promise<string | undefined>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
}

const signInPaths: ReadonlySet<string> = new Set([calls.adminLogin.path, calls.authLogin.path, calls.staffLogin.path]);
const signOutPaths: ReadonlySet<string> = new Set([calls.adminLogout.path, calls.authLogout.path, calls.staffLogout.path]);
const backupPrefix = `${calls.listBackups.path}/`;
const auditExportPath = calls.exportAudit.path;
/**
 * The calls that answer a file to save, and the name offered when the answer names none: the
 * enquiries' and subscribers' CSV (with the list's filters), a quote's, invoice's or receipt's PDF,
 * a file a client's message brought (the audit log's CSV goes through saveBackup).
 */
const fileDownloads = (
  [
    [calls.exportEnquiries, 'enquiries.csv'],
    [calls.exportSubscribers, 'subscribers.csv'],
    [calls.getQuotePdf, 'quote.pdf'],
    [calls.getInvoicePdf, 'invoice.pdf'],
    [calls.getReceiptPdf, 'receipt.pdf'],
    [calls.getEnquiryAttachment, 'attachment'],
  ] as const
).map(([call, name]) => ({ path: new RegExp(`^${call.path.replace(/:\w+/g, '[A-Za-z0-9-]+')}$`), name }));

/** The file name a Content-Disposition header gives (RFC 6266: filename* first), without any folder. */
function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  let name = /filename="([^"]*)"/i.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      // A malformed encoding: the plain filename stands.
    }
  }
  const base = name?.split(/[/\\]/).pop()?.trim();
  return base && base !== '.' && base !== '..' ? base : undefined;
}
const methods: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'DELETE']);
const maxPathLength = 2048;

/** Refusals thrown to the renderer (their text reaches it; never a token or a body). */
class RefusedError extends Error {}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer without any `token` field: renderer JavaScript never sees a session token. */
function withoutToken(body: unknown): unknown {
  if (!isObject(body) || !('token' in body)) return body;
  const { token: _token, ...rest } = body;
  return rest;
}

function parseBridgeRequest(req: unknown): BridgeRequest {
  if (!isObject(req)) throw new RefusedError('Invalid request.');
  const { method, path, body } = req;
  if (typeof method !== 'string' || !methods.has(method)) throw new RefusedError('Invalid request method.');
  if (typeof path !== 'string' || path.length > maxPathLength) throw new RefusedError('Invalid request path.');
  return { method: method as BridgeRequest['method'], path, body };
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  /**
   * Resolves `path` against the configured server and checks it stays there, under /api/.
   * `//evil.example/api/x`, `https://evil.example/api/x`, `/api/../x` are all refused.
   */
  function apiUrl(path: string, allowedPrefix = '/api/'): URL {
    const origin = options.serverOrigin();
    if (!origin) throw new RefusedError('No server address is configured.');
    if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /\p{Cc}/u.test(path)) {
      throw new RefusedError('Only API paths of the configured server are allowed.');
    }
    const url = new URL(path, origin);
    if (url.origin !== new URL(origin).origin || !url.pathname.startsWith(allowedPrefix) || url.username || url.password) {
      throw new RefusedError('Only API paths of the configured server are allowed.');
    }
    return url;
  }

  function authHeaders(): Record<string, string> {
    const token = options.tokens.get();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }

  async function request(raw: unknown): Promise<BridgeResponse> {
    const req = parseBridgeRequest(raw);
    const url = apiUrl(req.path);
    const signIn = req.method === 'POST' && signInPaths.has(url.pathname);
    const signOut = req.method === 'POST' && signOutPaths.has(url.pathname);
    const payload = signIn ? { ...(isObject(req.body) ? req.body : {}), session: 'bearer' } : req.body;
    const hasBody = req.method !== 'GET' && payload !== undefined;

    const headers: Record<string, string> = { Accept: 'application/json' };
    const sent = hasBody ? encodeBody(payload) : undefined;
    if (sent?.type) headers['Content-Type'] = sent.type;
    // A sign-in starts a new session: it does not carry the old one.
    if (!signIn) Object.assign(headers, authHeaders());

    let res: Response;
    try {
      res = await doFetch(url, {
        method: req.method,
        headers,
        body: sent?.content,
        redirect: 'error',
        // A file (a video, a backup to restore) may take minutes to send from a slow line; as the server allows.
        signal: AbortSignal.timeout(typeof sent?.content === 'string' ? timeoutMs : timeoutMs * 30),
      });
    } finally {
      // Signing out forgets the token even when the server cannot be reached.
      if (signOut) await options.tokens.clear();
    }

    const body = parseAnswerBody(res.status, res.headers.get('content-type'), await res.text());
    if (res.status === 401) await options.tokens.clear();
    if (signIn && res.ok && isObject(body) && typeof body.token === 'string' && body.token) {
      await options.tokens.set(body.token);
    }
    return { status: res.status, body: withoutToken(body) };
  }

  /**
   * Downloads a backup file of the configured server (with the token) and writes it where the
   * user chooses. Only paths under /api/settings/backups/ of that server are accepted, and the
   * audit log's CSV export.
   */
  async function saveBackup(fileUrl: unknown, target: SaveTarget): Promise<{ saved: boolean }> {
    if (typeof fileUrl !== 'string' || fileUrl.length > maxPathLength) throw new RefusedError('Invalid backup address.');
    const origin = options.serverOrigin();
    // The backup call may answer a path or a full URL of the same server.
    const path = origin && fileUrl.startsWith(`${new URL(origin).origin}/`) ? fileUrl.slice(new URL(origin).origin.length) : fileUrl;
    // Backups, and the audit log's CSV export (with its filters), are the files the console saves.
    const url = apiUrl(path, path.startsWith(`${auditExportPath}?`) || path === auditExportPath ? auditExportPath : backupPrefix);
    const res = await doFetch(url, { headers: authHeaders(), redirect: 'error', signal: AbortSignal.timeout(timeoutMs * 10) });
    if (res.status === 401) await options.tokens.clear();
    if (!res.ok) throw new RefusedError(`The backup could not be downloaded (status ${res.status}).`);
    const data = new Uint8Array(await res.arrayBuffer());
    const chosen = await target.chooseFile(backupFileName(url));
    if (!chosen) return { saved: false };
    await target.writeFile(chosen, data);
    return { saved: true };
  }

  /**
   * Downloads a file answer (`path`: an export with the list's filters, a PDF, a client's
   * attachment: fileDownloads) with the token, and writes it where the user chooses, offering the
   * name the answer gives. Only those paths of the configured server.
   */
  async function saveExport(path: unknown, target: SaveTarget): Promise<{ saved: boolean }> {
    if (typeof path !== 'string' || path.length > maxPathLength) throw new RefusedError('Invalid export address.');
    const url = apiUrl(path, '/api/');
    const download = fileDownloads.find((d) => d.path.test(url.pathname));
    if (!download) throw new RefusedError('Only exports, documents and attachments can be saved.');
    const res = await doFetch(url, { headers: authHeaders(), redirect: 'error', signal: AbortSignal.timeout(timeoutMs * 10) });
    if (res.status === 401) await options.tokens.clear();
    if (!res.ok) throw new RefusedError(`The file could not be downloaded (status ${res.status}).`);
    const data = new Uint8Array(await res.arrayBuffer());
    const chosen = await target.chooseFile(dispositionName(res.headers.get('content-disposition')) ?? download.name);
    if (!chosen) return { saved: false };
    await target.writeFile(chosen, data);
    return { saved: true };
  }

  /**
   * A media library file of the configured server (public: sent without the token), for the page
   * to show as a blob: URL. Only `/media/` paths of that server; null when it answers no file.
   */
  async function mediaFile(path: unknown): Promise<MediaFileBytes | null> {
    if (typeof path !== 'string' || path.length > maxPathLength) throw new RefusedError('Invalid media address.');
    const res = await doFetch(apiUrl(path, mediaPathPrefix), { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    return { type: res.headers.get('content-type') ?? 'application/octet-stream', bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  return { request, saveBackup, saveExport, mediaFile };
}

/** A safe default file name for the save dialog: the last path segment, without odd characters. */
function backupFileName(url: URL): string {
  const last = url.pathname.split('/').pop() ?? '';
  let name: string;
  try {
    name = decodeURIComponent(last);
  } catch {
    name = last;
  }
  name = name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '');
  return name || 'kafue-backup.json';
}
