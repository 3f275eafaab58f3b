/**
 * GET /metrics, only with METRICS_TOKEN as a bearer token, and the request durations it shows.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Pool } from 'pg';
import { messages } from '@kafue/common/contract';
import { exposition, registry, requestDuration } from '../metrics.js';
import { HttpError } from '../http/errors.js';
import { isApiPath } from '../http/paths.js';
import { collectPath } from '@kafue/common/analytics';

export const metricsPath = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Serves the exposition to whoever sends the token; the pool is read at each scrape. */
export function metricsEndpoint(token: string, pool: () => Pool) {
  // Digests of equal length, so that the comparison takes the same time whatever was sent.
  const expected = digest(token);
  return async function serveMetrics(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== metricsPath) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw new HttpError(405, messages.methodNotAllowed, undefined, { Allow: 'GET, HEAD' });
    }
    const sent = /^Bearer +(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '';
    if (!timingSafeEqual(digest(sent), expected)) {
      throw new HttpError(401, messages.notSignedIn, undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await exposition(pool());
  };
}

/** What the metric reads of a request: a Koa context, or a page answered before Koa (web/known-pages.ts). */
type Answered = Pick<Context, 'method' | 'path' | 'status'> & { _matchedRoute?: string | RegExp };

/**
 * The route label: the router's pattern (/api/staff/:id), or one fixed word for what no route
 * matched, so that the number of series stays bounded whatever paths clients send.
 */
function routeOf(ctx: Answered): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  // Answered before the router (routes/analytics.ts, app.ts).
  if (ctx.path === metricsPath || ctx.path === collectPath) return ctx.path;
  return isApiPath(ctx.path) ? 'unmatched' : 'static';
}

export function observeRequest(ctx: Answered, seconds: number): void {
  requestDuration.observe({ method: ctx.method, route: routeOf(ctx), status: ctx.status }, seconds);
}
