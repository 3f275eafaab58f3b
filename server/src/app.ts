/**
 * The Koa application: request log, error answers, security headers, the built site and
 * console, and the API.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyParser } from '@koa/bodyparser';
import { Router } from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { messages, type ApiError } from '@kafue/common/contract';
import { plainAddress } from '@kafue/common/schemas';
import { prepareDummyHash } from './auth/passwords.js';
import { poolOf } from './db/data-source.js';
import type { AppDeps } from './deps.js';
import { apiDocs } from './web/docs.js';
import { runEndpoint, type Endpoint } from './web/endpoint.js';
import { HttpError, isDatabaseUnavailable } from './http/errors.js';
import { metricsEndpoint, observeRequest } from './web/metrics.js';
import { openApiDocument } from './web/openapi.js';
import { originGuard, securityHeaderList, securityHeaders } from './web/security.js';
import { knownPages } from './web/known-pages.js';
import { requestLine } from './log.js';
import { namesSomething, staticFiles } from './web/static.js';
import { maintenanceGate } from './maintenance/maintenance.js';
import { collectProcessMetrics } from './metrics.js';
import { methodNotAllowed } from './web/methods.js';
import { adminEndpoints } from './routes/admins.js';
import { auditEndpoints } from './routes/audit.js';
import { authEndpoints } from './routes/auth.js';
import { dashboardEndpoints } from './routes/dashboard.js';
import { enquiryEndpoints } from './routes/enquiries.js';
import { contentEndpoints } from './routes/content.js';
import { scheduleEndpoints } from './routes/schedule.js';
import { contactFormEndpoints } from './routes/contact-form.js';
import { newsletterEndpoints } from './routes/newsletter.js';
import { healthEndpoints } from './routes/health.js';
import { replyEndpoints } from './routes/replies.js';
import { securityEndpoints } from './routes/security.js';
import { notificationEndpoints } from './routes/notifications.js';
import { settingsEndpoints } from './routes/settings.js';
import { staffPortalEndpoints } from './routes/staff-portal.js';
import { staffEndpoints } from './routes/staff.js';
import { quoteEndpoints } from './routes/quotes.js';
import { contactEndpoints } from './routes/contacts.js';
import { reminderEndpoints } from './routes/reminders.js';
import { reportEndpoints } from './routes/reports.js';
import { analyticsEndpoints, beaconPath } from './routes/analytics.js';
import { collectPath } from '@kafue/common/analytics';
import { redirectEndpoints } from './routes/redirects.js';
import { mediaEndpoints } from './routes/media.js';
import { paymentEndpoints } from './routes/payments.js';
import { conversationEndpoints } from './routes/conversations.js';

/** The whole API, in the order of spec section 7 (own-account calls before the {id} ones). */
export const allEndpoints = (deps: AppDeps): Endpoint[] => [
  ...healthEndpoints(deps),
  ...authEndpoints(deps),
  ...staffPortalEndpoints(deps),
  ...staffEndpoints(deps),
  ...settingsEndpoints(deps),
  ...notificationEndpoints(deps),
  ...adminEndpoints(deps),
  ...auditEndpoints(deps),
  ...enquiryEndpoints(deps),
  ...securityEndpoints(deps),
  ...dashboardEndpoints(deps),
  ...scheduleEndpoints(deps),
  ...contentEndpoints(deps),
  ...redirectEndpoints(deps),
  ...contactFormEndpoints(deps),
  ...replyEndpoints(deps),
  ...quoteEndpoints(deps),
  ...paymentEndpoints(deps),
  ...conversationEndpoints(deps),
  ...contactEndpoints(deps),
  ...reminderEndpoints(deps),
  ...reportEndpoints(deps),
  ...newsletterEndpoints(deps),
  ...analyticsEndpoints(deps),
  ...mediaEndpoints(deps),
];

interface ErrorAnswer {
  status: number;
  body: ApiError;
  headers?: Record<string, string>;
}

function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: { message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra },
      headers: error.headers,
    };
  }
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: messages.databaseUnavailable } };
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { message: status === 404 ? messages.notFound : messages.invalidInput } };
  }
  return { status: 500, body: { message: messages.serverError } };
}

/** Body parser errors, as the messages the client shows. */
function bodyError(error: Error & { status?: number; type?: string }): HttpError {
  if (error.status === 413) return new HttpError(413, messages.bodyTooLarge);
  if (error.status === 415) return new HttpError(415, messages.invalidInput);
  return new HttpError(400, messages.malformedJson);
}

/**
 * The request's log line (the logger batches its writes: never a write per request) and, when
 * someone may read metrics, its duration; otherwise not even the timing is kept.
 */
