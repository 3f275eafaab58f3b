/**
 * What happens to accounts, apart from HTTP: signing in and out and changing one's own password
 * (admins and staff, for the API's calls), and, outside the API, the first Super Admin at start
 * and the command-line tool's "create an admin" and "reset an admin's password" (the day the
 * last admin forgets theirs).
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages, type AdminRole } from '@kafue/common/contract';
import { adminInviteBody } from '@kafue/common/schemas';
import { brand } from '@kafue/common/brand';
import { actorOf, diff, writeAudit, type AuditActor, type AuditRecorder } from '../audit/audit.js';
import type { Limits } from '../config.js';
import { findAdmin, findStaff, insertAdmin, type AdminRow, type StaffRow } from '../accounts/records.js';
import { forbidden, HttpError } from '../http/errors.js';
import { refusedSignIn, type SignInRefusal } from '../metrics.js';
import { clearAccountFailures, reserveAttempt, signInCounters } from './limiter.js';
import { hashPassword, randomPassword, verifyPassword } from './passwords.js';
import { createSession, revokeSession, revokeSessionsOf, type Principal, type SessionOrigin } from './sessions.js';
import { seedNewInstallation } from '../settings/settings.js';
import { consumeSecondFactor } from './two-factor.js';

export type AccountKind = 'admin' | 'staff';

/**
 * Checks the password (counting failures per account and address pair, per address and per
 * account: limiter.ts), then, for an admin with two-factor on, the code (a wrong one counts as a
 * failure; none at all asks for it and counts for nothing), refuses staff who may not sign in,
 * then opens a new session and ends `previous`, the one the request came with (a new token at
 * every sign-in: no fixation).
 */
export async function signIn(
  db: DataSource,
  limits: Limits,
  kind: AccountKind,
  attempt: { email: string; password: string; ip: string; code?: string; now: number; origin?: SessionOrigin },
  previous: Principal | undefined,
  audit: AuditRecorder,
): Promise<{ account: AdminRow | StaffRow; token: string }> {
  // Every refusal is a failed sign-in in the audit log (actor: nobody; target: the email tried).
  const refused = async (reason: SignInRefusal, id: string | null, error: HttpError) => {
    await audit.refused(db, {
      action: `${kind}.signin_failed`,
      actor: null,
      target: { type: kind, id, label: attempt.email },
      changes: { reason: { new: reason } },
    });
    return refusedSignIn(kind, reason, error);
  };
  const reserved = await reserveAttempt(db, signInCounters(kind, attempt.email, attempt.ip, limits), limits).catch(
    async (error: unknown) => {
      throw error instanceof HttpError && error.status === 429 ? await refused('limited', null, error) : error;
    },
  );
  const account = kind === 'admin' ? await findAdmin(db, 'email', attempt.email) : await findStaff(db, 'email', attempt.email);
  if (!(await verifyPassword(account?.passwordHash, attempt.password)) || !account) {
    throw await refused('wrong_credentials', account?.id ?? null, new HttpError(401, messages.invalidCredentials));
  }
  if ('totpSecret' in account && account.totpSecret) {
    if (!attempt.code) {
      await reserved.withdrawn();
      throw new HttpError(401, messages.twoFactorRequired, undefined, undefined, { twoFactorRequired: true });
    }
    if (!(await consumeSecondFactor(db, { id: account.id, totpSecret: account.totpSecret }, attempt.code, attempt.now))) {
      throw await refused(
        'wrong_code',
        account.id,
        new HttpError(401, messages.twoFactorCodeWrong, { code: messages.twoFactorCodeWrong }, undefined, { twoFactorRequired: true }),
      );
    }
  }
  await reserved.succeeded();
  if ('status' in account && account.status !== 'Active') {
    const suspended = account.status === 'Suspended';
    throw await refused(
      suspended ? 'suspended' : 'inactive',
      account.id,
      forbidden(suspended ? messages.staffSuspended : messages.staffInactive),
    );
  }
  const owner = kind === 'admin' ? { adminId: account.id } : { staffId: account.id };
  const token = await db.transaction(async (m) => {
    if (previous) await revokeSession(m, previous.sessionId);
    const opened = await createSession(m, owner, limits.sessionHours, attempt.origin);
    await audit(m, {
      action: `${kind}.signin`,
      actor: { kind, id: account.id, name: account.name, email: account.email },
      target: { type: kind, id: account.id, label: account.email },
    });
    return opened;
  });
  return { account, token };
}

/** Ends the session the request came with, if any. */
export async function signOut(db: DataSource, principal: Principal | undefined, audit: AuditRecorder): Promise<void> {
  if (!principal) return audit.none('no session to end');
  await db.transaction(async (m) => {
    await revokeSession(m, principal.sessionId);
    await audit(m, { action: `${principal.kind}.signout`, target: { type: principal.kind, id: principal.id, label: principal.email } });
  });
}

/** Stores an account's new password, in the caller's transaction. */
async function setPassword(m: EntityManager, kind: AccountKind, id: string, passwordHash: string): Promise<void> {
  await m.query(
    kind === 'admin'
      ? `UPDATE admins SET password_hash = $2, password_changed_at = now(), updated_at = now() WHERE id = $1`
      : `UPDATE staff_users SET password_hash = $2, password_changed_at = now(), must_change_password = false, updated_at = now() WHERE id = $1`,
    [id, passwordHash],
  );
}

