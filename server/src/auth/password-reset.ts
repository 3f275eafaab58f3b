/**
 * Password reset by e-mail, for admins and staff.
 *
 * A request answers the same, in the same time, whether or not the account exists: the same
 * counters, the same token made and hashed, the same statements (an INSERT ... SELECT that adds
 * a row only for an account that exists, then the mail, or statements of the same kind). Requests
 * are limited per client address (429) and per account (past the limit, nothing more is mailed,
 * silently, so a mailbox cannot be flooded). The token goes out only in the mail; the database
 * keeps its SHA-256. It is valid 30 minutes, once; using it ends every session of the account.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { brand } from '@kafue/common/brand';
import { messages, resetPasswordPath, resetTokenMinutes } from '@kafue/common/contract';
import type { AuditRecorder } from '../audit/audit.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { queueMail } from '../mail/queue.js';
import { readGeneralSettings } from '../settings/settings.js';
import { accountKey, addressKey, clearAccountFailures, reserveAttempt } from './limiter.js';
import { hashPassword } from './passwords.js';
import { hashToken, revokeSessionsOf } from './sessions.js';

type ResetAccount = 'admin' | 'staff';

const tableOf = { admin: 'admins', staff: 'staff_users' } as const;
const columnOf = { admin: 'admin_id', staff: 'staff_id' } as const;

/** Tokens are 32 random bytes in base64url, as session tokens. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

function mailText(link: string, email: string, company: string): string {
  return [
    `Someone asked to reset the password of the ${company} account ${email}.`,
    '',
    `To choose a new password, open this link within ${resetTokenMinutes} minutes (it works once):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
}

/**
 * Asks for a reset link. Throws 429 past the per-address limit; otherwise returns normally,
 * having mailed a link if and only if the account exists and is under its own limit.
 */
export async function requestPasswordReset(
  db: DataSource,
  config: Config,
  request: { email: string; account: ResetAccount; ip: string },
  audit: AuditRecorder,
): Promise<void> {
  const { limits } = config;
  await reserveAttempt(db, [{ key: `reset:${addressKey(request.ip)}`, limit: limits.resetsPerAddress }], limits).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 429
      ? new HttpError(429, messages.tooManyResetRequests, undefined, error.headers)
      : error;
  });
  const underAccountLimit = await reserveAttempt(
    db,
    [{ key: `reset:${accountKey(request.account, request.email)}`, limit: limits.resetsPerAccount }],
    limits,
  ).then(
    () => true,
    (error: unknown) => {
      if (error instanceof HttpError && error.status === 429) return false;
      throw error;
    },
  );
  const token = randomBytes(32).toString('base64url');
  const general = await readGeneralSettings(db);
  const company = general.siteName || brand.company;
  const link = `${config.publicUrl}${resetPasswordPath}?token=${token}`;
  await db.transaction(async (m) => {
    // One statement either way: a row only for an account that exists (and is under its limit).
    const rows = await m.query<{ id: string }[]>(
      `INSERT INTO password_resets (token_hash, ${columnOf[request.account]}, expires_at)
       SELECT $1, id, now() + make_interval(mins => $3) FROM ${tableOf[request.account]} WHERE email = $2 AND $4
       RETURNING id`,
      [hashToken(token), request.email, resetTokenMinutes, underAccountLimit],
    );
    if (rows.length === 1) {
      await queueMail(m, { to: request.email, subject: `Reset your ${company} password`, text: mailText(link, request.email, company) });
    } else {
      await sameWorkAsMail(m);
    }
    // The same row whether or not the account exists (no id, nothing about the mail), so that
    // neither the work done nor the log tells one case from the other.
    await audit(m, { action: 'password.reset_request', actor: null, target: { type: request.account, id: null, label: request.email } });
  });
}

/** The statements queueMail runs, changing nothing: an unknown account costs what a known one does. */
async function sameWorkAsMail(m: EntityManager): Promise<void> {
  await m.query(`INSERT INTO mail_queue (to_address, subject, body, reply_to) SELECT $1, $2, $3, $4 WHERE false`, ['', '', '', null]);
  await m.query(`SELECT pg_notify('kafue_mail_none', '') WHERE false`);
}

/**
 * Sets a new password with a reset token, once: the token is used up, every other token of the
 * account goes, every session of the account ends and its sign-in counters are cleared. A used,
 * expired or unknown token: 400. Its audit row names the account as the actor (as a sign-in does).
 */
export async function resetPassword(db: DataSource, token: string, newPassword: string, audit: AuditRecorder): Promise<ResetAccount> {
  const invalid = () => new HttpError(400, messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
  if (!tokenShape.test(token)) throw invalid();
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (m) => {
    // TypeORM answers an UPDATE with [rows, count].
    const [[used]] = await m.query<[{ admin_id: string | null; staff_id: string | null }[], number]>(
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
        RETURNING admin_id, staff_id`,
      [hashToken(token)],
    );
    if (!used) throw invalid();
    const account: ResetAccount = used.admin_id ? 'admin' : 'staff';
    const id = (used.admin_id ?? used.staff_id)!;
    const [[row]] = await m.query<[{ name: string; email: string }[], number]>(
      `UPDATE ${tableOf[account]} SET password_hash = $2, password_changed_at = now()${account === 'staff' ? ', must_change_password = false' : ''}
        WHERE id = $1 RETURNING name, email`,
      [id, passwordHash],
    );
    if (!row) throw invalid();
    await m.query(`DELETE FROM password_resets WHERE ${columnOf[account]} = $1 AND used_at IS NULL`, [id]);
    await revokeSessionsOf(m, account === 'admin' ? { adminId: id } : { staffId: id });
    await clearAccountFailures(m, account, row.email);
    await audit(m, {
      action: 'password.reset',
      actor: { kind: account, id, name: row.name, email: row.email },
      target: { type: account, id, label: row.email },
      changes: { password: { old: 'x', new: 'x' } },
    });
    return account;
  });
}

/** Removes reset tokens past their expiry or used (run now and then; they are refused anyway). */
export async function purgeOldResets(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM password_resets WHERE expires_at <= now() - interval '1 day'`);
}
