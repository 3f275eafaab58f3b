import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDataSource, runMigrations } from '../src/db/data-source.js';
import { startEmbedded, type EmbeddedDatabase } from '../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (database "postgres"). */
    pgUrl: string;
    /** The database holding what all the migrations make, copied for each test's migrated database. */
    templateDatabase: string;
    /**
     * A DATA_DIR whose embedded cluster initdb has made (and nothing more: no database migrated,
     * the settings as initdb wrote them), copied for servers spawned on an embedded cluster that
     * is not new (spawn-server.ts: dataDirWithCluster).
     */
    clusterDataDir: string;
  }
}

const templateDatabase = 'kafue_migrated';

/**
 * Migrates the template database once for the whole run: each migrated test database is a copy
 * of it (CREATE DATABASE ... TEMPLATE), not 34 migrations again. PostgreSQL refuses to copy a
 * database that a session is connected to, so once migrated it accepts no connection at all.
 */
async function migrateTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${templateDatabase}`);
    const dataSource = createDataSource(adminUrl.replace(/\/postgres$/, `/${templateDatabase}`));
    await dataSource.initialize();
    try {
      await runMigrations(dataSource);
    } finally {
      await dataSource.destroy();
    }
    await admin.query(`ALTER DATABASE ${templateDatabase} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
}

/**
 * The test cluster is thrown away after the run, and PostgreSQL itself is never killed in it: no
 * commit needs to wait for the disk (the 300 MB backup and the template copies write a lot). Two
 * test files run side by side, each with servers of ten connections and the multi-process tests
 * with several: more connections than PostgreSQL's default 100. max_connections takes a restart.
 */
async function tuneForTests(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) await admin.query(`ALTER SYSTEM SET ${setting} = off`);
    await admin.query(`ALTER SYSTEM SET max_connections = 400`);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kafue-test-pg-'));
  let cluster: EmbeddedDatabase;
  try {
    cluster = await startEmbedded(dir, () => undefined);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    // No test can run without it: its one sentence, as the server gives it, and no stack trace.
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // Copied before tuning, while the cluster is as a first start leaves it (initdb takes seconds).
  await cluster.stop();
  const clusterDataDir = mkdtempSync(join(tmpdir(), 'kafue-test-cluster-'));
  execFileSync('cp', ['-a', `${dir}/.`, clusterDataDir]);
  cluster = await startEmbedded(dir, () => undefined);
  await tuneForTests(cluster.url);
  await cluster.stop();
  cluster = await startEmbedded(dir, () => undefined);
  await migrateTemplate(cluster.url);
  project.provide('pgUrl', cluster.url);
  project.provide('templateDatabase', templateDatabase);
  project.provide('clusterDataDir', clusterDataDir);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(clusterDataDir, { recursive: true, force: true });
  };
}
