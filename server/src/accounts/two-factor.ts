/**
 * An admin's own two-factor sign-in (auth/two-factor.ts holds the codes): set up, turned on and
 * turned off, each with its audit row. Neither the key nor the recovery codes enter the log.
 */
import type { DataSource } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { AuditRecorder } from '../audit/audit.js';
import { reserveAttempt, signInCounters } from '../auth/limiter.js';
import { verifyPassword } from '../auth/passwords.js';
import { consumeSecondFactor, matchingStep, newRecoveryCodes, newTotpSecret, storeRecoveryCodes } from '../auth/two-factor.js';
import type { Limits } from '../config.js';
import { forbidden, HttpError } from '../http/errors.js';
import { readSecuritySettings } from '../settings/settings.js';
import { findAdmin, type AdminRow } from './records.js';

/** The signed-in admin as their two-factor calls read them (401 when the account is gone). */
async function adminOf(db: DataSource, id: string): Promise<AdminRow> {
  const row = await findAdmin(db, 'id', id);
  if (!row) throw new HttpError(401, messages.notSignedIn);
  return row;
}

const target = (admin: AdminRow) => ({ type: 'admin', id: admin.id, label: admin.email });

/** Starts an enrolment (409 when two-factor is on already): a new key, pending until a code of it turns it on. */
export async function setupTwoFactor(db: DataSource, adminId: string, audit: AuditRecorder) {
  const admin = await adminOf(db, adminId);
  if (admin.totpSecret) throw new HttpError(409, messages.twoFactorAlreadyOn);
  const setup = await newTotpSecret(admin.email);
  await db.transaction(async (m) => {
    await m.query(`UPDATE admins SET totp_pending_secret = $2, updated_at = now() WHERE id = $1`, [admin.id, setup.secret]);
    // The new key itself never enters the log: only that enrolment started.
    await audit(m, {
      action: 'admin.2fa_setup',
      target: target(admin),
      changes: { twoFactor: { old: admin.totpPendingSecret ? 'pending' : 'off', new: 'pending' } },
    });
  });
  return setup;
}

/** Turns two-factor on with a code of the pending key; answers the new recovery codes, shown once. */
export async function enableTwoFactor(db: DataSource, adminId: string, code: string, now: number, audit: AuditRecorder): Promise<string[]> {
  const admin = await adminOf(db, adminId);
  if (admin.totpSecret) throw new HttpError(409, messages.twoFactorAlreadyOn);
  if (!admin.totpPendingSecret) throw new HttpError(400, messages.twoFactorSetupFirst);
  const step = matchingStep(admin.totpPendingSecret, code, now);
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
      target: target(admin),
      changes: { twoFactor: { old: 'pending', new: 'on' }, recoveryCodesIssued: { new: recoveryCodes.length } },
    });
  });
  return recoveryCodes;
}

/**
 * Turns two-factor off with the password and a second factor, unless the security policy
 * requires it. Wrong passwords and codes count like failed sign-ins from `ip`: a stolen session
 * cannot guess on.
 */
export async function disableTwoFactor(
  db: DataSource,
  adminId: string,
  proof: { password: string; code: string },
  attempt: { ip: string; now: number; limits: Limits },
  audit: AuditRecorder,
): Promise<void> {
  const admin = await adminOf(db, adminId);
  const totpSecret = admin.totpSecret;
  if (!totpSecret) throw new HttpError(400, messages.twoFactorNotOn);
  if ((await readSecuritySettings(db)).requireTwoFactor) throw forbidden(messages.twoFactorStillRequired);
  const reserved = await reserveAttempt(db, signInCounters('admin', admin.email, attempt.ip, attempt.limits), attempt.limits);
  if (!(await verifyPassword(admin.passwordHash, proof.password))) {
    throw new HttpError(400, messages.currentPasswordWrong, { password: messages.currentPasswordWrong });
  }
  await db.transaction(async (m) => {
    if (!(await consumeSecondFactor(m, { id: admin.id, totpSecret }, proof.code, attempt.now))) {
      throw new HttpError(400, messages.twoFactorCodeWrong, { code: messages.twoFactorCodeWrong });
    }
    await m.query(`UPDATE admins SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL WHERE id = $1`, [admin.id]);
    await m.query(`DELETE FROM admin_recovery_codes WHERE admin_id = $1`, [admin.id]);
    await audit(m, { action: 'admin.2fa_disable', target: target(admin), changes: { twoFactor: { old: 'on', new: 'off' } } });
  });
  await reserved.succeeded();
}
