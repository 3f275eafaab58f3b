/**
 * Scheduled content changes (content_schedule): an item published, unpublished or given new
 * fields at a set time. Setting and cancelling one is an editor's call; applying it at its time is
 * the scheduler's (scheduler.ts), once across server processes: the row is claimed with
 * `FOR UPDATE SKIP LOCKED` and marked applied in the transaction that changes the item, writes its
 * revision and audit row (the scheduler as actor) and notifies the pages, as any content change.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { messages } from '@kafue/common/contract';
import { scheduleMessages, maxScheduleDays, type ScheduleAction, type ScheduledChange } from '@kafue/common/schemas';
import type { ContentCollection, ContentStatus } from '@kafue/common/vocabulary';
import { diff, writeAudit, type AuditActor, type AuditInput, type AuditRecorder } from '../audit/audit.js';
import { HttpError, notFound } from '../http/errors.js';
import { auditResources, auditTarget } from './auditing.js';
import { changeItem, parseItemBody } from './items.js';
import { scheduleChannel } from './published.js';
import { lockItem, type Author } from './store.js';

/** Who applies a scheduled change in the audit log. */
export const schedulerActor: AuditActor = { kind: 'system', id: null, name: 'scheduler', email: null };

/** Applied this much after its time, a change is recorded as late (the audit log says by how much). */
const lateAfterMs = 1_000;

interface ScheduleRow {
  id: string;
  item_id: string;
  collection: ContentCollection;
  fields_now: Record<string, unknown>;
  action: ScheduleAction;
  fields: Record<string, unknown>;
  due_at: Date;
  author_id: string | null;
  author_name: string;
  created_at: Date;
  failure: string | null;
}

const columns = `s.id, s.item_id, i.collection, i.fields AS fields_now, s.action, s.fields, s.due_at, s.author_id, s.author_name,
                 s.created_at, s.failure`;
const from = `content_schedule s JOIN content_items i ON i.id = s.item_id`;

const labelOf = (collection: ContentCollection, id: string, fields: Record<string, unknown>) =>
  auditTarget(collection, id, { status: 'draft', position: 0, fields }).label ?? null;

const toChange = (r: ScheduleRow): ScheduledChange => ({
  _id: r.id,
  collection: r.collection,
  item: { _id: r.item_id, label: labelOf(r.collection, r.item_id, r.fields_now) },
  at: r.due_at.toISOString(),
  action: r.action,
  fields: r.fields,
  author: { _id: r.author_id, name: r.author_name },
  createdAt: r.created_at.toISOString(),
  failure: r.failure,
});

const notifySchedule = (m: EntityManager) => m.query(`SELECT pg_notify($1, '')`, [scheduleChannel]);

/** The time, checked: ahead of now and within maxScheduleDays. */
function dueTime(at: string, now: Date): Date {
  const when = new Date(at);
  if (when <= now) throw new HttpError(400, messages.invalidInput, { at: scheduleMessages.atInPast });
  if (when.getTime() > now.getTime() + maxScheduleDays * 86_400_000) {
    throw new HttpError(400, messages.invalidInput, { at: scheduleMessages.atTooFar });
  }
  return when;
}

/**
 * The fields an apply changes: those of `item` (validated with the collection's schema, as a PUT)
 * that differ from the item's now; a field `item` leaves out that the item has is removed (null).
 */
function changedFields(collection: ContentCollection, item: unknown, now: Record<string, unknown>): Record<string, unknown> {
  let fields: Record<string, unknown>;
  try {
    fields = parseItemBody(collection, item).fields;
  } catch (error) {
    // The item's fields sit under `item` in this body: its errors are named so.
    if (error instanceof HttpError && error.errors) {
      throw new HttpError(400, error.message, Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [`item.${k}`, v])));
    }
    throw error;
  }
  const changes: Record<string, unknown> = {};
  for (const [name, change] of Object.entries(diff(now, fields))) changes[name] = change.new ?? null;
  if (Object.keys(changes).length === 0) throw new HttpError(400, messages.invalidInput, { item: scheduleMessages.nothingToApply });
  return changes;
}

export interface ScheduleRequest {
  at: string;
  action: ScheduleAction;
  item?: Record<string, unknown>;
}

