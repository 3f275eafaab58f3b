/**
 * Two-factor sign-in for admins (/api/admin/2fa/*), the security settings
 * (/api/admin/settings/security) and active sessions (the caller's own under /api/admin/sessions,
 * any admin's for a Super Admin under /api/settings/admins/{id}/sessions); and password
 * reset by e-mail for admins and staff (/api/auth/forgot-password, /api/auth/reset-password).
 */
import type { Context } from 'koa';
import type { DataSource, EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import type { AuditRecorder } from '../audit/audit.js';
import { reserveAttempt, signInCounters } from '../auth/limiter.js';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.js';
import { verifyPassword } from '../auth/passwords.js';
import { credentials, hashToken, type Principal } from '../auth/sessions.js';
import { consumeSecondFactor, matchingStep, newRecoveryCodes, newTotpSecret, storeRecoveryCodes } from '../auth/two-factor.js';
import { AdminEntity } from '../db/entities.js';
import { readSecuritySettings, settingsPages, updateSettings } from '../settings/settings.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { forbidden, HttpError, notFound } from '../http/errors.js';
import { parseId } from '../http/validate.js';

interface SessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date;
  address: string | null;
  user_agent: string | null;
  via: 'cookie' | 'bearer' | null;
  current: boolean;
}

/** An admin's live sessions, most recently used first; `current` marks the one of `ctx`. */
async function sessionsOf(db: DataSource, adminId: string, ctx: Context) {
  const { token } = credentials(ctx);
  const rows = await db.query<SessionRow[]>(
    `SELECT id, created_at, last_used_at, address, user_agent, via, token_hash = $2 AS current
       FROM sessions WHERE admin_id = $1 AND expires_at > now()
      ORDER BY last_used_at DESC, id`,
    [adminId, token ? hashToken(token) : ''],
  );
  return rows.map((r) => ({
    _id: r.id,
    current: r.current,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at.toISOString(),
    address: r.address,
    userAgent: r.user_agent,
    via: r.via,
  }));
}

/** The admin whose sessions a call ends, as the audit log names them (404 when there is none). */
async function sessionOwner(m: EntityManager, adminId: string) {
  const [owner] = await m.query<{ id: string; email: string }[]>(`SELECT id, email FROM admins WHERE id = $1`, [adminId]);
  if (!owner) throw notFound();
  return owner;
}

/** Ends one session of an admin (404 when it is not theirs or already over), with its audit row. */
async function endSession(db: DataSource, adminId: string, sessionId: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const owner = await sessionOwner(m, adminId);
    const [ended] = await m.query<[{ id: string; created_at: Date }[], number]>(
      `DELETE FROM sessions WHERE id = $1 AND admin_id = $2 RETURNING id, created_at`,
      [sessionId, adminId],
    );
    if (ended.length === 0) throw notFound();
    await audit(m, {
      action: 'session.end',
      target: { type: 'session', id: ended[0].id, label: owner.email },
      changes: { session: { old: { createdAt: ended[0].created_at }, new: null } },
    });
  });
}

/** Ends every session of an admin but `keep`, with its audit row (none when there was none to end). */
async function endSessions(db: DataSource, adminId: string, keep: string | null, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const owner = await sessionOwner(m, adminId);
    const [, count] = await m.query<[unknown[], number]>(
      `DELETE FROM sessions WHERE admin_id = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`,
      [adminId, keep],
    );
    if (count === 0) return audit.none('no session to end');
    await audit(m, {
      action: 'session.end_all',
      target: { type: 'admin', id: owner.id, label: owner.email },
      changes: { sessions: { old: count, new: 0 } },
    });
  });
}

