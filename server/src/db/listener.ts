/**
 * A process's LISTEN on one PostgreSQL channel that keeps itself up: its own connection (not the
 * pool's), re-established relistenMs after it is lost, until closed. What to do with a
 * notification, a loss and a (re)start is the owner's (sessions.ts, site/publisher.ts).
 */
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { poolOf } from './data-source.js';

export interface ListenerHooks {
  /** A notification on the channel, with its payload. */
  notified(payload: string | undefined): void;
  /** The connection is gone (or never came up); `wasListening` when it had been listening. Retried unless closed. */
  lost(wasListening: boolean, error?: Error): void;
  /** Listening again: anything notified meanwhile was missed. Called before `listening` turns true. */
  listening(): void;
}

export class ChannelListener {
  private client?: pg.Client;
  private retry?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly db: DataSource,
    private readonly channel: string,
    private readonly hooks: ListenerHooks,
    private readonly relistenMs = 1_000,
  ) {}

  /** Whether notifications are arriving now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and listens; on failure retries in the background (the returned promise does not wait for that). */
  async start(): Promise<void> {
    const client = new pg.Client({ ...poolOf(this.db).options, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      const wasListening = this.client === client;
      if (wasListening) this.client = undefined;
      this.hooks.lost(wasListening, error);
      client.end().catch(() => undefined);
      if (!this.closed) this.retry = setTimeout(() => void this.start(), this.relistenMs).unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => this.hooks.notified(n.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (this.closed || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.hooks.listening();
    this.client = client;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
