/**
 * Automatic backups. Every server process checks once a minute whether the schedule's hour has
 * come (in the General settings' timezone); the first to get PostgreSQL's advisory lock makes the
 * slot's backup, the others find it made. Then the scheduled backups beyond the last N go.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { BackupSchedule, Timezone } from '@kafue/common/contract';
import { toLocalClock } from '@kafue/common/time';
import { systemActor, writeAudit } from '../audit/audit.js';
import { storeBackup } from './backup.js';
import { readBackupSchedule, readGeneralSettings } from '../settings/settings.js';

/**
 * The slot `now` falls in, e.g. 'daily:2026-11-23T02' (local date and hour), or undefined when
 * no backup is due in this hour. A slot lasts the whole hour, so that a process that was busy or
 * restarting at its first minute still makes it.
 */
export function dueSlot(schedule: BackupSchedule, timezone: Timezone, now: Date): string | undefined {
  if (schedule.frequency === 'off') return undefined;
  const local = toLocalClock(now, timezone);
  if (local.getUTCHours() !== schedule.hour) return undefined;
  if (schedule.frequency === 'weekly' && local.getUTCDay() !== schedule.weekday) return undefined;
  return `${schedule.frequency}:${local.toISOString().slice(0, 13)}`;
}

/** Deletes the scheduled backups but the newest `keep` (the ones made by hand stay until deleted). */
export async function pruneScheduled(db: DataSource, keep: number): Promise<void> {
  await db.query(
    `DELETE FROM backups WHERE slot IS NOT NULL
        AND id NOT IN (SELECT id FROM backups WHERE slot IS NOT NULL ORDER BY created_at DESC LIMIT $1)`,
    [keep],
  );
}

/** Makes the backup due at `now`, unless it is not due or another process makes or made it; answers its name. */
export async function runScheduledBackup(db: DataSource, now: Date): Promise<string | undefined> {
  const schedule = await readBackupSchedule(db);
  const { timezone } = await readGeneralSettings(db);
  const slot = dueSlot(schedule, timezone, now);
  if (!slot) return undefined;
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    // Held until this transaction ends: the other processes pass by while this one works.
    await runner.startTransaction();
    const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_xact_lock(hashtext('kafue:scheduled-backup')) AS locked`)) as [
      { locked: boolean },
    ];
    const made = locked && ((await runner.query(`SELECT 1 FROM backups WHERE slot = $1`, [slot])) as unknown[]).length > 0;
    if (!locked || made) return undefined;
    const { name } = await storeBackup(
      db,
      { label: 'schedule' },
      {
        slot,
        within: (m, stored) =>
          writeAudit(m, {
            action: 'backup.create',
            actor: systemActor,
            target: { type: 'backup', id: stored.id, label: stored.name },
            address: null,
            userAgent: null,
          }),
      },
    );
    await pruneScheduled(db, schedule.keep);
    return name;
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    await runner.release();
  }
}

/** Checks every minute; answers the function that stops it. */
export function startBackupScheduler(db: DataSource, logger: Logger, onFailure?: (message: string) => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledBackup(db, new Date())
      .then((name) => name && logger.info({ backup: name }, 'scheduled backup made'))
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ err: message }, 'scheduled backup failed');
        return onFailure?.(message).catch(() => undefined);
      })
      .finally(() => (running = false));
  }, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