/** Sets a change for later; answers it. */
export async function scheduleChange(
  db: DataSource,
  collection: ContentCollection,
  id: string,
  request: ScheduleRequest,
  author: Author & { email: string },
  audit: AuditRecorder,
  now: Date,
): Promise<ScheduledChange> {
  const at = dueTime(request.at, now);
  if (request.action !== 'apply' && request.item !== undefined) {
    throw new HttpError(400, messages.invalidInput, { item: scheduleMessages.itemNotAllowed });
  }
  if (request.action === 'apply' && request.item === undefined) {
    throw new HttpError(400, messages.invalidInput, { item: scheduleMessages.itemRequired });
  }
  return db.transaction(async (m) => {
    const current = await lockItem(m, collection, id);
    const fields = request.action === 'apply' ? changedFields(collection, request.item, current.fields) : {};
    const [{ id: scheduleId }] = await m.query<[{ id: string }]>(
      `INSERT INTO content_schedule (item_id, action, fields, due_at, author_id, author_name, author_email)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [current.id, request.action, JSON.stringify(fields), at, author.id, author.name.slice(0, 100), author.email],
    );
    await notifySchedule(m);
    await audit(m, {
      action: `${auditResources[collection]}.schedule`,
      target: auditTarget(collection, current.id, current),
      changes: diff(null, { scheduledFor: at.toISOString(), scheduledAction: request.action, ...fields }),
    });
    const [row] = await m.query<ScheduleRow[]>(`SELECT ${columns} FROM ${from} WHERE s.id = $1`, [scheduleId]);
    return toChange(row);
  });
}

/** The changes still to come (one item's, with `itemId`), soonest first; those that failed among them. */
export async function listSchedule(db: DataSource, itemId?: string): Promise<ScheduledChange[]> {
  const rows = await db.query<ScheduleRow[]>(
    `SELECT ${columns} FROM ${from} WHERE s.applied_at IS NULL ${itemId ? 'AND s.item_id = $1' : ''} ORDER BY s.due_at, s.id LIMIT 1000`,
    itemId ? [itemId] : [],
  );
  return rows.map(toChange);
}

/**
 * Cancels a change still to come; 404 when there is none (or it went live meanwhile: a change
 * being applied holds its row, so this waits for it and then finds it applied).
 */
export async function cancelSchedule(db: DataSource, id: string, audit: AuditRecorder): Promise<void> {
  await db.transaction(async (m) => {
    const [row] = await m.query<ScheduleRow[]>(`SELECT ${columns} FROM ${from} WHERE s.id = $1 AND s.applied_at IS NULL FOR UPDATE OF s`, [
      id,
    ]);
    if (!row) throw notFound();
    await m.query(`DELETE FROM content_schedule WHERE id = $1`, [id]);
    await notifySchedule(m);
    await audit(m, {
      action: `${auditResources[row.collection]}.schedule_cancel`,
      target: { type: auditResources[row.collection], id: row.item_id, label: labelOf(row.collection, row.item_id, row.fields_now) },
      changes: diff({ scheduledFor: row.due_at.toISOString(), scheduledAction: row.action, ...row.fields }, null),
    });
  });
}

/** When the next change waiting (and not failed) is due, or null when none is. */
export async function nextDue(db: DataSource): Promise<Date | null> {
  const [{ next }] = await db.query<[{ next: Date | null }]>(
    `SELECT min(due_at) AS next FROM content_schedule WHERE applied_at IS NULL AND failure IS NULL`,
  );
  return next;
}

/** The item as the change makes it: its status, and its fields with the change's over them (null: removed). */
function changed(row: ScheduleRow, current: { status: ContentStatus; fields: Record<string, unknown> }) {
  const status: ContentStatus = row.action === 'publish' ? 'published' : row.action === 'unpublish' ? 'draft' : current.status;
  const fields: Record<string, unknown> = { ...current.fields, ...row.fields };
  for (const [name, value] of Object.entries(row.fields)) if (value === null) delete fields[name];
  return { ...fields, status };
}

/** Applies one claimed change in `m`'s transaction, recorded as the scheduler's. */
async function applyChange(m: EntityManager, row: ScheduleRow, now: Date, atStart: boolean): Promise<void> {
  const current = await lockItem(m, row.collection, row.item_id);
  // Checked again with the collection's schema: the item may have changed since it was scheduled.
  const input = parseItemBody(row.collection, changed(row, current));
  const lateMs = now.getTime() - row.due_at.getTime();
  const schedule = {
    _id: row.id,
    at: row.due_at.toISOString(),
    by: row.author_name,
    ...(lateMs > lateAfterMs ? { lateSeconds: Math.round(lateMs / 1000), atStart } : {}),
  };
  const record = (tx: EntityManager, entry: AuditInput) =>
    writeAudit(tx, {
      ...entry,
      actor: schedulerActor,
      changes: { ...entry.changes, schedule: { new: schedule } },
      address: null,
      userAgent: null,
    });
  await changeItem(m, row.collection, current, input, { id: row.author_id, name: `${row.author_name} (scheduled)` }, record);
}

/**
 * Applies every change due at `now` that no process has applied: each in its own transaction,
 * claimed with SKIP LOCKED (two processes take different ones) and marked applied with the change
 * itself, so that it goes live once, and a process stopped half-way leaves it for the next. A
 * change that cannot be applied (its fields no longer valid) keeps the reason and is not tried
 * again. `atStart`: the first pass of a process starting, which the audit log names for a late one.
 * Answers how many went live.
 */
export async function applyDueChanges(db: DataSource, now: Date, atStart = false, onFailure?: (id: string, reason: string) => void) {
  let applied = 0;
  for (;;) {
    const claimed = await db.transaction(async (m) => {
      const [row] = await m.query<ScheduleRow[]>(
        `SELECT ${columns} FROM ${from}
          WHERE s.id = (SELECT id FROM content_schedule WHERE applied_at IS NULL AND failure IS NULL AND due_at <= $1
                         ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        [now],
      );
      if (!row) return false;
      await m.query(`SAVEPOINT scheduled_change`);
      try {
        await applyChange(m, row, now, atStart);
        await m.query(`UPDATE content_schedule SET applied_at = $2 WHERE id = $1`, [row.id, now]);
        applied++;
      } catch (error) {
        await m.query(`ROLLBACK TO SAVEPOINT scheduled_change`);
        const reason = error instanceof HttpError ? failureText(error) : error instanceof Error ? error.message : String(error);
        await m.query(`UPDATE content_schedule SET failure = $2 WHERE id = $1`, [row.id, reason.slice(0, 1000)]);
        onFailure?.(row.id, reason);
      }
      await notifySchedule(m);
      return true;
    });
    if (!claimed) return applied;
  }
}

/** A refusal as the console shows it: its message and the fields it names. */
function failureText(error: HttpError): string {
  const fields = Object.entries(error.errors ?? {}).map(([field, text]) => `${field}: ${text}`);
  return [error.message, ...fields].join(' ');
}
