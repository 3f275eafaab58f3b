/**
 * Two-factor sign-in for admins (/api/admin/2fa/*), the security settings
 * (/api/admin/settings/security) and active sessions (the caller's own under /api/admin/sessions,
 * any admin's for a Super Admin under /api/settings/admins/{id}/sessions); and password
 * reset by e-mail for admins and staff (/api/auth/forgot-password, /api/auth/reset-password).
 */
import { messages } from '@kafue/common/contract';
import { endpoints } from '@kafue/common/endpoints';
import { endSession, endSessions, listAdminSessions, listSessions } from '../accounts/sessions.js';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../accounts/two-factor.js';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.js';
import { credentials } from '../auth/sessions.js';
import { readSecuritySettings, settingsPages, updateSettings } from '../settings/settings.js';
import type { AppDeps } from '../deps.js';
import { endpoint, type Endpoint } from '../web/endpoint.js';
import { forbidden } from '../http/errors.js';
import { parseId } from '../http/validate.js';

export function securityEndpoints({ db, config, now = Date.now }: AppDeps): Endpoint[] {
  return [
    endpoint({
      ...endpoints.setupTwoFactor,
      access: 'adminPending',
      async handle({ principal, audit }) {
        if (principal.kind === 'admin' && principal.pending === 'passwordChange') throw forbidden(messages.passwordExpired);
        return setupTwoFactor(db, principal.id, audit);
      },
    }),
    endpoint({
      ...endpoints.enableTwoFactor,
      access: 'adminPending',
      async handle({ principal, body, audit }) {
        if (principal.kind === 'admin' && principal.pending === 'passwordChange') throw forbidden(messages.passwordExpired);
        const recoveryCodes = await enableTwoFactor(db, principal.id, body.code, now(), audit);
        return { message: messages.twoFactorEnabled, recoveryCodes };
      },
    }),
    endpoint({
      ...endpoints.disableTwoFactor,
      access: 'anyAdmin',
      async handle({ ctx, principal, body, audit }) {
        await disableTwoFactor(db, principal.id, body, { ip: ctx.ip, now: now(), limits: config.limits }, audit);
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
      handle: ({ ctx, principal }) => listSessions(db, principal.id, credentials(ctx).token),
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
      handle: ({ ctx, params }) => listAdminSessions(db, params.id, credentials(ctx).token),
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
