/**
 * Cookie flags, the Origin check for state-changing cookie requests, and security headers.
 */
import type { Context, Next } from 'koa';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { messages, sessionCookie } from '@kafue/common/contract';
import { credentials } from '../auth/sessions.js';
import { forbidden } from '../http/errors.js';

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  return `${sessionCookie}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Written by hand rather than with ctx.cookies: Koa refuses a Secure cookie on a plain-HTTP
 * connection, which is what a server behind a TLS-terminating proxy sees.
 */
export function setSessionCookie(ctx: Context, token: string, options: CookieOptions): void {
  ctx.append('Set-Cookie', cookieHeader(token, options.maxAgeSeconds, options.secure));
}

export function clearSessionCookie(ctx: Context, secure: boolean): void {
  ctx.append('Set-Cookie', cookieHeader('', 0, secure));
}

/**
 * True when the request comes from this site: its Origin names this host (or an allowed origin),
 * or is "null" with Sec-Fetch-Site same-origin;
 * without an Origin, a browser's Sec-Fetch-Site must say same-origin (or none: typed by the user);
 * a request with neither header is not from a browser page and carries no ambient authority risk.
 */
export function isSameOrigin(ctx: Context, allowedOrigins: readonly string[]): boolean {
  const origin = ctx.get('Origin');
  // "null": the browser withheld the origin, as it does for a form posted (a navigation) under
  // this site's Referrer-Policy no-referrer; then only its Sec-Fetch-Site can say same-origin.
  if (origin === 'null') return ctx.get('Sec-Fetch-Site') === 'same-origin';
  if (origin) {
    if (allowedOrigins.includes(origin)) return true;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === ctx.host;
    } catch {
      return false;
    }
  }
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}

export function assertSameOrigin(ctx: Context, allowedOrigins: readonly string[]): void {
  if (!isSameOrigin(ctx, allowedOrigins)) throw forbidden(messages.foreignOrigin);
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing requests that ride on the session cookie must come from this site. */
export function originGuard(allowedOrigins: readonly string[]) {
  return async (ctx: Context, next: Next) => {
    if (!safeMethods.has(ctx.method) && credentials(ctx).via === 'cookie') assertSameOrigin(ctx, allowedOrigins);
    await next();
  };
}

/**
 * Security headers. The content policy allows what the public pages embed: the office map
 * (OpenStreetMap frame), the hero video from a third-party media host, and the speculation rules
 * in each page's head (site/index.html: the browser prefetches a page the visitor is about to
 * open), which are data for the browser, never run as a script.
 */
export function securityHeaders(production: boolean) {
  const headers = securityHeaderList(production);
  return async (ctx: Context, next: Next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    await next();
  };
}

/** The security headers of every answer, as name and value pairs. */
export function securityHeaderList(production: boolean): [string, string][] {
  return helmetHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'script-src': ["'self'", "'inline-speculation-rules'"],
          'img-src': ["'self'", 'data:', 'https:'],
          'media-src': ["'self'", 'https:'],
          'frame-src': ["'self'", 'https://www.openstreetmap.org', 'https://www.google.com'],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': production ? [] : null,
        },
      },
      strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
}

/**
 * The headers helmet sets, computed once: with fixed options (no nonces) they are the same for
 * every answer, so each request only copies them rather than running helmet's dozen middlewares.
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw new Error('helmet could not compute its headers', { cause: error });
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}
