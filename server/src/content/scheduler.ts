/**
 * A process's scheduler of content changes: a timer set to the next change due, set again when a
 * change is scheduled, cancelled or applied by any process (NOTIFY content_schedule), and at the
 * latest every `maxWaitMs` (a notification lost with the listening connection). At its
 * time it applies what is due (schedule.ts: once across processes). At start it first applies
 * whatever fell due while no process ran, which the audit log records as late, at start.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ChannelListener } from '../db/listener.js';
import { scheduleChannel } from './published.js';
import { applyDueChanges, nextDue } from './schedule.js';

export interface SchedulerOptions {
  db: DataSource;
  logger: Logger;
  /** The time (a test sets it); the real clock by default. */
  now?: () => Date;
  /** Longest sleep between two looks at the table. */
  maxWaitMs?: number;
}

/** A due change still waiting after a pass is another process's, being applied: look again after this. */
const busyRetryMs = 200;

export class ContentScheduler {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private closed = false;
  private readonly listener: ChannelListener;
  private readonly now: () => Date;
  private readonly maxWaitMs: number;

  private constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? (() => new Date());
    this.maxWaitMs = options.maxWaitMs ?? 60_000;
    this.listener = new ChannelListener(options.db, scheduleChannel, {
      notified: () => this.wake(),
      lost: (wasListening, error) => {
        if (wasListening) options.logger.warn({ err: error?.message }, 'scheduler: listening connection lost; reconnecting');
      },
      // Listening again: whatever was scheduled meanwhile is read now.
      listening: () => this.wake(),
    });
  }

  /** Applies what fell due while no process ran, then listens and sleeps until the next change. */
  static async open(options: SchedulerOptions): Promise<ContentScheduler> {
    const scheduler = new ContentScheduler(options);
    await scheduler.pass(true);
    await scheduler.listener.start();
    return scheduler;
  }

  /** Looks at the table now: applies what is due and sets the timer to the next. */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.pass(false);
      } while (this.again && !this.closed);
    })().finally(() => (this.running = undefined));
  }

  private async pass(atStart: boolean): Promise<void> {
    const { db, logger } = this.options;
    clearTimeout(this.timer);
    let wait = this.maxWaitMs;
    try {
      const applied = await applyDueChanges(db, this.now(), atStart, (id, reason) =>
        logger.error({ schedule: id, reason }, 'scheduled change could not be applied'),
      );
      if (applied) logger.info({ applied, atStart }, 'scheduled changes applied');
      const next = await nextDue(db);
      if (next) {
        const until = next.getTime() - this.now().getTime();
        wait = Math.min(wait, until > 0 ? until : busyRetryMs);
      }
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'scheduled changes failed; trying again');
      wait = Math.min(wait, 5_000);
    }
    if (this.closed) return;
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** Stops the timer and the listening; a pass under way finishes first. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.listener.close();
    await this.running;
  }
}
