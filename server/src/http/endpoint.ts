/**
 * An API call is a small declaration: method, path, who may call it, the schema of its body,
 * and what it does (after Ghost's API). Authentication, permission and validation happen here,
 * once, for every call; the route table then reads like spec section 7.
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import { messages, sessionCookie, type AdminRole } from '@kafue/common/contract';
import type { AppDeps } from '../deps.js';
import { findSession, findSessionWith, type AdminRead, type Principal } from '../auth/sessions.js';
import { forbidden, HttpError, notSignedIn } from './errors.js';
import { parseBody, parseId } from './validate.js';

/**
 * Who may call (design.md "Who may do what"):
 * - public: anyone;
 * - admin: any admin role (console sign-in, reading staff, admins, settings; own password);
 * - staffManager: Super Admin and Editor (create, edit, delete staff);
 * - superAdmin: Super Admin (change settings, backups, invite/edit/delete admins);
 * - staffSelf: a signed-in staff member, also before they chose their own password;
 * - staff: a signed-in staff member who has chosen their own password (the staff portal).
 */
export type Access = 'public' | 'admin' | 'staffManager' | 'superAdmin' | 'staffSelf' | 'staff';

const adminRolesFor: Partial<Record<Access, readonly AdminRole[]>> = {
  staffManager: ['Super Admin', 'Editor'],
  superAdmin: ['Super Admin'],
};

export interface Call<B> {
  ctx: Context;
  body: B;
  /** Present for every access but public. */
  principal: Principal;
  /** Path parameters; `id`, when present, is a valid lower-case UUID. */
  params: Record<string, string>;
  /** The value of the endpoint's `read`, when it declares one. */
  read: unknown;
}

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  body?: S;
  /**
   * A read the call makes on every request (the hot lists), looked up in the same statement as
   * the session: one database round trip. Only for access 'admin': the statement computes it
   * for admin sessions only, and the permission check then runs as for any call.
   */
  read?: AdminRead;
  handle(call: Call<z.output<S>>): Promise<unknown>;
}

/** Declares an endpoint, keeping the body type tied to its schema. */
export const endpoint = <S extends z.ZodType = z.ZodType>(e: Endpoint<S>): Endpoint<S> => e;

/** The session token of a request: an Authorization bearer header wins over the cookie. */
export function credentials(ctx: Context): { token?: string; via?: 'bearer' | 'cookie' } {
  const header = ctx.get('Authorization');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return { token: bearer[1], via: 'bearer' };
  const cookie = ctx.cookies.get(sessionCookie);
  if (cookie) return { token: cookie, via: 'cookie' };
  return {};
}

/** The signed-in account of the request (looked up once per request). */
export async function principalOf(ctx: Context, deps: AppDeps): Promise<Principal | undefined> {
  if (!('principal' in ctx.state)) {
    const { token } = credentials(ctx);
    ctx.state.principal = token ? await findSession(deps.db, token) : undefined;
  }
  return ctx.state.principal as Principal | undefined;
}

export async function authorize(ctx: Context, deps: AppDeps, access: Access): Promise<Principal | undefined> {
  if (access === 'public') return undefined;
  const principal = await principalOf(ctx, deps);
  if (!principal) throw notSignedIn();
  if (access === 'staff' || access === 'staffSelf') {
    if (principal.kind !== 'staff') throw forbidden();
    if (principal.status === 'Inactive') throw forbidden(messages.staffInactive);
    if (principal.status === 'Suspended') throw forbidden(messages.staffSuspended);
    if (access === 'staff' && principal.mustChangePassword) throw forbidden(messages.passwordChangeRequired);
    return principal;
  }
  if (principal.kind !== 'admin') throw forbidden();
  const roles = adminRolesFor[access];
  if (roles && !roles.includes(principal.role)) throw forbidden();
  return principal;
}

/** Looks up the session together with the endpoint's read; answers the read's value. */
async function sessionAndRead(ctx: Context, deps: AppDeps, read: AdminRead): Promise<unknown> {
  const { token } = credentials(ctx);
  const found = token ? await findSessionWith(deps.db, token, read) : {};
  ctx.state.principal = found.principal;
  return found.data;
}

export function runEndpoint(e: Endpoint, deps: AppDeps) {
  if (e.read && e.access !== 'admin') throw new Error(`${e.method} ${e.path}: a read with the session is for admin calls only`);
  return async (ctx: Context & { params?: Record<string, string> }) => {
    const read = e.read ? await sessionAndRead(ctx, deps, e.read) : undefined;
    const principal = await authorize(ctx, deps, e.access);
    const params = { ...ctx.params };
    // Record ids are UUIDs: anything else names no record (404), whatever the body says.
    if (params.id !== undefined) params.id = parseId(params.id);
    const body = e.body ? parseBody(e.body, ctx.request.body) : undefined;
    const result = await e.handle({ ctx, body, principal: principal as Principal, params, read });
    if (result !== undefined) ctx.body = result;
    else if (ctx.body === undefined) throw new HttpError(500, messages.serverError);
  };
}
