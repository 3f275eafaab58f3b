/**
 * The TypeORM data source: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR.
 */
import { DataSource } from 'typeorm';
import type { Config } from '../config.js';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';
import { entities } from './entities.js';
import { Initial1763700000000 } from './migrations/1763700000000-Initial.js';

export const migrations = [Initial1763700000000];

export function createDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
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

/** Connects (starting the embedded PostgreSQL when there is no DATABASE_URL) and migrates. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  log: (message: string) => void,
  url?: string,
): Promise<Database> {
  const embedded = url || config.databaseUrl ? undefined : await startEmbedded(config.dataDir, log);
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
