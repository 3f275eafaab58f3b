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
import { parseBody } from '../http/validate.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';

/** A prefetch or prerender says so (Sec-Purpose in current browsers, Purpose in older ones). */
const speculative = (ctx: Context) => /prefetch|prerender/i.test(`${ctx.get('Sec-Purpose')} ${ctx.get('Purpose')}`);
const consolePage = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/** The host of the page that sent the beacon: its Origin's (a static host), else the API's own. */
function pageHost(ctx: Context): string {
  try {
    return new URL(ctx.get('Origin')).hostname;
  } catch {
    return ctx.hostname;
  }
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
          !isbot(userAgent) &&
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
      handle: async ({ ctx }) => analyticsReport(db, parseBody(analyticsQuery, ctx.query), deps.now?.() ?? Date.now()),
    }),
  ];
}

/**
 * The beacon from pages on another origin named in ALLOWED_ORIGINS (a static host): its answer
 * may be read there, and a JSON beacon's preflight is answered.
 */
export function collectCors(allowedOrigins: readonly string[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const origin = ctx.get('Origin');
    if (ctx.path !== collectPath || !allowedOrigins.includes(origin)) {
      await next();
      return;
    }
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method !== 'OPTIONS') {
      await next();
      return;
    }
    ctx.set('Access-Control-Allow-Methods', 'POST');
    ctx.set('Access-Control-Allow-Headers', 'Content-Type');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
  };
}