export function securityEndpoints({ db, config, now = Date.now }: AppDeps): Endpoint[] {
  const admins = db.getRepository(AdminEntity);

  async function adminOf(principal: Principal) {
    const row = await admins.findOneBy({ id: principal.id });
    if (!row) throw new HttpError(401, messages.notSignedIn);
    return row;
  }

  async function existingAdmin(id: string) {
    if (!(await admins.existsBy({ id }))) throw notFound();
  }

  const adminTarget = (admin: { id: string; email: string }) => ({ type: 'admin', id: admin.id, label: admin.email });

  return [
    endpoint({
      ...endpoints.setupTwoFactor,
      access: 'adminPending',
      async handle({ principal, audit }) {
        if (principal.kind === 'admin' && principal.pending === 'passwordChange') throw forbidden(messages.passwordExpired);
        const admin = await adminOf(principal);
        if (admin.totpSecret) throw new HttpError(409, messages.twoFactorAlreadyOn);
        const setup = await newTotpSecret(admin.email);
        await db.transaction(async (m) => {
          await m.update(AdminEntity, { id: admin.id }, { totpPendingSecret: setup.secret });
          // The new key itself never enters the log: only that enrolment started.
          await audit(m, {
            action: 'admin.2fa_setup',
            target: adminTarget(admin),
            changes: { twoFactor: { old: admin.totpPendingSecret ? 'pending' : 'off', new: 'pending' } },
          });
        });
        return setup;
      },
    }),
    endpoint({
      ...endpoints.enableTwoFactor,
      access: 'adminPending',
      async handle({ principal, body, audit }) {
        if (principal.kind === 'admin' && principal.pending === 'passwordChange') throw forbidden(messages.passwordExpired);
        const admin = await adminOf(principal);
        if (admin.totpSecret) throw new HttpError(409, messages.twoFactorAlreadyOn);
        if (!admin.totpPendingSecret) throw new HttpError(400, messages.twoFactorSetupFirst);
        const step = matchingStep(admin.totpPendingSecret, body.code, now());
        if (step === undefined) throw new HttpError(400, messages.twoFactorCodeWrong, { code: messages.twoFactorCodeWrong });
        const recoveryCodes = newRecoveryCodes();
        await db.transaction(async (m) => {
          // Only if still pending with this secret: two enable calls at once turn it on once.
          const [, count] = await m.query<[unknown[], number]>(
            `UPDATE admins SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_last_step = $3
              WHERE id = $1 AND totp_pending_secret = $2 AND totp_secret IS NULL`,
            [admin.id, admin.totpPendingSecret, step],
          );
          if (count !== 1) throw new HttpError(409, messages.twoFactorAlreadyOn);
          await storeRecoveryCodes(m, admin.id, recoveryCodes);
          // Neither the key nor the recovery codes enter the log: only how many codes there are.
          await audit(m, {
            action: 'admin.2fa_enable',
            target: adminTarget(admin),
            changes: { twoFactor: { old: 'pending', new: 'on' }, recoveryCodesIssued: { new: recoveryCodes.length } },
          });
        });
        return { message: messages.twoFactorEnabled, recoveryCodes };
      },
    }),
    endpoint({
      ...endpoints.disableTwoFactor,
      access: 'anyAdmin',
      async handle({ ctx, principal, body, audit }) {
        const admin = await adminOf(principal);
        if (!admin.totpSecret) throw new HttpError(400, messages.twoFactorNotOn);
        if ((await readSecuritySettings(db)).requireTwoFactor) throw forbidden(messages.twoFactorStillRequired);
        // Wrong passwords and codes count like failed sign-ins: a stolen session cannot guess on.
        const reserved = await reserveAttempt(db, signInCounters('admin', admin.email, ctx.ip, config.limits), config.limits);
        if (!(await verifyPassword(admin.passwordHash, body.password))) {
          throw new HttpError(400, messages.currentPasswordWrong, { password: messages.currentPasswordWrong });
        }
        await db.transaction(async (m) => {
          if (!(await consumeSecondFactor(m, { id: admin.id, totpSecret: admin.totpSecret! }, body.code, now()))) {
            throw new HttpError(400, messages.twoFactorCodeWrong, { code: messages.twoFactorCodeWrong });
          }
          await m.query(`UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1`, [
            admin.id,
          ]);
          await m.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
          await audit(m, { action: 'admin.2fa_disable', target: adminTarget(admin), changes: { twoFactor: { old: 'on', new: 'off' } } });
        });
        await reserved.succeeded();
        return { message: messages.twoFactorDisabled };
      },
    }),
    endpoint({
      ...endpoints.getSecuritySettings,
      access: 'adminPending',
      handle: () => readSecuritySettings(db),
    }),
    endpoint({
      ...endpoints.saveSecuritySettings,
      access: 'superAdmin',
      async handle({ body, audit }) {
        await updateSettings(db, audit, settingsPages.security, body);
        return { message: messages.settingsUpdated, settings: body };
      },
    }),
    endpoint({
      ...endpoints.listMySessions,
      access: 'anyAdmin',
      handle: ({ ctx, principal }) => sessionsOf(db, principal.id, ctx),
    }),
    endpoint({
      ...endpoints.endMyOtherSessions,
      access: 'anyAdmin',
      async handle({ principal, audit }) {
        await endSessions(db, principal.id, principal.sessionId, audit);
        return { message: messages.otherSessionsEnded };
      },
    }),
    endpoint({
      ...endpoints.endMySession,
      access: 'anyAdmin',
      async handle({ principal, params, audit }) {
        await endSession(db, principal.id, params.id, audit);
        return { message: messages.sessionEnded };
      },
    }),
    endpoint({
      ...endpoints.listAdminSessions,
      access: 'superAdmin',
      async handle({ ctx, params }) {
        await existingAdmin(params.id);
        return sessionsOf(db, params.id, ctx);
      },
    }),
    endpoint({
      ...endpoints.endAdminSessions,
      access: 'superAdmin',
      async handle({ principal, params, audit }) {
        // A Super Admin ending their own sessions here keeps the one they are using.
        await endSessions(db, params.id, params.id === principal.id ? principal.sessionId : null, audit);
        return { message: messages.otherSessionsEnded };
      },
    }),
    endpoint({
      ...endpoints.endAdminSession,
      access: 'superAdmin',
      async handle({ params, audit }) {
        await endSession(db, params.id, parseId(params.sessionId ?? ''), audit);
        return { message: messages.sessionEnded };
      },
    }),
    endpoint({
      ...endpoints.forgotPassword,
      access: 'public',
      async handle({ ctx, body, audit }) {
        await requestPasswordReset(db, config, { email: body.email, account: body.account, ip: ctx.ip }, audit);
        return { message: messages.resetLinkSent };
      },
    }),
    endpoint({
      ...endpoints.resetPassword,
      access: 'public',
      async handle({ body, audit }) {
        const account = await resetPassword(db, body.token, body.newPassword, audit);
        return { message: messages.passwordUpdated, account };
      },
    }),
  ];
}
