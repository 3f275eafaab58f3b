/**
 * The console's dashboard (GET /api/dashboard) from real data. Months are those
 * of the General settings' timezone. "Change against last month" per card:
 * - Total Services: published now against published by the end of last month;
 * - New Messages: enquiries received this month against last month (the flow that feeds them);
 * - Active Users: Active staff now against those of them that existed by the end of last month;
 * - Storage Used: the database's size against the size first seen last month (a reading kept in
 *   the settings table by recordStorageReading, which every server process runs hourly: reading
 *   the dashboard writes nothing).
 * And the reply clock's figures for this month and last (enquiries/clock.ts replyTimes).
 */
import type { DataSource } from 'typeorm';
import type { Dashboard, Timezone } from '@kafue/common/contract';
import { fromLocalClock, toLocalClock } from '@kafue/common/time';
import { serviceCategories } from '@kafue/common/vocabulary';
import { publishedServices, recentContentChanges } from '../content/catalogue.js';
import { replyTimes } from '../enquiries/clock.js';
import { readGeneralSettings } from '../settings/settings.js';
import { monthlyVisitors } from '../analytics/report.js';

const monthLabels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const recentCount = 10;

/** The start (an instant) of the month `back` months before the one `now` falls in, in the timezone. */
export function monthStart(now: Date, timezone: Timezone, back = 0): { at: Date; key: string; label: string } {
  const local = toLocalClock(now, timezone);
  const startLocal = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1));
  return {
    at: fromLocalClock(startLocal, timezone),
    key: startLocal.toISOString().slice(0, 7),
    label: monthLabels[startLocal.getUTCMonth()],
  };
}

/** Percent change, one decimal; null without a basis (last month had none: a first month shows no change). */
export const change = (now: number, before: number): number | null =>
  before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;

/** The settings row of a month's first storage reading ('2026-11': the month in the timezone). */
const storageKey = (month: string) => `dashboard.storage.${month}`;

/** Keeps the database's size as this month's reading, unless the month has one already. */
export async function recordStorageReading(db: DataSource, now = new Date()): Promise<void> {
  const { timezone } = await readGeneralSettings(db);
  await db.query(
    `INSERT INTO settings (key, value) SELECT $1, to_jsonb(pg_database_size(current_database())) ON CONFLICT (key) DO NOTHING`,
    [storageKey(monthStart(now, timezone).key)],
  );
}

/** The dashboard's figures; reads only. */
export async function dashboardFigures(db: DataSource, quotaBytes: number): Promise<Dashboard> {
  const { timezone } = await readGeneralSettings(db);
  const now = new Date();
  const months = Array.from({ length: 7 }, (_, i) => monthStart(now, timezone, 6 - i));
  const thisMonth = months[6];
  const lastMonth = months[5];
  const bounds = months.map((m, i) => [m.at, months[i + 1]?.at ?? new Date(8.64e15)] as const);

  const [figures] = await db.query<[{ new_messages: number; active: number; active_before: number; bytes: string }]>(
    `SELECT (SELECT count(*)::int FROM enquiries WHERE status = 'New') AS new_messages,
            (SELECT count(*)::int FROM staff_users WHERE status = 'Active') AS active,
            (SELECT count(*)::int FROM staff_users WHERE status = 'Active' AND created_at < $1) AS active_before,
            pg_database_size(current_database())::text AS bytes`,
    [thisMonth.at],
  );
  const activity = await db.query<{ i: number; users: number; requests: number }[]>(
    `SELECT b.i::int AS i,
            (SELECT count(*)::int FROM staff_users WHERE created_at >= b.s AND created_at < b.e) AS users,
            (SELECT count(*)::int FROM enquiries WHERE created_at >= b.s AND created_at < b.e AND status <> 'Spam') AS requests
       FROM unnest($1::timestamptz[], $2::timestamptz[]) WITH ORDINALITY AS b(s, e, i) ORDER BY b.i`,
    [bounds.map((b) => b[0]), bounds.map((b) => b[1])],
  );

  const visitors = await monthlyVisitors(db, `${months[0].key}-01`, now.getTime());
  const bytes = Number(figures.bytes);
  const [before] = await db.query<{ value: unknown }[]>(`SELECT value FROM settings WHERE key = $1`, [storageKey(lastMonth.key)]);

  const services = await publishedServices(db);
  const publishedBefore = services.filter((s) => !s.publishedAt || s.publishedAt < thisMonth.at).length;

  const recent = await db.query<{ id: string; kind: 'enquiry' | 'staff'; name: string; at: Date }[]>(
    `(SELECT id, 'enquiry' AS kind, full_name AS name, created_at AS at FROM enquiries WHERE status <> 'Spam'
       ORDER BY created_at DESC LIMIT $1)
     UNION ALL
     (SELECT id, 'staff' AS kind, name, created_at AS at FROM staff_users ORDER BY created_at DESC LIMIT $1)
     ORDER BY at DESC LIMIT $1`,
    [recentCount],
  );
  const content = await recentContentChanges(db, recentCount);
  const recentActivity = [
    ...recent.map((r) => ({
      _id: r.id,
      kind: r.kind,
      user: r.name,
      action: r.kind === 'enquiry' ? 'sent an enquiry' : 'joined the staff',
      at: r.at.toISOString(),
    })),
    ...content.map((c) => ({ _id: c.id, kind: 'content' as const, user: c.user, action: c.action, at: c.at.toISOString() })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, recentCount);

  // Last month, then this one (to now).
  const replyMonths = [
    [lastMonth, thisMonth.at],
    [thisMonth, now],
  ] as const;
  const replies = await Promise.all(
    replyMonths.map(async ([month, end]) => ({ month: month.key, label: month.label, ...(await replyTimes(db, month.at, end, now)) })),
  );

  const received = activity.map((a) => a.requests);
  return {
    totalServices: { value: services.length, change: change(services.length, publishedBefore) },
    newMessages: { value: figures.new_messages, change: change(received[6], received[5]) },
    activeUsers: { value: figures.active, change: change(figures.active, figures.active_before) },
    storageUsed: {
      value: Math.round((bytes / quotaBytes) * 1000) / 10,
      change: typeof before?.value === 'number' ? change(bytes, before.value) : null,
      bytes,
      quotaBytes,
    },
    monthlyActivity: months.map((m, i) => ({
      month: m.key,
      label: m.label,
      newUsers: activity[i].users,
      serviceRequests: activity[i].requests,
      visitors: visitors.get(m.key) ?? 0,
    })),
    servicesByCategory: serviceCategories.map((c) => ({
      category: c.key,
      label: c.label,
      count: services.filter((s) => s.category === c.key).length,
    })),
    replyTimes: replies,
    recentActivity,
  };
}
