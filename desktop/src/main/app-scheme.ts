/**
 * The app's own scheme, `kafue://app/...`, that serves the renderer's built files
 * (desktop/out/renderer) to the window. The renderer is never loaded from the network.
 *
 * Plain Node: no electron import, so the handler is unit-tested and the Playwright test of the
 * renderer serves the same files the same way (same SPA fallback, same CSP).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

export const appScheme = 'kafue';
const appHost = 'app';
const appOrigin = `${appScheme}://${appHost}`;
/** The console's `/` route leads to the admin dashboard (or to sign-in when signed out). */
export const consoleUrl = `${appOrigin}/`;
export const setupPath = '/setup.html';
export const setupUrl = `${appOrigin}${setupPath}`;

/**
 * Standard (relative URLs, origin, localStorage work as on https) and secure (a secure
 * context), with fetch support for the page's own module loads. No `bypassCSP`, no
 * `corsEnabled`, no service workers.
 */
export const appSchemePrivileges = { standard: true, secure: true, supportFetchAPI: true, codeCache: true };

/**
 * Content-Security-Policy of every page the app shows. Scripts only from the app itself (no
 * inline script, no eval); inline styles are allowed because Mantine writes its CSS variables
 * in <style> elements and style attributes. No network access at all from the page: the
 * console reaches the server only through the preload's `window.kafue` (its calls and downloads).
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** True for a URL of the app's own pages, `kafue://app/...`. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${appScheme}:` && parsed.host === appHost;
  } catch {
    return false;
  }
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export type Resolved =
  | { kind: 'file'; file: string }
  /** A path the console's router owns (no file extension): its index.html. */
  | { kind: 'fallback'; file: string }
  | { kind: 'refused'; status: 400 | 403 | 404 };

/**
 * Maps a request path (as in the URL, percent-encoded) to a file inside `root`. Anything that
 * would leave `root` (`..`, encoded or not, backslashes, NUL) is refused; a missing path without
 * an extension is a route of the console and gets index.html; a missing file is a 404.
 */
export async function resolveAppPath(root: string, urlPath: string): Promise<Resolved> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused', status: 400 };
  }
  if (!decoded.startsWith('/') || decoded.includes('\\') || decoded.includes('\0')) return { kind: 'refused', status: 400 };
  if (decoded.split('/').some((segment) => segment === '..')) return { kind: 'refused', status: 403 };
  const base = resolve(root);
  const file = resolve(base, `.${decoded}`);
  if (file !== base && !file.startsWith(base + sep)) return { kind: 'refused', status: 403 };

  const index = resolve(base, 'index.html');
  if (file === base) return { kind: 'file', file: index };
  const info = await stat(file).catch(() => null);
  if (info?.isFile()) return { kind: 'file', file };
  if (extname(decoded) === '' || info?.isDirectory()) return { kind: 'fallback', file: index };
  return { kind: 'refused', status: 404 };
}

/** The headers every answer of the scheme carries. */
export function appResponseHeaders(file: string): Record<string, string> {
  const type = contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
  return {
    'Content-Type': type,
    'Content-Security-Policy': contentSecurityPolicy,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': type.startsWith('text/html') ? 'no-cache' : 'public, max-age=31536000, immutable',
  };
}

/**
 * The `protocol.handle` handler of the app scheme. Only GET/HEAD of host `app`; a request that
 * some other origin started (Electron sets `initiatorOrigin`) is refused.
 */
export function createAppProtocolHandler(root: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const initiator = (request as Request & { initiatorOrigin?: string }).initiatorOrigin;
    if (url.protocol !== `${appScheme}:` || url.host !== appHost) return refuse(404);
    if (initiator !== undefined && !isAppUrl(initiator)) return refuse(403);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    const resolved = await resolveAppPath(root, url.pathname);
    if (resolved.kind === 'refused') return refuse(resolved.status);
    const body = await readFile(resolved.file).catch(() => null);
    if (!body) return refuse(404);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: appResponseHeaders(resolved.file),
    });
  };
}

function refuse(status: number): Response {
  return new Response(null, { status, headers: { 'Content-Security-Policy': contentSecurityPolicy } });
}
