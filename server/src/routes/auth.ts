/**
 * Sign-in, session check and sign-out, for admins (both readings of spec section 7:
 * /api/settings/* and /api/auth/*) and for staff (/api/staff/login, /api/staff/logout); and the
 * admins' own password change. The staff portal's own calls are in staff-portal.ts.
 */
import type { Context } from 'koa';
import { messages, type LoginBody } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { changeOwnPassword, signIn, signOut, type AccountKind } from '../auth/accounts.js';
import { adminPendingOf, passwordExpired } from '../auth/security-settings.js';
import { readSecuritySettings } from '../settings/settings.js';
import { principalOf, type Principal } from '../auth/sessions.js';
import type { AuditRecorder } from '../audit/audit.js';
import type { AdminRow, StaffRow } from '../accounts/records.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { assertSameOrigin, clearSessionCookie, setSessionCookie } from '../web/security.js';
import { toAdmin, toStaffSelf } from '../accounts/records.js';

type AdminPrincipal = Extract<Principal, { kind: 'admin' }>;

export function authEndpoints({ db, sessions, config, now = Date.now }: AppDeps): Endpoint[] {
  const limits = config.limits;

  /** Signs in; the session goes out as the body asks: a cookie, or a token in the answer. */
  async function openSession(
    ctx: Context,
    kind: AccountKind,
    body: Required<Pick<LoginBody, 'email' | 'password' | 'session'>> & Pick<LoginBody, 'code'>,
    audit: AuditRecorder,
  ) {
    if (body.session === 'cookie') assertSameOrigin(ctx, config.allowedOrigins);
    const origin = { address: ctx.ip, userAgent: ctx.get('User-Agent') || undefined, via: body.session };
    const attempt = { email: body.email, password: body.password, code: body.code, ip: ctx.ip, now: now(), origin };
    const { account, token } = await signIn(db, limits, kind, attempt, await principalOf(ctx, sessions), audit);
    if (body.session === 'bearer') return { account, token };
    setSessionCookie(ctx, token, { secure: config.production, maxAgeSeconds: limits.sessionHours * 3600 });
    return { account, token: undefined };
  }

  const adminLogin = (call: typeof endpoints.adminLogin | typeof endpoints.authLogin) =>
    endpoint({
      ...call,
      access: 'public',
      async handle({ ctx, body, audit }) {
        const { account, token } = await openSession(ctx, 'admin', body, audit);
        const row = account as AdminRow;
        const pending = adminPendingOf(await readSecuritySettings(db), row);
        return { admin: toAdmin(row), twoFactorEnabled: !!row.totpSecret, ...(pending ? { pending } : {}), ...(token ? { token } : {}) };
      },
    });
  const adminCheck = (call: typeof endpoints.adminCheckAuth | typeof endpoints.authVerify) =>
    endpoint({
      ...call,
      access: 'adminPending',
      async handle({ principal }) {
        const { twoFactorEnabled, pending } = principal as AdminPrincipal;
        return { admin: toAdmin(principal as AdminPrincipal), twoFactorEnabled, ...(pending ? { pending } : {}) };
      },
    });
  const logout = (call: typeof endpoints.adminLogout | typeof endpoints.authLogout | typeof endpoints.staffLogout) =>
    endpoint({
      ...call,
      access: 'public',
      async handle({ ctx, audit }) {
        await signOut(db, await principalOf(ctx, sessions), audit);
        clearSessionCookie(ctx, config.production);
        return { message: messages.loggedOut };
      },
    });

  return [
    adminLogin(endpoints.adminLogin),
    adminLogin(endpoints.authLogin),
    adminCheck(endpoints.adminCheckAuth),
    adminCheck(endpoints.authVerify),
    logout(endpoints.adminLogout),
    logout(endpoints.authLogout),
    endpoint({
      ...endpoints.changePassword,
      access: 'adminPending',
      async handle({ ctx, principal, body, audit }) {
        await changeOwnPassword(db, limits, principal, { ...body, ip: ctx.ip }, audit);
        return { message: messages.passwordUpdated };
      },
    }),
    endpoint({
      ...endpoints.staffLogin,
      access: 'public',
      refusedInMaintenance: true,
      async handle({ ctx, body, audit }) {
        const { account, token } = await openSession(ctx, 'staff', body, audit);
        const row = account as StaffRow;
        const expired = passwordExpired(await readSecuritySettings(db), row.passwordChangedAt);
        return { staff: toStaffSelf({ ...row, mustChangePassword: row.mustChangePassword || expired }), ...(token ? { token } : {}) };
      },
    }),
    logout(endpoints.staffLogout),
  ];
}
