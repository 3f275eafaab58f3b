/**
 * A process's LISTEN on one PostgreSQL channel that keeps itself up. Every channel of a process
 * (sessions, content, redirects, the schedule, media) shares one connection of its own (not the
 * pool's), re-established a second after it is lost, until the last channel is closed: one
 * connection per process however many channels listen. What to do with a notification, a loss
 * and a (re)start is the owner's (sessions.ts, site/publisher.ts, ...).
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
  private up = false;

  constructor(
    private readonly db: DataSource,
    readonly channel: string,
    readonly hooks: ListenerHooks,
    readonly relistenMs = 1_000,
  ) {}

  /** Whether notifications are arriving now. */
  get listening(): boolean {
    return this.up;
  }

  /** Connects (or joins the process's connection) and listens; on failure retries in the background (the promise does not wait for that). */
  start(): Promise<void> {
    return connectionOf(this.db).join(this);
  }

  async close(): Promise<void> {
    this.up = false;
    await connectionOf(this.db).leave(this);
  }

  /** Called by the connection once LISTEN is in place. */
  onListening(): void {
    this.hooks.listening();
    this.up = true;
  }

  /** Called by the connection when it is gone. */
  onLost(error?: Error): void {
    const wasListening = this.up;
    this.up = false;
    this.hooks.lost(wasListening, error);
  }
}

const connections = new WeakMap<DataSource, SharedConnection>();
function connectionOf(db: DataSource): SharedConnection {
  let connection = connections.get(db);
  if (!connection) connections.set(db, (connection = new SharedConnection(db)));
  return connection;
}

/** One process's listening connection, shared by its channels. */
class SharedConnection {
  private readonly members = new Set<ChannelListener>();
  /** The members listening on `client` (LISTEN done). */
  private readonly listened = new Set<ChannelListener>();
  private client?: pg.Client;
  /** The connection being made, if one is. */
  private connecting?: Promise<void>;
  private retry?: NodeJS.Timeout;

  constructor(private readonly db: DataSource) {}

  async join(member: ChannelListener): Promise<void> {
    this.members.add(member);
    clearTimeout(this.retry);
    this.retry = undefined;
    if (!this.client && !this.connecting) this.connecting = this.connect().finally(() => (this.connecting = undefined));
    await this.connecting;
    await this.listenAll();
  }

  async leave(member: ChannelListener): Promise<void> {
    this.members.delete(member);
    const client = this.client;
    if (this.listened.delete(member) && client && ![...this.listened].some((m) => m.channel === member.channel)) {
      await client.query(`UNLISTEN ${member.channel}`).catch(() => undefined);
    }
    if (this.members.size > 0) return;
    clearTimeout(this.retry);
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ ...poolOf(this.db).options, keepAlive: true });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      const members = [...this.members];
      this.listened.clear();
      for (const member of members) member.onLost(error);
      if (members.length > 0) {
        const wait = Math.min(...members.map((m) => m.relistenMs));
        this.retry = setTimeout(() => void this.reconnect(), wait).unref();
      }
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      for (const member of this.listened) if (member.channel === n.channel) member.hooks.notified(n.payload);
    });
    try {
      await client.connect();
    } catch (error) {
      onLost(error instanceof Error ? error : undefined);
      return;
    }
    if (lost) return;
    if (this.members.size === 0) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    this.retry = undefined;
    if (this.members.size === 0 || this.client || this.connecting) return;
    this.connecting = this.connect().finally(() => (this.connecting = undefined));
    await this.connecting;
    await this.listenAll();
  }

  /** LISTEN for every member not listening yet on the current connection. */
  private async listenAll(): Promise<void> {
    const client = this.client;
    if (!client) return;
    for (const member of [...this.members]) {
      if (this.listened.has(member)) continue;
      try {
        await client.query(`LISTEN ${member.channel}`);
      } catch {
        // The connection failed: its 'error' or 'end' handler reports the loss and retries.
        return;
      }
      if (this.client !== client || !this.members.has(member) || this.listened.has(member)) continue;
      this.listened.add(member);
      member.onListening();
    }
  }
}
