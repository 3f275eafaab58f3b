/**
 * The audit log. Every call that changes something writes exactly one row, in
 * the transaction of its change, through `call.audit` (web/endpoint.ts): runEndpoint refuses a
 * successful non-GET call that wrote none, unless the endpoint declares `unaudited: 'why'` or the
 * call said `audit.none('why')`. Secrets never reach the table: fields are redacted by name here,
 * once, whoever writes. The table refuses UPDATE, and DELETE of young rows, by itself (migration
 * AuditLog); the purge below removes rows past the retention, and logs that it did.
 */
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry } from '@kafue/common/contract';
import { auditKinds, auditQuery, plainAddress, type AuditAction } from '@kafue/common/schemas';
import type { z } from 'zod';
import type { Principal } from '../auth/sessions.js';
import { csvCell } from '@kafue/common/csv';

export interface AuditActor {
  kind: 'admin' | 'staff' | 'system';
  id: string | null;
  name: string;
  email: string | null;
}
export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
}
export type AuditChanges = Record<string, { old?: unknown; new?: unknown }>;

/** What a call records: the rest (actor, address, user agent, time) comes from the request. */
export interface AuditInput {
  /** `resource.verb`, e.g. staff.create, admin.signin_failed, settings.update (the list: common/src/audit.ts). */
  action: AuditAction;
  target: AuditTarget;
  /** Changed fields, e.g. `diff(before, after)`. Secret fields are redacted whatever is passed. */
  changes?: AuditChanges;
  /** Who did it, when not the signed-in caller (a sign-in: the account; a refused one: null). */
  actor?: AuditActor | null;
}

/** Field names whose values never enter the log (matched anywhere in the name, any case). */
const secretField = /password|passwd|hash|token|secret|recovery|otp|credential|api_?key/i;
export const redacted = '[redacted]';

/** `value` with every field named like a secret replaced by '[redacted]', at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, secretField.test(key) ? redacted : redact(inner)]));
  }
  return value;
}

function redactChanges(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(
    Object.entries(changes).map(([field, change]) => [
      field,
      secretField.test(field)
        ? { ...('old' in change ? { old: redacted } : {}), ...('new' in change ? { new: redacted } : {}) }
        : (redact(change) as AuditChanges[string]),
    ]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Bookkeeping columns, never worth a line in the log. */
const ignored = new Set(['id', '_id', 'createdAt', 'updatedAt']);

/**
 * The fields that differ between `before` and `after` (undefined: created / deleted), limited to
 * `fields` when given; `{ field: { old, new } }`.
 */
export function diff(before: object | null | undefined, after: object | null | undefined, fields?: readonly string[]): AuditChanges {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const names = fields ?? [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((n) => !ignored.has(n));
  const changes: AuditChanges = {};
  for (const name of names) {
    if (before && after && same(b[name], a[name])) continue;
    changes[name] = { ...(before ? { old: b[name] ?? null } : {}), ...(after ? { new: a[name] ?? null } : {}) };
  }
  return changes;
}

export const actorOf = (p: Principal): AuditActor => ({ kind: p.kind, id: p.id, name: p.name, email: p.email });
export const systemActor: AuditActor = { kind: 'system', id: null, name: 'system', email: null };

interface Row extends AuditInput {
  actor: AuditActor | null;
  address: string | null;
  userAgent: string | null;
}

/** Inserts one row (with `db` a transaction's manager, in that transaction). */
export async function writeAudit(db: EntityManager | DataSource, row: Row): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_kind, actor_id, actor_name, actor_email, action, target_type, target_id, target_label,
                            changes, address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      row.actor?.kind ?? null,
      row.actor?.id ?? null,
      row.actor?.name.slice(0, 200) ?? null,
      row.actor?.email?.toLowerCase() ?? null,
      row.action,
      row.target.type,
      row.target.id ?? null,
      row.target.label?.slice(0, 300) ?? null,
      JSON.stringify(redactChanges(row.changes ?? {})),
      row.address?.slice(0, 64) ?? null,
      row.userAgent?.slice(0, 500) ?? null,
    ],
  );
}

/**
 * `call.audit`: writes the call's row with the manager of its transaction,
 * `await audit(m, { action: 'staff.update', target: { type: 'staff', id, label: email }, changes: diff(old, row) })`.
 */
