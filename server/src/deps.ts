/** What the application and its routes are built from (kept apart from app.ts, which imports the routes). */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Collector } from './analytics/collector.js';
import type { Sessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { Maintenance } from './maintenance/maintenance.js';
import type { MediaFiles } from './media/serve.js';
import type { SitePublisher } from './site/publisher.js';

export interface AppDeps {
  db: DataSource;
  /** The session lookups of this process (Sessions.open; close it before the database). */
  sessions: Sessions;
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  /** Maintenance mode as this process knows it (maintenance/maintenance.ts). */
  maintenance: Maintenance;
  /** The time in milliseconds (Date.now unless a test sets the clock): TOTP steps are read from it. */
  now?: () => number;
  /** The public site's pages of this process, rendered from the content (SitePublisher.open; close it before the database). */
  site: SitePublisher;
  /** The beacons kept for the next batch (analytics/collector.ts; close it before the database). */
  analytics: Collector;
  /** The media library's files as this process serves them (kept in memory once read). */
  media: MediaFiles;
}

/** Whether this process takes new traffic (GET /api/ready); serve.ts sets it on SIGTERM. */
export interface Lifecycle {
  draining: boolean;
}
