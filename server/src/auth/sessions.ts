/**
 * Sessions: a random token handed to the client (cookie or bearer); the database keeps only its
 * SHA-256 hash, with expiry and last use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { DataSource, EntityManager } from 'typeorm';
import { sessionCookie, type AdminRole, type StaffRole, type StaffStatus } from '@kafue/common/contract';
import { preparedQuery } from '../db/data-source.js';
import type { AppDeps } from '../deps.js';

export type Principal =
  | { kind: 'admin'; sessionId: string; id: string; name: string; email: string; role: AdminRole }
  | {
      kind: 'staff';
      sessionId: string;
      id: string;
      name: string;
      email: string;
      role: StaffRole;
      status: StaffStatus;
      mustChangePassword: boolean;
    };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes in base64url: 43 characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export async function createSession(
  db: DataSource | EntityManager,
  owner: { adminId: string } | { staffId: string },
  hours: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, admin_id, staff_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashToken(token), 'adminId' in owner ? owner.adminId : null, 'staffId' in owner ? owner.staffId : null, hours],
  );
  return token;
}

interface SessionJoin {
  session_id: string;
  refresh: boolean;
  admin_id: string | null;
  admin_name: string | null;
  admin_email: string | null;
  admin_role: AdminRole | null;
  staff_id: string | null;
  staff_name: string | null;
  staff_email: string | null;
  staff_role: StaffRole | null;
  staff_status: StaffStatus | null;
  must_change_password: boolean | null;
}

/** The signed-in account of a token, or undefined when the token is unknown, expired or revoked. */
export async function findSession(db: DataSource, token: string): Promise<Principal | undefined> {
  if (!tokenShape.test(token)) return undefined;
  const rows = await preparedQuery<SessionJoin>(
    db,
    'kafue_find_session',
    `SELECT s.id AS session_id, s.last_used_at < now() - interval '1 minute' AS refresh,
            a.id AS admin_id, a.name AS admin_name, a.email AS admin_email, a.role AS admin_role,
            u.id AS staff_id, u.name AS staff_name, u.email AS staff_email, u.role AS staff_role,
            u.status AS staff_status, u.must_change_password
       FROM sessions s
       LEFT JOIN admins a ON a.id = s.admin_id
       LEFT JOIN staff_users u ON u.id = s.staff_id
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hashToken(token)],
  );
  return rows[0] && principalOfRow(db, rows[0]);
}

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

async function principalOfRow(db: DataSource, row: SessionJoin): Promise<Principal | undefined> {
  // Last use is kept to the minute, so that reads do not write on every request. Of several
  // requests that find it stale at once, the first writes; the others re-check after its lock.
  if (row.refresh) {
    await db.query(`UPDATE sessions SET last_used_at = now() WHERE id = $1 AND last_used_at < now() - interval '1 minute'`, [
      row.session_id,
    ]);
  }
  if (row.admin_id) {
    return {
      kind: 'admin',
      sessionId: row.session_id,
      id: row.admin_id,
      name: row.admin_name!,
      email: row.admin_email!,
      role: row.admin_role!,
    };
  }
  if (row.staff_id) {
    return {
      kind: 'staff',
      sessionId: row.session_id,
      id: row.staff_id,
      name: row.staff_name!,
      email: row.staff_email!,
      role: row.staff_role!,
      status: row.staff_status!,
      mustChangePassword: row.must_change_password!,
    };
  }
  return undefined;
}

export async function revokeSession(db: DataSource | EntityManager, sessionId: string): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE id = $1`, [sessionId]);
}

/** Revokes every session of an account, except `keep` (the one making the request). */
export async function revokeSessionsOf(
  db: DataSource | EntityManager,
  owner: { adminId: string } | { staffId: string },
  keep?: string,
): Promise<void> {
  const column = 'adminId' in owner ? 'admin_id' : 'staff_id';
  const ownerId = 'adminId' in owner ? owner.adminId : owner.staffId;
  await db.query(`DELETE FROM sessions WHERE ${column} = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [
    ownerId,
    keep ?? null,
  ]);
}

/** Removes expired sessions (run now and then; expired ones are already refused). */
export async function purgeExpiredSessions(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE expires_at <= now()`);
}
