/**
 * The mailbox clients' answers reach (IMAP_URL), watched by one server process at a time: the one
 * holding a PostgreSQL advisory lock on a connection of its own (if it dies, the lock goes with its
 * connection and another process takes over within `retrySeconds`). It waits with IMAP IDLE, reads
 * again every `pollSeconds` besides, and reconnects by itself. Messages are only read (BODY.PEEK:
 * never marked read, moved or deleted: people read that mailbox too). mailbox_state keeps the last
 * UID taken under the mailbox's UIDVALIDITY, advanced in the transaction that keeps each message,
 * so that each is taken once and a restart takes what arrived meanwhile; the first connection
 * starts from the messages arriving from then on.
 */
import type { PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { ChannelCheckAnswer, ChannelStatus } from '@kafue/common/conversations';
import { ImapFlow } from 'imapflow';
import { poolOf } from '../db/data-source.js';
import { connectionOf as channelConnection, notSetUp, type ConnectionRow } from './connection.js';
import { readEmail, takeEmail } from './messages.js';

const lockKey = `hashtext('kafue:mailbox')`;

export interface MailboxOptions {
  url: string;
  publicUrl: string;
  /** How often the mailbox is read besides IDLE (60). */
  pollSeconds?: number;
  /** How often a process without the lock tries for it, and the wait before reconnecting (10). */
  retrySeconds?: number;
}

/** The mailbox's name and the client's options, from IMAP_URL. */
function connectionOf(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'imaps:';
  return {
    path: decodeURIComponent(u.pathname.replace(/^\/+/, '')) || 'INBOX',
    options: {
      host: u.hostname,
      port: Number(u.port) || (secure ? 993 : 143),
      secure,
      auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
      logger: false as const,
      // A local server without TLS (tests, a relay on the same machine) says so in the URL: imap://.
      doSTARTTLS: secure ? undefined : u.hostname === '127.0.0.1' || u.hostname === 'localhost' ? false : undefined,
    },
  };
}

export class MailboxWatcher {
  private stopped = false;
  private lockClient: PoolClient | undefined;
  private imap: ImapFlow | undefined;
  private wake: (() => void) | undefined;
  /** Something happened while no one slept (new mail, a closed connection): the next sleep is skipped. */
  private pending = false;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly options: MailboxOptions,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  ) {}

  /** Starts trying to be the process that watches. */
  start(): void {
    this.running = this.loop();
  }

  /** Stops watching; the lock goes, and another process takes over. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.nudge();
    await this.imap?.logout().catch(() => this.imap?.close());
    await this.running;
  }

  private nudge = () => {
    this.pending = true;
    this.wake?.();
  };

  private sleep(seconds: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop(): Promise<void> {
    const retry = this.options.retrySeconds ?? 10;
    while (!this.stopped) {
      try {
        if (await this.holdLock()) await this.session();
      } catch (error) {
        await this.recordError(error);
      }
      if (!this.stopped) await this.sleep(retry);
    }
    this.lockClient?.release(true);
    this.lockClient = undefined;
  }

  /** Whether this process holds the lock (taken once, kept on its own connection). */
  private async holdLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await poolOf(this.db).connect();
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${lockKey}) AS locked`);
    if (!rows[0].locked) {
      client.release();
      return false;
    }
    // The lock lives as long as this connection: a connection lost loses it (error: to be taken again).
    client.on('error', () => {
      if (this.lockClient !== client) return;
      this.lockClient = undefined;
      // Given back broken, not kept out of the pool: the next try takes a fresh connection.
      client.release(true);
    });
    this.lockClient = client;
    return true;
  }

  /** One connection to the mailbox: takes what is new, then waits for more, until it breaks or stops. */
  private async session(): Promise<void> {
    const { path, options } = connectionOf(this.options.url);
    const imap = new ImapFlow(options);
    this.imap = imap;
    let broken: Error | undefined;
    imap.on('error', (error: Error) => (broken = error));
    imap.on('close', this.nudge);
    imap.on('exists', this.nudge);
    try {
      await imap.connect();
      const lock = await imap.getMailboxLock(path, { readOnly: true });
      try {
        await this.db.query(
          `INSERT INTO mailbox_state (mailbox, uid_validity, last_uid, connected_at) VALUES ($1, 0, 0, now())
           ON CONFLICT (mailbox) DO UPDATE SET connected_at = now(), last_error = NULL, last_error_at = NULL`,
          [path],
        );
        this.logger.info({ mailbox: path }, 'inbound mail: watching the mailbox');
        while (!this.stopped && imap.usable && !broken) {
          this.pending = false;
          await this.takeNew(imap, path);
          // IDLE while waiting (a lock holder starts it itself): new mail wakes the wait
          // ('exists'); the next command ends it.
          void imap.idle().catch(() => undefined);
          await this.sleep(this.options.pollSeconds ?? 60);
        }
      } finally {
        lock.release();
      }
    } finally {
      this.imap = undefined;
      if (imap.usable) await imap.logout().catch(() => imap.close());
      else imap.close();
    }
    if (broken && !this.stopped) throw broken;
  }

  /** Takes the messages past the last UID taken, in order, each in its own transaction. */
  private async takeNew(imap: ImapFlow, path: string): Promise<void> {
    const box = imap.mailbox;
    if (!box) return;
    const validity = String(box.uidValidity);
    const [state] = await this.db.query<{ uid_validity: string; last_uid: string }[]>(
      `SELECT uid_validity::text, last_uid::text FROM mailbox_state WHERE mailbox = $1`,
      [path],
    );
    // The mailbox was read now (Settings shows it connected while this is recent).
    await this.db.query(`UPDATE mailbox_state SET connected_at = now() WHERE mailbox = $1`, [path]);
    if (!state || state.uid_validity !== validity) {
      // A mailbox seen for the first time (or renumbered): from the messages arriving from now on.
      await this.db.query(`UPDATE mailbox_state SET uid_validity = $2, last_uid = $3 WHERE mailbox = $1`, [
        path,
        validity,
        box.uidNext - 1,
      ]);
      return;
    }
    const last = Number(state.last_uid);
    const found: { uid: number; source: Buffer }[] = [];
    // UID n:* names the last message even when n is past it: those at or before `last` are left out.
    for await (const message of imap.fetch(`${last + 1}:*`, { uid: true, source: true }, { uid: true })) {
      if (message.uid > last && message.source) found.push({ uid: message.uid, source: message.source });
    }
    for (const { uid, source } of found.sort((a, b) => a.uid - b.uid)) {
      const mail = await readEmail(source, `<imap.${validity}.${uid}@${path}>`).catch((error: unknown) => {
        this.logger.error({ err: String(error), uid }, 'inbound mail: a message could not be read; it stays in the mailbox');
        return undefined;
      });
      await this.db.transaction(async (m) => {
        const taken = mail ? await takeEmail(m, mail, this.options.publicUrl) : { kept: 'not' as const };
        await m.query(`UPDATE mailbox_state SET last_uid = $2, last_message_at = now() WHERE mailbox = $1 AND uid_validity = $3`, [
          path,
          uid,
          validity,
        ]);
        if (taken.kept === 'not') this.logger.warn({ uid }, 'inbound mail: an automatic message for no enquiry, left in the mailbox');
      });
    }
  }

  private async recordError(error: unknown): Promise<void> {
    const text = error instanceof Error ? error.message : String(error);
    this.logger.warn({ err: text }, 'inbound mail: the mailbox connection failed; trying again');
    const { path } = connectionOf(this.options.url);
    await this.db
      .query(
        `INSERT INTO mailbox_state (mailbox, uid_validity, last_uid, last_error, last_error_at) VALUES ($1, 0, 0, $2, now())
         ON CONFLICT (mailbox) DO UPDATE SET last_error = $2, last_error_at = now()`,
        [path, text.slice(0, 500)],
      )
      .catch(() => undefined);
  }
}

/**
 * The mailbox as Settings shows it: connected while it was read within three reads' time (or
 * three minutes) without an error since, whichever process reads it.
 */
export async function mailboxStatus(
  db: DataSource,
  options: Pick<MailboxOptions, 'url' | 'pollSeconds'> | undefined,
): Promise<ChannelStatus['email']> {
  if (!options) return notSetUp;
  const { path } = connectionOf(options.url);
  const [row] = await db.query<ConnectionRow[]>(
    `SELECT connected_at AS checked_at, last_message_at, last_error, last_error_at,
            connected_at > now() - make_interval(secs => $2) AND (last_error_at IS NULL OR last_error_at < connected_at) AS connected
       FROM mailbox_state WHERE mailbox = $1`,
    [path, Math.max(180, 3 * (options.pollSeconds ?? 60))],
  );
  return channelConnection(row);
}

/** Connects to the mailbox from this process now (10 s at most): whether it worked, in words. */
export async function checkMailbox(url: string | undefined): Promise<ChannelCheckAnswer> {
  if (!url) return { ok: false, message: 'Inbound mail is not set up: IMAP_URL is not set on the server.' };
  const { path, options } = connectionOf(url);
  const imap = new ImapFlow({ ...options, connectionTimeout: 10_000, greetingTimeout: 10_000 });
  imap.on('error', () => undefined);
  try {
    await imap.connect();
    const box = await imap.status(path, { messages: true });
    if (!box) return { ok: false, message: `Connected, but the mailbox ${path} could not be read.` };
    return { ok: true, message: `Connected: the mailbox ${path} holds ${box.messages ?? 0} messages.` };
  } catch (error) {
    const reason = (error as { responseText?: string }).responseText ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, message: `Could not connect to the mailbox: ${reason}` };
  } finally {
    if (imap.usable) await imap.logout().catch(() => imap.close());
    else imap.close();
  }
}
