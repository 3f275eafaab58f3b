/**
 * Sessions: a random token handed to the client (cookie or bearer); the database keeps only its
 * SHA-256 hash, with expiry and last use.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { sessionCookie, type AdminPending, type AdminRole, type StaffRole, type StaffStatus } from '@kafue/common/contract';
import { preparedQuery } from '../db/data-source.js';
import { ChannelListener } from '../db/listener.js';

export type Principal =
  | {
      kind: 'admin';
      sessionId: string;
      id: string;
      name: string;
      email: string;
      role: AdminRole;
      twoFactorEnabled: boolean;
      /** What the admin must do before any other call: see AdminPending. */
      pending?: AdminPending;
    }
  | {
      kind: 'staff';
      sessionId: string;
      id: string;
      name: string;
      email: string;
      role: StaffRole;
      status: StaffStatus;
      /** A one-time password not yet replaced, or a password older than the security settings allow. */
      mustChangePassword: boolean;
    };

/**
 * A staff member reaches only the enquiries assigned to them, an admin every one: the id the
 * enquiry queries keep a staff caller to (another person's enquiry answers 404), none for an
 * admin. Here, beside the principal, so that routes and domain modules both ask it.
 */
export const assignedTo = (principal: Pick<Principal, 'kind' | 'id'>): string | undefined =>
  principal.kind === 'staff' ? principal.id : undefined;

/** Where and how a session was opened (shown in the list of active sessions). */
export interface SessionOrigin {
  address?: string;
  userAgent?: string;
  via?: 'cookie' | 'bearer';
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens are 32 random bytes in base64url: 43 characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export async function createSession(
  db: DataSource | EntityManager,
  owner: { adminId: string } | { staffId: string },
  hours: number,
  origin: SessionOrigin = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO sessions (token_hash, admin_id, staff_id, expires_at, address, user_agent, via)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4), $5, $6, $7)`,
    [
      hashToken(token),
      'adminId' in owner ? owner.adminId : null,
      'staffId' in owner ? owner.staffId : null,
      hours,
      origin.address?.slice(0, 64) ?? null,
      origin.userAgent?.slice(0, 400) ?? null,
      origin.via ?? null,
    ],
  );
  return token;
}

interface SessionJoin {
  session_id: string;
  expires_at: Date;
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
  two_factor_enabled: boolean | null;
  must_enrol: boolean;
  password_expired: boolean;
}

/** The session of a token hash, with its account, if it exists and has not expired. */
async function lookUp(db: DataSource, tokenHash: string): Promise<SessionJoin | undefined> {
  const rows = await preparedQuery<SessionJoin>(
    db,
    'kafue_find_session',
    `SELECT s.id AS session_id, s.expires_at, s.last_used_at < now() - interval '1 minute' AS refresh,
            a.id AS admin_id, a.name AS admin_name, a.email AS admin_email, a.role AS admin_role,
            u.id AS staff_id, u.name AS staff_name, u.email AS staff_email, u.role AS staff_role,
            u.status AS staff_status, u.must_change_password,
            a.totp_secret IS NOT NULL AS two_factor_enabled,
            a.id IS NOT NULL AND a.totp_secret IS NULL
              AND coalesce((sec.value->>'requireTwoFactor')::boolean, false) AS must_enrol,
            coalesce((sec.value->>'passwordMaxAgeDays')::int, 0) > 0
              AND coalesce(a.password_changed_at, u.password_changed_at)
                  < now() - make_interval(days => (sec.value->>'passwordMaxAgeDays')::int) AS password_expired
       FROM sessions s
       LEFT JOIN admins a ON a.id = s.admin_id
       LEFT JOIN staff_users u ON u.id = s.staff_id
       LEFT JOIN settings sec ON sec.key = 'security'
      WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

/** The channel of migration SessionChanges: any change that may end or alter a session. */
const changesChannel = 'sessions_changed';
/** How long a looked-up session is trusted without asking PostgreSQL again. */
const cacheMs = 10_000;
/** A bound on memory; past it the cache starts over. */
const maxCached = 10_000;

/**
 * The sessions a process has looked up recently, so that a signed-in read makes one database
 * round trip instead of two. Correct with several processes on one database: every change that
 * ends or alters a session notifies (triggers of migration SessionChanges), and every process
 * listening forgets all it holds. While the listening connection is down nothing is cached (a
 * notification may be missed); entries live at most cacheMs anyway, and never past the session's
 * expiry.
 */
export class Sessions {
  private cache = new Map<string, { principal: Principal; until: number }>();
  /** Bumped at every change: a lookup that began before one does not store its older answer. */
  private generation = 0;
  private readonly listener: ChannelListener;

  private constructor(
    private readonly db: DataSource,
    logger: Logger,
  ) {
    this.listener = new ChannelListener(db, changesChannel, {
      notified: () => this.forget(),
      lost: (wasListening, error) => {
        if (wasListening) {
          logger.warn(
            { err: error?.message },
            'session changes: listening connection lost; sessions are looked up every time until it is back',
          );
        }
        this.forget();
      },
      // Whatever changed while nobody listened is unknown: start afresh.
      listening: () => this.forget(),
    });
  }

  /** Starts listening for changes (retried in the background when the database is down). */
  static async open(db: DataSource, logger: Logger): Promise<Sessions> {
    const sessions = new Sessions(db, logger);
    await sessions.listener.start();
    return sessions;
  }

  /** The signed-in account of a token, or undefined when the token is unknown, expired or revoked. */
  async find(token: string): Promise<Principal | undefined> {
    if (!tokenShape.test(token)) return undefined;
    const tokenHash = hashToken(token);
    const cached = this.cache.get(tokenHash);
    if (cached && cached.until > Date.now()) return cached.principal;
    if (cached) this.cache.delete(tokenHash);
    const generation = this.generation;
    const row = await lookUp(this.db, tokenHash);
    const principal = row && (await principalOfRow(this.db, row));
    if (principal && this.listener.listening && generation === this.generation) {
      if (this.cache.size >= maxCached) this.cache.clear();
      this.cache.set(tokenHash, { principal, until: Math.min(Date.now() + cacheMs, row.expires_at.getTime()) });
    }
    return principal;
  }

  /** Forgets every session looked up so far (something changed, here or in another process). */
  forget(): void {
    this.generation++;
    this.cache.clear();
  }

  async close(): Promise<void> {
    const closed = this.listener.close();
    this.forget();
    await closed;
  }
}

/** The signed-in account of the request (looked up once per request). */
export async function principalOf(ctx: Context, sessions: Sessions): Promise<Principal | undefined> {
  if (!('principal' in ctx.state)) {
    const { token } = credentials(ctx);
    ctx.state.principal = token ? await sessions.find(token) : undefined;
  }
  return ctx.state.principal as Principal | undefined;
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
      twoFactorEnabled: row.two_factor_enabled === true,
      pending: row.password_expired ? 'passwordChange' : row.must_enrol ? 'twoFactorEnrolment' : undefined,
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
      mustChangePassword: row.must_change_password! || row.password_expired,
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
  await db.query(`DELETE FROM sessions WHERE ${column} = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [ownerId, keep ?? null]);
}

/** Removes expired sessions (run now and then; expired ones are already refused). */
export async function purgeExpiredSessions(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE expires_at <= now()`);
}