function requestRecord({ config, logger }: AppDeps) {
  const observe = config.metricsToken ? observeRequest : undefined;
  const line = requestLine(logger);
  return (ctx: Pick<Context, 'method' | 'path' | 'status'>, started: bigint) => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observe?.(ctx, seconds);
    line({ method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(seconds * 1e4) / 10 });
  };
}

/** The server's request handler: known public pages before Koa (web/known-pages.ts), all else through it. */
export function createHandler(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const koa = createApp(deps).callback();
  const record = requestRecord(deps);
  const page = knownPages(deps.site, deps.maintenance, securityHeaderList(deps.config.production), record);
  return (req, res) => {
    if (!page(req, res)) void koa(req, res);
  };
}

export function createApp(deps: AppDeps): Koa {
  const { config, logger } = deps;
  void prepareDummyHash();
  // Behind the one trusted proxy, the client's address is the last X-Forwarded-For entry (the
  // one the proxy added); entries before it are whatever the client wrote, so they are ignored.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
  // The one place the client's address is derived: an IPv4 client reached through a dual-stack
  // socket (or named so by the proxy) is ::ffff:a.b.c.d; every reader (audit rows, sessions,
  // counters) gets a.b.c.d.
  app.use((ctx: Context, next: Next) => {
    ctx.request.ip = plainAddress(ctx.request.ip);
    return next();
  });
  app.on('error', (error: unknown) => {
    // Errors Koa sees after the answer began (a client that went away while streaming a file).
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'response error');
  });

  if (config.metricsToken) collectProcessMetrics();
  const record = requestRecord(deps);

  // Structured request log: method, path (no query), status, duration. Never bodies, cookies
  // or the Authorization header. Outermost, so that it sees the status the error answer set;
  // its timing also feeds the request-duration metric.
  app.use(async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      record(ctx, started);
    }
  });

  app.use(async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      const answer = errorAnswer(error);
      if (answer.status === 503) {
        logger.warn(
          { method: ctx.method, path: ctx.path, err: error instanceof Error ? error.message : String(error) },
          'database unavailable',
        );
      } else if (answer.status >= 500) {
        logger.error(
          {
            method: ctx.method,
            path: ctx.path,
            err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          },
          'request failed',
        );
      }
      ctx.status = answer.status;
      ctx.set('Cache-Control', 'no-store');
      for (const [name, value] of Object.entries(answer.headers ?? {})) ctx.set(name, value);
      ctx.body = answer.body;
    }
  });

  app.use(securityHeaders(config.production));
  const endpoints = allEndpoints(deps);
  // The beacon of every page seen, before all that it does not need (routes/analytics.ts); the
  // router still declares it, for the other methods' 405 and the API's documentation.
  const collect = endpoints.find((e) => e.method === 'POST' && e.path === collectPath)!;
  app.use(beaconPath(config.allowedOrigins, runEndpoint(collect, deps)));
  // Before the files, which would answer /metrics with the site's 404 page; without a token
  // they do, as for any path that names nothing.
  if (config.metricsToken) app.use(metricsEndpoint(config.metricsToken, () => poolOf(deps.db)));
  // Before the files: while maintenance mode is on, public pages answer 503 (the calls it refuses
  // say so in their declaration, and the endpoint runner answers 503 for them).
  app.use(maintenanceGate(deps.maintenance));
  // The media library's files, from memory: before the site's files, which would look for them on disk.
  app.use(deps.media.serve());
  app.use(staticFiles(config.siteDir, config.consoleDir, deps.site));

  // Case-sensitive, as every other path check is (http/paths.ts, the files): `/API/ENQUIRIES`
  // names nothing, rather than a call that a check written for `/api/enquiries` would miss.
  const router = new Router({ sensitive: true });
  for (const e of endpoints) {
    const run = runEndpoint(e, deps);
    if (e.method === 'GET') router.get(e.path, run);
    else if (e.method === 'POST') router.post(e.path, run);
    else if (e.method === 'PUT') router.put(e.path, run);
    else router.delete(e.path, run);
  }

  app.use(async (ctx: Context, next: Next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  app.use(async (ctx: Context, next: Next) => {
    await next();
    if (ctx.status === 404 && ctx.body == null) throw new HttpError(404, messages.notFound);
  });
  app.use(apiDocs(openApiDocument(endpoints)));
  app.use(originGuard(config.allowedOrigins));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.limits.bodyBytes,
      encoding: 'utf-8',
      onError: (error) => {
        throw bodyError(error);
      },
    }),
  );
  app.use(router.routes());
  app.use(methodNotAllowed(router, namesSomething(config.siteDir, config.consoleDir, deps.site)));
  return app;
}
