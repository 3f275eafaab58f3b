/**
 * An API call is a small declaration: method, path, who may call it, the schemas of its body and
 * of its answers, and what it does (after Ghost's API). Authentication, permission and validation happen here,
 * once, for every call; the route table then reads like spec section 7.
 */
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { z } from 'zod';
import { messages } from '@kafue/common/contract';
import { refusal, type Access } from '@kafue/common/permissions';
import { auditRecorder, type AuditRecorder } from '../audit/audit.js';
import { principalOf, type Principal } from '../auth/sessions.js';
import type { AppDeps } from '../deps.js';
import { forbidden, HttpError, notSignedIn } from '../http/errors.js';
import { parseBody, parseId } from '../http/validate.js';
import { answerMaintenance } from '../maintenance/maintenance.js';
import { assertSameOrigin } from './security.js';

/** Who may call, named after the callers: the policy in common/src/permissions.ts decides. */
export type { Access };

export interface Call<B> {
  ctx: Context;
  body: B;
  /** Present for every access but public. */
  principal: Principal;
  /** Path parameters; `id`, when present, is a valid lower-case UUID. */
  params: Record<string, string>;
  /**
   * Writes the call's audit row, in the transaction of its change (audit/audit.ts):
   * `await db.transaction(async (m) => { ...change...; await audit(m, { action, target, changes: diff(old, new) }) })`.
   * A successful non-GET call must write one (or say `audit.none('why')`), else it answers 500.
   */
  audit: AuditRecorder;
}

/**
 * The schema of the answer for each status the call itself chooses: its success at least. Errors
 * thrown as HttpError all share one schema (apiError), documented for every call.
 */
export type Answers = Partial<Record<number, z.ZodType>>;

export interface Endpoint<S extends z.ZodType = z.ZodType, A extends Answers = Answers> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: Access;
  body?: S;
  /**
   * The body as documented, for a call that validates its body itself because its schema
   * depends on the path (the content collections): 400 with per-field errors all the same.
   */
  documentedBody?: z.ZodType;
  answer: A;
  /** Why this non-GET call never writes an audit row (it changes nothing); runEndpoint requires one otherwise. */
  unaudited?: string;
  /**
   * A public call refused while maintenance mode is on (503, maintenance/maintenance.ts): what the
   * public site sends. The console's own calls never are.
   */
  refusedInMaintenance?: true;
  /**
   * Refused from another site even without a session cookie (the origin guard in web/security.ts
   * checks only the calls a cookie rides on): a page elsewhere must not post through visitors' browsers.
   */
  sameOrigin?: true;
  /** Answers one of `answer`'s shapes, or a stream of it (a file). */
  handle(call: Call<z.output<S>>): Promise<z.input<NonNullable<A[keyof A]>> | Readable>;
}

/** Declares an endpoint, keeping the body and answer types tied to their schemas. */
export const endpoint = <S extends z.ZodType = z.ZodType, A extends Answers = Answers>(e: Endpoint<S, A>): Endpoint<S, A> => e;

/**
 * The caller, once the policy lets them make a call of this access. Wherever a staff member reaches
 * enquiries (staff, team), the handler keeps them to their own through `assignedTo` (auth/sessions.ts).
 */
export async function authorize(ctx: Context, deps: AppDeps, access: Access): Promise<Principal | undefined> {
  const principal = access === 'public' ? undefined : await principalOf(ctx, deps.sessions);
  const why = refusal(principal, access);
  if (why === 'notSignedIn') throw notSignedIn();
  if (why) throw forbidden(messages[why]);
  return principal;
}

/**
 * A change went through without its audit row: a bug in the endpoint. Outside production (tests,
 * development) the call fails, so that it cannot go unnoticed; in production the change is made
 * already, so it is logged loudly instead.
 */
function unaudited(e: Endpoint, deps: AppDeps): void {
  const problem = `${e.method} ${e.path} changed something and wrote no audit row (call.audit)`;
  if (!deps.config.production) throw new Error(problem);
  deps.logger.error({ method: e.method, path: e.path }, problem);
}

export function runEndpoint(e: Endpoint, deps: AppDeps) {
  return async (ctx: Context & { params?: Record<string, string> }) => {
    if (e.refusedInMaintenance && (await deps.maintenance.active())) {
      answerMaintenance(ctx, deps.maintenance.page);
      return;
    }
    if (e.sameOrigin) assertSameOrigin(ctx, deps.config.allowedOrigins);
    const principal = await authorize(ctx, deps, e.access);
    const params = { ...ctx.params };
    // Record ids are UUIDs: anything else names no record (404), whatever the body says.
    if (params.id !== undefined) params.id = parseId(params.id);
    const body = e.body ? parseBody(e.body, ctx.request.body) : undefined;
    const audit = auditRecorder(ctx, principal);
    try {
      const result = await e.handle({ ctx, body, principal: principal as Principal, params, audit });
      if (result !== undefined) ctx.body = result;
      else if (ctx.body === undefined) throw new HttpError(500, messages.serverError);
      if (e.method !== 'GET' && !e.unaudited && !audit.done) unaudited(e, deps);
    } finally {
      // A call that may have signed someone out or changed an account: the next request on
      // this process must see it at once, not when the database's notification arrives. (Not
      // after a call that changes nothing: every beacon would empty the sessions' cache.)
      if (e.method !== 'GET' && !e.unaudited) deps.sessions.forget();
    }
  };
}
