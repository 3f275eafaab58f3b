/**
 * Sign-in, session check, sign-out and own-password change, for admins (both readings of spec
 * section 7: /api/settings/* and /api/auth/*) and for staff (/api/staff/login, /api/staff/me...).
 */
import type { Context } from 'koa';
import { api, messages, type LoginBody } from '@kafue/common/contract';
import { changePasswordBody, loginBody } from '@kafue/common/schemas';
import type { AppDeps } from '../deps.js';
import { accountCounter, reserveAttempt, signInCounters } from '../auth/limiter.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { createSession, principalOf, revokeSession, revokeSessionsOf, type Principal } from '../auth/sessions.js';
import { AdminEntity, StaffEntity, type AdminRow, type StaffRow } from '../db/entities.js';
import { endpoint, type Endpoint } from '../http/endpoint.js';
import { forbidden, HttpError } from '../http/errors.js';
import { assertSameOrigin, clearSessionCookie, setSessionCookie } from '../http/security.js';
import { toAdmin, toStaffSelf } from './records.js';

type Kind = 'admin' | 'staff';
type AdminPrincipal = Extract<Principal, { kind: 'admin' }>;
type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;

export function authEndpoints(deps: AppDeps): Endpoint[] {
  const { db, config } = deps;
  const limits = config.limits;
  const admins = db.getRepository(AdminEntity);
  const staff = db.getRepository(StaffEntity);

  /** Checks the password (counting failures), then opens a session as the body asks. */
  async function signIn(ctx: Context, kind: Kind, body: Required<Pick<LoginBody, 'email' | 'password' | 'session'>>) {
    if (body.session === 'cookie') assertSameOrigin(ctx, config.allowedOrigins);
    const attempt = await reserveAttempt(db, signInCounters(kind, body.email, ctx.ip, limits), limits);
    const row = kind === 'admin' ? await admins.findOneBy({ email: body.email }) : await staff.findOneBy({ email: body.email });
    if (!(await verifyPassword(row?.passwordHash, body.password)) || !row) {
      throw new HttpError(401, messages.invalidCredentials);
    }
    await attempt.succeeded();
    if ('status' in row && row.status !== 'Active') {
      throw forbidden(row.status === 'Suspended' ? messages.staffSuspended : messages.staffInactive);
    }
    // A new token at every sign-in; the session the request came with (if any) ends here.
    const previous = await principalOf(ctx, deps.sessions);
    if (previous) await revokeSession(db, previous.sessionId);
    const token = await createSession(db, kind === 'admin' ? { adminId: row.id } : { staffId: row.id }, limits.sessionHours);
    if (body.session === 'bearer') return { row, token };
    setSessionCookie(ctx, token, { secure: config.production, maxAgeSeconds: limits.sessionHours * 3600 });
    return { row, token: undefined };
  }

  async function signOut(ctx: Context) {
    const principal = await principalOf(ctx, deps.sessions);
    if (principal) await revokeSession(db, principal.sessionId);
    clearSessionCookie(ctx, config.production);
    return { message: messages.loggedOut };
  }

  async function changeOwnPassword(principal: Principal, currentPassword: string, newPassword: string) {
    const repo = principal.kind === 'admin' ? admins : staff;
    const row = await repo.findOneBy({ id: principal.id });
    if (!row) throw new HttpError(401, messages.notSignedIn);
    // Wrong current passwords count like failed sign-ins: a stolen session cannot guess on.
    const attempt = await reserveAttempt(db, [accountCounter(principal.kind, row.email, limits)], limits);
    if (!(await verifyPassword(row.passwordHash, currentPassword))) {
      throw new HttpError(400, messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
    }
    await attempt.succeeded();
    if (newPassword === currentPassword) {
      throw new HttpError(400, messages.passwordMustDiffer, { newPassword: messages.passwordMustDiffer });
    }
    const passwordHash = await hashPassword(newPassword);
    await db.transaction(async (m) => {
      if (principal.kind === 'admin') await m.update(AdminEntity, { id: row.id }, { passwordHash });
      else await m.update(StaffEntity, { id: row.id }, { passwordHash, mustChangePassword: false });
      await revokeSessionsOf(m, principal.kind === 'admin' ? { adminId: row.id } : { staffId: row.id }, principal.sessionId);
    });
    return { message: messages.passwordUpdated };
  }

  const adminLogin = (path: string) =>
    endpoint({
      method: 'POST',
      path,
      access: 'public',
      body: loginBody,
      async handle({ ctx, body }) {
        const { row, token } = await signIn(ctx, 'admin', body);
        return { admin: toAdmin(row as AdminRow), ...(token ? { token } : {}) };
      },
    });
  const adminCheck = (path: string) =>
    endpoint({ method: 'GET', path, access: 'admin', handle: async ({ principal }) => ({ admin: toAdmin(principal as AdminPrincipal) }),
    });
  const logout = (path: string) => endpoint({ method: 'POST', path, access: 'public', handle: ({ ctx }) => signOut(ctx) });

  return [
    adminLogin(api.adminLogin),
    adminLogin(api.authLogin),
    adminCheck(api.adminCheckAuth),
    adminCheck(api.authVerify),
    logout(api.adminLogout),
    logout(api.authLogout),
    endpoint({
      method: 'POST',
      path: api.changePassword,
      access: 'admin',
      body: changePasswordBody,
      handle: ({ principal, body }) => changeOwnPassword(principal, body.currentPassword, body.newPassword),
    }),
    endpoint({
      method: 'POST',
      path: api.staffLogin,
      access: 'public',
      body: loginBody,
      async handle({ ctx, body }) {
        const { row, token } = await signIn(ctx, 'staff', body);
        return { staff: toStaffSelf(row as StaffRow), ...(token ? { token } : {}) };
      },
    }),
    endpoint({
      method: 'GET',
      path: api.staffMe,
      access: 'staffSelf',
      handle: async ({ principal }) => toStaffSelf(principal as StaffPrincipal),
    }),
    endpoint({
      method: 'POST',
      path: api.staffMyPassword,
      access: 'staffSelf',
      body: changePasswordBody,
      handle: ({ principal, body }) => changeOwnPassword(principal, body.currentPassword, body.newPassword),
    }),
    logout(api.staffLogout),
  ];
}
