/**
 * Delivers the mail queue: over SMTP (SMTP_URL), or, without it, as .eml files under
 * DATA_DIR/outbox. Every server process runs a sender; each claims rows with
 * `FOR UPDATE SKIP LOCKED`, so two never send the same mail, and deletes a row once the SMTP
 * server took it. A failed delivery is tried again later, waiting twice as long each time (up to
 * 15 minutes), for as long as it takes: SMTP away for an hour loses nothing. The sender wakes on
 * the queue's NOTIFY (at once after a commit), and polls besides, for the retries that fall due
 * and a notification missed while its connection was down.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { brand } from '@kafue/common/brand';
import type { Config } from '../config.js';
import { poolOf } from '../db/data-source.js';
import { readGeneralSettings } from '../settings/settings.js';
import { mailChannel, messageIdOf, type MailAttachment } from './queue.js';

interface MailRow {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  reply_to: string | null;
  headers: Record<string, string> | null;
  attachments: MailAttachment[] | null;
  attempts: number;
}

export interface SenderOptions {
  /** How often to look for mail due besides the notifications. */
  pollMs?: number;
  /** Rows claimed per transaction. */
  batch?: number;
  /** Wait before the next attempt after `attempts` failed ones. */
  backoffMs?: (attempts: number) => number;
  /** Also runs now and then, on the same timer (the digests). */
  onTick?: () => Promise<void>;
}

/** 30 s, 1 min, 2 min, ... at most 15 min. */
export const defaultBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 15 * 60_000);

/** Where mail goes without SMTP_URL. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'outbox');

export class MailSender {
  private transport: Transporter;
  private listener?: pg.Client;
  private timer?: NodeJS.Timeout;
  private relisten?: NodeJS.Timeout;
  private running?: Promise<number>;
  private again = false;
  private stopped = true;
  private readonly pollMs: number;
  private readonly batch: number;
  private readonly backoffMs: (attempts: number) => number;

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly logger: Logger,
    private readonly options: SenderOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 15_000;
    this.batch = options.batch ?? 10;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, {})
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    if (config.smtpUrl) {
      // A server that does not answer must not hold a claimed batch for minutes.
      Object.assign(this.transport.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    }
  }

  /** Starts listening and polling; delivers whatever is due now. */
  start(): void {
    this.stopped = false;
    void this.listen();
    this.timer = setInterval(() => {
      this.wake();
      this.options.onTick?.().catch((error: unknown) => this.logger.error({ err: String(error) }, 'mail: scheduled task failed'));
    }, this.pollMs);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.relisten);
    const listener = this.listener;
    this.listener = undefined;
    // A connection to a database that went away may never answer its goodbye: do not wait on it.
    void listener?.end().catch(() => undefined);
    await this.running?.catch(() => undefined);
    this.transport.close();
  }

  /** Delivers what is due, once at a time: a wake while delivering runs another pass after. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .catch((error: unknown) => {
        this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'mail: delivery pass failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Waits for the pass under way, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * One delivery pass: claims due rows a batch at a time and sends them, until none is due or a
   * delivery fails (the server is likely down: the others wait for the next pass). Answers how
   * many were delivered.
   */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const { sent, claimed, failed } = await this.db.transaction(async (m) => {
        const rows = await m.query<MailRow[]>(
          `SELECT id, to_address, subject, body, reply_to, headers, attachments, attempts FROM mail_queue
            WHERE next_attempt_at <= now() ORDER BY next_attempt_at, created_at
            LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.batch],
        );
        if (rows.length === 0) return { sent: 0, claimed: 0, failed: false };
        const siteName = await this.siteName();
        let count = 0;
        for (const row of rows) {
          try {
            await this.send(row, siteName);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            const wait = this.backoffMs(row.attempts + 1);
            await m.query(
              `UPDATE mail_queue SET attempts = attempts + 1, last_error = $2,
                      next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
              [row.id, message.slice(0, 1000), wait / 1000],
            );
            this.logger.warn(
              { mail: row.id, attempts: row.attempts + 1, retryInSeconds: wait / 1000, err: message },
              'mail: delivery failed',
            );
            return { sent: count, claimed: rows.length, failed: true };
          }
          await m.query(`DELETE FROM mail_queue WHERE id = $1`, [row.id]);
          count++;
        }
        return { sent: count, claimed: rows.length, failed: false };
      });
      delivered += sent;
      // Stopping: what is left waits for the next process (or this one's restart).
      if (failed || claimed < this.batch || this.stoppedNow()) return delivered;
    }
  }

  /** Only a started sender stops; deliverDue called on its own (tests, a command) runs to the end. */
  private stoppedNow(): boolean {
    return this.stopped && this.timer !== undefined;
  }

  private async siteName(): Promise<string> {
    const { siteName } = await readGeneralSettings(this.db);
    return siteName || brand.company;
  }

  private async send(row: MailRow, siteName: string): Promise<void> {
    const info = (await this.transport.sendMail({
      from: { name: siteName, address: this.config.mailFrom },
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      replyTo: row.reply_to ?? undefined,
      headers: row.headers ?? undefined,
      attachments: row.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
        encoding: 'base64',
      })),
      // The same id on every attempt: a receiver can tell a repeat (after a crash between the
      // SMTP server's acceptance and the commit) from a new mail.
      messageId: messageIdOf(row.id, this.config.mailFrom),
    })) as { message?: Buffer };
    if (!this.config.smtpUrl) {
      const dir = outboxDir(this.config);
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(join(dir, `${stamp}-${row.id}.eml`), info.message ?? Buffer.alloc(0));
    }
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ ...poolOf(this.db).options, keepAlive: true });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
      // Until it is back, the poll delivers.
      if (!this.stopped) this.relisten = setTimeout(() => void this.listen(), 5_000).unref();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${mailChannel}`);
    } catch {
      onLost();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Whatever was queued while nobody listened.
    this.wake();
  }
}