export interface AuditRecorder {
  (m: EntityManager, input: AuditInput): Promise<void>;
  /** A refused attempt worth a row that changes nothing else (a failed sign-in): its own statement. */
  refused(db: DataSource, input: AuditInput): Promise<void>;
  /** This call changed nothing, so it writes no row (e.g. signing out without a session). */
  none(reason: string): void;
  /** Rows written, or a reason given for none. */
  readonly done: boolean;
}

export function auditRecorder(ctx: Context, principal: Principal | undefined): AuditRecorder {
  const rowOf = (input: AuditInput): Row => ({
    ...input,
    actor: input.actor !== undefined ? input.actor : principal ? actorOf(principal) : null,
    address: ctx.ip || null,
    userAgent: ctx.get('User-Agent') || null,
  });
  const recorder = async (m: EntityManager, input: AuditInput) => {
    // The row belongs to the change: written outside its transaction, it could outlive a rollback.
    if (!m.queryRunner?.isTransactionActive) throw new Error(`audit ${input.action}: pass the manager of the call's transaction`);
    await writeAudit(m, rowOf(input));
    state.done = true;
  };
  const state = Object.assign(recorder, {
    done: false,
    async refused(db: DataSource, input: AuditInput) {
      await writeAudit(db, rowOf(input));
      state.done = true;
    },
    none() {
      state.done = true;
    },
  });
  return state;
}

// ---------------------------------------------------------------------------------------------
// Reading

export type AuditFilters = z.output<typeof auditQuery>;

interface DbRow {
  id: string;
  at: Date;
  actor_kind: AuditActor['kind'] | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  changes: AuditEntry['changes'];
  address: string | null;
  user_agent: string | null;
  /** The target account's name today (listAudit only). */
  target_name?: string | null;
}

/** Rows recorded before addresses were unmapped where they are derived (app.ts) read as plain too. */
const addressOf = (r: DbRow) => r.address && plainAddress(r.address);

const toEntry = (r: DbRow): AuditEntry => ({
  _id: r.id,
  at: r.at.toISOString(),
  actor: r.actor_kind ? { kind: r.actor_kind, _id: r.actor_id, name: r.actor_name ?? '', email: r.actor_email } : null,
  action: r.action,
  target: { type: r.target_type, _id: r.target_id, label: r.target_label, name: r.target_name ?? null },
  changes: r.changes,
  address: addressOf(r),
  userAgent: r.user_agent,
});

/** A date alone as `to` means that whole day (UTC). */
const endOf = (to: string) => (to.length === 10 ? new Date(Date.parse(to) + 86_400_000).toISOString() : to);

/** The WHERE clause of the filters and its parameters (each condition served by an index). */
function where(f: AuditFilters, values: unknown[] = []) {
  const conditions: string[] = [];
  const param = (v: unknown) => `$${values.push(v)}`;
  const likeEscaped = (text: string) => text.replace(/[\\%_]/g, '\\$&');
  if (f.actor) {
    // A person as people type them: the start of a name or an email, any case ("mary" finds Mary Banda).
    const p = param(f.actor);
    const start = param(`${likeEscaped(f.actor.toLowerCase())}%`);
    conditions.push(`(actor_id = ${p} OR lower(actor_email) LIKE ${start} OR lower(actor_name) LIKE ${start})`);
  }
  if (f.kind) {
    const actions: readonly string[] = auditKinds[f.kind].actions;
    const exact = param(actions.filter((a) => !a.endsWith('*')));
    const prefixes = param(actions.filter((a) => a.endsWith('*')).map((a) => `${likeEscaped(a.slice(0, -1))}%`));
    conditions.push(`(action = ANY(${exact}::text[]) OR action LIKE ANY(${prefixes}::text[]))`);
  }
  if (f.action) {
    const p = param(f.action);
    const prefix = param(`${likeEscaped(f.action)}.%`);
    conditions.push(`(action = ${p} OR action LIKE ${prefix})`);
  }
  if (f.target) {
    const p = param(f.target);
    conditions.push(`(target_type = ${p} OR target_id = ${p} OR lower(target_label) = lower(${p}))`);
  }
  if (f.from) conditions.push(`at >= ${param(f.from)}::timestamptz`);
  if (f.to) conditions.push(`at < ${param(endOf(f.to))}::timestamptz`);
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', values };
}

