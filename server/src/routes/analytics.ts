/**
 * Visitor analytics: every public page's beacon (POST /api/collect, answered 204 whether or not it
 * is counted) and the admins' report. Not counted: robots (isbot on the user agent), prefetches
 * and prerenders, the console's pages and the company's own signed-in admins.
 */
import { isbot } from 'isbot';
import type { Context, Next } from 'koa';
import { collectPath, maxBeaconBytes } from '@kafue/common/analytics';
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { analyticsQuery, beaconBody, type BeaconBody } from '@kafue/common/schemas';
import { analyticsReport } from '../analytics/report.js';
import { principalOf } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { readRawBody } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** A prefetch or prerender says so (Sec-Purpose in current browsers, Purpose in older ones). */
const speculative = (ctx: Context) => /prefetch|prerender/i.test(`${ctx.get('Sec-Purpose')} ${ctx.get('Purpose')}`);
const consolePage = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/** The host of the page that sent the beacon: its Origin's (a static host), else the API's own. */
function pageHost(ctx: Context): string {
  const origin = ctx.get('Origin');
  // Without an Origin (a same-origin beacon) nothing is parsed: a URL that throws costs a stack trace.
  if (!origin) return ctx.hostname;
  try {
    return new URL(origin).hostname;
  } catch {
    return ctx.hostname;
  }
}

/**
 * isbot's verdict on the user agents seen lately: its one large regular expression was the
 * costliest step of a beacon, and a site's visitors share few user agents. Bounded, so that
 * made-up user agents cost no more than without it.
 */
const botVerdicts = new Map<string, boolean>();
function isRobot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (userAgent.length <= 512) {
      if (botVerdicts.size >= 1000) botVerdicts.clear();
      botVerdicts.set(userAgent, verdict);
    }
  }
  return verdict;
}

async function readBeacon(ctx: Context): Promise<BeaconBody> {
  const raw = await readRawBody(ctx, ['text/plain', 'application/json'], maxBeaconBytes, messages.bodyTooLarge);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, messages.malformedJson);
  }
  return parseBody(beaconBody, json);
}

export function analyticsEndpoints(deps: AppDeps): Endpoint[] {
  const { db, analytics, sessions } = deps;
  return [
    endpoint({
      ...endpoints.collect,
      access: 'public',
      // A page elsewhere (not in ALLOWED_ORIGINS) must not count visits through its visitors' browsers.
      sameOrigin: true,
      unaudited: 'a beacon is counted, never audited',
      async handle({ ctx }) {
        if (!analytics.allow(ctx.ip)) throw new HttpError(429, messages.tooManyBeacons);
        const beacon = await readBeacon(ctx);
        const userAgent = ctx.get('User-Agent');
        const counted =
          userAgent !== '' &&
          !isRobot(userAgent) &&
          !speculative(ctx) &&
          !consolePage(beacon.path) &&
          (await principalOf(ctx, sessions))?.kind !== 'admin';
        if (counted) await analytics.accept(beacon, { ip: ctx.ip, userAgent, host: ctx.host, pageHost: pageHost(ctx) });
        ctx.body = null;
        ctx.status = 204;
        return undefined;
      },
    }),
    endpoint({
      ...endpoints.getAnalytics,
      access: 'anyAdmin',
      handle: async ({ ctx }) => analyticsReport(db, parseQuery(analyticsQuery, ctx.query), deps.now?.() ?? Date.now()),
    }),
  ];
}

/**
 * Everything at the beacon's path, early in the chain (app.ts): every page a visitor sees sends
 * one, and it needs none of the files, the docs, the JSON body parser or the router that come
 * before the other calls. `collect` runs its declaration (runEndpoint: origin, maintenance, body,
 * limits). From a page on another origin named in ALLOWED_ORIGINS (a static host), its answer may
 * be read there, and a JSON beacon's preflight is answered. Other methods go on to the router (405).
 */
export function beaconPath(allowedOrigins: readonly string[], collect: (ctx: Context) => Promise<void>) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== collectPath) {
      await next();
      return;
    }
    const origin = ctx.get('Origin');
    const allowed = allowedOrigins.includes(origin);
    if (allowed) {
      ctx.vary('Origin');
      ctx.set('Access-Control-Allow-Origin', origin);
    }
    if (ctx.method === 'POST') {
      ctx.set('Cache-Control', 'no-store');
      await collect(ctx);
      return;
    }
    if (!allowed || ctx.method !== 'OPTIONS') {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Access-Control-Allow-Methods', 'POST');
    ctx.set('Access-Control-Allow-Headers', 'Content-Type');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
  };
}
