/**
 * The answer to a method a path does not take. Rule: every method that reaches the app (Node's
 * HTTP parser answers 400 itself to a method it does not know) and that the path does not answer
 * gets 405 with `Allow` naming the methods it does: an API path those of its routes, any other
 * path that names something (a page, the console, an asset) GET and HEAD plus those of its routes
 * (the contact form's POST). A path that names nothing stays a 404 whatever the method, so that
 * `POST /API/ENQUIRIES` (no route: paths are matched as written) is as unknown as its GET. Never 501: TRACE, PROPFIND or OPTIONS are
 * a client's mistake like any other wrong method, not a failure of the server.
 */
import type { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { messages } from '@kafue/common/contract';
import { HttpError } from '../http/errors.js';

/** Mounted after `router.routes()`: it runs only for a request no route answered. */
export function methodNotAllowed(router: Router, namesSomething: (path: string) => Promise<boolean>) {
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.body != null) return;
    const allowed = new Set((await namesSomething(ctx.path)) ? ['GET', 'HEAD'] : []);
    for (const layer of router.match(ctx.path, ctx.method).path) for (const method of layer.methods) allowed.add(method);
    if (allowed.size === 0 || allowed.has(ctx.method)) return;
    throw new HttpError(405, messages.methodNotAllowed, undefined, { Allow: [...allowed].join(', ') });
  };
}
