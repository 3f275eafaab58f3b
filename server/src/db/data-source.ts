/**
 * The TypeORM data source: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR.
 */
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import type { Config } from '../config.js';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';
import { entities } from './entities.js';
import { Initial1763700000000 } from './migrations/1763700000000-Initial.js';
import { SessionChanges1763800000000 } from './migrations/1763800000000-SessionChanges.js';
import { Backups1763900000000 } from './migrations/1763900000000-Backups.js';

export const migrations = [Initial1763700000000, SessionChanges1763800000000, Backups1763900000000];
/** Where TypeORM records the migrations applied. */
export const migrationsTable = 'migrations';

export function createDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: migrationsTable,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // A stopped database must fail requests fast (503), not make them hang.
    connectTimeoutMS: 5000,
    poolSize: 10,
    extra: { idleTimeoutMillis: 30_000 },
  });
}

export interface Database {
  dataSource: DataSource;
  embedded?: EmbeddedDatabase;
  /** Closes the pool, then stops the embedded PostgreSQL if there is one. */
  close(): Promise<void>;
}

/**
 * Connects and migrates: to `url`, else DATABASE_URL, else the embedded PostgreSQL (started here,
 * unless the caller has already started it: `embeddedStarting`).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
  url?: string,
  embeddedStarting?: Promise<EmbeddedDatabase>,
): Promise<Database> {
  const embedded =
    url || config.databaseUrl ? undefined : await (embeddedStarting ?? startEmbedded(config.dataDir, log));
  const dataSource = createDataSource(url ?? config.databaseUrl ?? embedded!.url);
  try {
    await dataSource.initialize();
    const ran = await dataSource.runMigrations({ transaction: 'all' });
    for (const m of ran) log(`Migration applied: ${m.name}`);
  } catch (error) {
    if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  return {
    dataSource,
    embedded,
    async close() {
      if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

/** The pg pool under TypeORM. */
export const poolOf = (db: DataSource) => (db.driver as PostgresDriver).master as Pool;

/**
 * Runs a named (prepared) statement on the pool under TypeORM: PostgreSQL parses and plans it
 * once per connection. For the queries made on almost every request (the session lookup, the
 * console's lists), planning is most of their cost, and TypeORM's query runner adds more.
 */
export async function preparedQuery<Row>(db: DataSource, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const result = await poolOf(db).query({ name, text, values });
  return result.rows as Row[];
}