const columns = `id, at, actor_kind, actor_id, actor_name, actor_email, action, target_type, target_id, target_label,
                 changes, address, user_agent`;

export async function listAudit(db: DataSource, f: AuditFilters) {
  const w = where(f);
  const [{ total }] = await db.query<[{ total: number }]>(`SELECT count(*)::int AS total FROM audit_log ${w.sql}`, w.values);
  // An account target's name is read now, for the page's rows only (a key lookup each): its row keeps
  // the email it had (what the filter and a failed sign-in's sentence use), and a rename shows.
  const rows = await db.query<DbRow[]>(
    `SELECT page.*, coalesce(admins.name, staff_users.name) AS target_name
       FROM (SELECT ${columns} FROM audit_log ${w.sql} ORDER BY at DESC, id DESC
              LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}) page
       LEFT JOIN admins ON page.target_type = 'admin' AND admins.id::text = page.target_id
       LEFT JOIN staff_users ON page.target_type = 'staff' AND staff_users.id::text = page.target_id
      ORDER BY page.at DESC, page.id DESC`,
    w.values,
  );
  return { items: rows.map(toEntry), total, page: f.page, pageSize: f.pageSize };
}

const csvHeader = [
  'at',
  'actor kind',
  'actor name',
  'actor email',
  'action',
  'target type',
  'target id',
  'target',
  'changes',
  'address',
  'user agent',
];
const batch = 1000;

/** The filtered rows as CSV, newest first, read a batch at a time (keyset), never whole in memory. */
export function exportAudit(db: DataSource, f: AuditFilters): Readable {
  async function* lines() {
    yield csvHeader.map(csvCell).join(',') + '\r\n';
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const w = where(f);
      const keyset = after
        ? `${w.sql ? `${w.sql} AND` : 'WHERE'} (at, id) < ($${w.values.push(after.at)}, $${w.values.push(after.id)}::uuid)`
        : w.sql;
      const rows = await db.query<DbRow[]>(`SELECT ${columns} FROM audit_log ${keyset} ORDER BY at DESC, id DESC LIMIT ${batch}`, w.values);
      if (rows.length === 0) return;
      yield rows
        .map(
          (r) =>
            [
              r.at.toISOString(),
              r.actor_kind,
              r.actor_name,
              r.actor_email,
              r.action,
              r.target_type,
              r.target_id,
              r.target_label,
              r.changes,
              addressOf(r),
              r.user_agent,
            ]
              .map(csvCell)
              .join(',') + '\r\n',
        )
        .join('');
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
      if (rows.length < batch) return;
    }
  }
  return Readable.from(lines());
}

// ---------------------------------------------------------------------------------------------
// Retention

/**
 * Deletes the rows older than the retention, once across processes (an advisory lock: the others
 * pass by), and logs the purge itself in the same transaction. Answers how many rows went.
 */
export async function purgeAudit(db: DataSource): Promise<number> {
  return db.transaction(async (m) => {
    const [{ locked }] = await m.query<[{ locked: boolean }]>(`SELECT pg_try_advisory_xact_lock(hashtext('kafue:audit-purge')) AS locked`);
    if (!locked) return 0;
    const [{ days }] = await m.query<[{ days: number }]>(`SELECT audit_log_retention_days() AS days`);
    const [, count] = await m.query<[unknown[], number]>(`DELETE FROM audit_log WHERE at <= now() - make_interval(days => $1)`, [days]);
    if (count > 0) {
      await writeAudit(m, {
        action: 'audit.purge',
        actor: systemActor,
        target: { type: 'audit', id: null, label: `older than ${days} days` },
        changes: { deletedRows: { old: count, new: 0 } },
        address: null,
        userAgent: null,
      });
    }
    return count;
  });
}

/** Purges now and every hour; answers the function that stops it. */
export function startAuditPurge(db: DataSource, logger: Logger): () => void {
  const run = () =>
    void purgeAudit(db)
      .then((count) => count && logger.info({ rows: count }, 'audit log purged'))
      .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'audit purge failed'));
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
