/** What the application and its routes are built from (kept apart from app.ts, which imports the routes). */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Sessions } from './auth/sessions.js';
import type { Config } from './config.js';
import type { SitePublisher } from './site/publisher.js';

export interface AppDeps {
  db: DataSource;
  /** The session lookups of this process (Sessions.open; close it before the database). */
  sessions: Sessions;
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  /** The public site's pages of this process, rendered from the content (SitePublisher.open; close it before the database). */
  site: SitePublisher;
}

/** Whether this process takes new traffic (GET /api/ready); serve.ts sets it on SIGTERM. */
export interface Lifecycle {
  draining: boolean;
}
