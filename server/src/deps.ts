/** What the application and its routes are built from (kept apart from app.ts, which imports the routes). */
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config.js';

export interface AppDeps {
  db: DataSource;
  config: Config;
  logger: Logger;
}
