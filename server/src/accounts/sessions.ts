/**
 * An admin's sessions as the console's Security page shows them: listed (the caller's own, or any
 * admin's for a Super Admin) and ended, one or all but one, with their audit rows.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditRecorder } from '../audit/audit.js';
import { hashToken } from '../auth/sessions.js';
import { notFound } from '../http/errors.js';

interface SessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date;
  address: string | null;
  user_agent: string | null;
  via: 'cookie' | 'bearer' | null;
  current: boolean;
}

/** An admin's live sessions, most recently used first; `current` marks the one of `token` (the caller's). */
export async function listSessions(db: DataSource, adminId: string, token: string | undefined) {
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

/** Another admin's live sessions, for a Super Admin (404 when there is no such admin). */
export async function listAdminSessions(db: DataSource, adminId: string, token: string | undefined) {
  const [admin] = await db.query<unknown[]>(`SELECT 1 FROM admins WHERE id = $1`, [adminId]);
  if (!admin) throw notFound();
  return listSessions(db, adminId, token);
}

/** The admin whose sessions a call ends, as the audit log names them (404 when there is none). */
async function sessionOwner(m: EntityManager, adminId: string) {
  const [owner] = await m.query<{ id: string; email: string }[]>(`SELECT id, email FROM admins WHERE id = $1`, [adminId]);
  if (!owner) throw notFound();
  return owner;
}

/** Ends one session of an admin (404 when it is not theirs or already over), with its audit row. */
export async function endSession(db: DataSource, adminId: string, sessionId: string, audit: AuditRecorder): Promise<void> {
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
export async function endSessions(db: DataSource, adminId: string, keep: string | null, audit: AuditRecorder): Promise<void> {
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