/**
 * Changes the password of the signed-in account, after checking the current one, and signs its
 * other sessions out. Staff who had a one-time password have chosen their own from then on.
 */
export async function changeOwnPassword(
  db: DataSource,
  limits: Limits,
  principal: Principal,
  change: { currentPassword: string; newPassword: string; ip: string },
  audit: AuditRecorder,
): Promise<void> {
  const { currentPassword, newPassword } = change;
  const account = principal.kind === 'admin' ? await findAdmin(db, 'id', principal.id) : await findStaff(db, 'id', principal.id);
  if (!account) throw new HttpError(401, messages.notSignedIn);
  // Wrong current passwords count like failed sign-ins: a stolen session cannot guess on freely.
  const reserved = await reserveAttempt(db, signInCounters(principal.kind, account.email, change.ip, limits), limits);
  if (!(await verifyPassword(account.passwordHash, currentPassword))) {
    throw new HttpError(400, messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  await reserved.succeeded();
  if (newPassword === currentPassword) {
    throw new HttpError(400, messages.passwordMustDiffer, { newPassword: messages.passwordMustDiffer });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (m) => {
    await setPassword(m, principal.kind, account.id, passwordHash);
    const owner = principal.kind === 'admin' ? { adminId: account.id } : { staffId: account.id };
    await revokeSessionsOf(m, owner, principal.sessionId);
    await audit(m, {
      action: `${principal.kind}.password_change`,
      actor: actorOf(principal),
      target: { type: principal.kind, id: account.id, label: account.email },
      changes: { password: { old: 'x', new: 'x' } },
    });
  });
}

/** Who changes accounts outside the API, as the audit log names them. */
const commandLine: AuditActor = { kind: 'system', id: null, name: 'command line', email: null };
const systemStart: AuditActor = { kind: 'system', id: null, name: 'first start', email: null };
const outsideApi = (actor: AuditActor) => ({ actor, address: null, userAgent: null });
const adminTarget = (row: { id: string; email: string }) => ({ type: 'admin', id: row.id, label: row.email });

const defaultFirstAdminEmail = `admin@${brand.mailDomain}`;

function validAdmin(input: { name: string; email: string; role: AdminRole; password: string }) {
  const result = adminInviteBody.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid admin: ${problems}`);
  }
  return result.data;
}

export async function createAdmin(
  db: DataSource,
  input: { name: string; email: string; role: AdminRole; password: string },
): Promise<{ id: string; email: string }> {
  const data = validAdmin(input);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (m) => {
    const row = await insertAdmin(m, { name: data.name, email: data.email, role: data.role, passwordHash });
    await writeAudit(m, {
      ...outsideApi(commandLine),
      action: 'admin.create',
      target: adminTarget(row),
      changes: diff(null, { name: data.name, email: data.email, role: data.role }),
    });
    return { id: row.id, email: row.email };
  });
}

/**
 * Creates the first Super Admin when no admin exists (ADMIN_EMAIL + ADMIN_PASSWORD, or a default
 * email and a random password). Answers the generated password, if one was generated, so that the
 * caller prints it once. Several servers starting at once on one database create one admin.
 */
export async function ensureFirstAdmin(
  db: DataSource,
  env: { adminEmail?: string; adminPassword?: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  return db.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('kafue:first-admin'))`);
    const [{ any }] = await m.query<[{ any: boolean }]>(`SELECT EXISTS (SELECT 1 FROM admins) AS any`);
    if (any) return undefined;
    const generatedPassword = env.adminPassword ? undefined : randomPassword(20);
    const data = validAdmin({
      name: 'Administrator',
      email: env.adminEmail ?? defaultFirstAdminEmail,
      role: 'Super Admin',
      password: env.adminPassword ?? generatedPassword!,
    });
    const passwordHash = await hashPassword(data.password);
    const row = await insertAdmin(m, { name: data.name, email: data.email, role: data.role, passwordHash });
    // No admin yet: a new installation.
    await seedNewInstallation(m);
    await writeAudit(m, {
      ...outsideApi(systemStart),
      action: 'admin.create',
      target: adminTarget(row),
      changes: diff(null, { name: data.name, email: data.email, role: data.role }),
    });
    return { email: data.email, generatedPassword };
  });
}

/** Sets a new password for an admin, signs them out everywhere and clears their sign-in lock. */
export async function resetAdminPassword(db: DataSource, email: string, password: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const admin = await findAdmin(db, 'email', normalized);
  if (!admin) throw new Error(`No admin has the email ${normalized}`);
  validAdmin({ name: admin.name, email: admin.email, role: admin.role, password });
  const passwordHash = await hashPassword(password);
  await db.transaction(async (m) => {
    await setPassword(m, 'admin', admin.id, passwordHash);
    await revokeSessionsOf(m, { adminId: admin.id });
    await clearAccountFailures(m, 'admin', normalized);
    await writeAudit(m, {
      ...outsideApi(commandLine),
      action: 'admin.password_reset',
      target: adminTarget(admin),
      changes: { password: { old: 'x', new: 'x' } },
    });
  });
}
