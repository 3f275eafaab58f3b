/**
 * The site's redirects as this process answers them: the whole table (a few hundred rows at
 * most) in memory, read again when any process changes it (NOTIFY redirects_changed, this one
 * included) and when the listening connection comes back (a change may have been missed). A
 * lookup is one Map read: a missing page pays nothing for it.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { ChannelListener } from '../db/listener.js';
import { loadRedirects, redirectKey, redirectsChannel } from './redirects.js';

export interface RedirectHit {
  to: string;
  status: number;
}

export class RedirectTable {
  private byPath = new Map<string, RedirectHit>();
  private loading?: Promise<void>;
  private again = false;
  private readonly listener: ChannelListener;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
  ) {
    this.listener = new ChannelListener(db, redirectsChannel, {
      notified: () => this.reload(),
      lost: (wasListening, error) => {
        if (wasListening) logger.warn({ err: error?.message }, 'redirects: listening connection lost; reconnecting');
      },
      listening: () => this.reload(),
    });
  }

  /** Listens, and reads the table (the first `listening` does). */
  async open(): Promise<void> {
    await this.listener.start();
    await this.settled();
  }

  /** The redirect (or 410) from a path the site has no page at. */
  lookup(path: string): RedirectHit | undefined {
    return this.byPath.get(redirectKey(path));
  }

  /** Resolves when no reading runs. */
  async settled(): Promise<void> {
    while (this.loading) await this.loading;
  }

  /** Reads the table again; a change arriving meanwhile reads it once more after. */
  private reload(): void {
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        try {
          const rows = await loadRedirects(this.db);
          this.byPath = new Map(rows.map((r) => [r.from, { to: r.to, status: r.status }]));
        } catch (error) {
          // The table kept stays in use; the next change (or reconnection) reads it again.
          this.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'redirects: reading failed');
        }
      } while (this.again);
    })().finally(() => {
      this.loading = undefined;
    });
  }

  async close(): Promise<void> {
    await this.listener.close();
    await this.settled();
  }
}
