/**
 * The public site's pages, rendered by this process from the database and kept in memory.
 */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { SiteStatus } from '@kafue/common/contract';

export interface PublisherOptions {
  db: DataSource;
  logger: Logger;
  /** The site's client build (site/dist): its files, and beside it the SSR build (dist-ssr). */
  siteDir: string;
}

export class SitePublisher {
  private rendering = false;
  private lastPublishedAt: Date | null = null;
  private lastDurationMs: number | null = null;
  private pagesRendered = 0;

  private constructor(readonly options: PublisherOptions) {}

  static async open(options: PublisherOptions): Promise<SitePublisher> {
    return new SitePublisher(options);
  }

  status(): SiteStatus {
    return {
      state: this.rendering ? 'rendering' : 'idle',
      lastPublishedAt: this.lastPublishedAt?.toISOString() ?? null,
      lastDurationMs: this.lastDurationMs,
      pagesRendered: this.pagesRendered,
    };
  }

  async close(): Promise<void> {}
}
