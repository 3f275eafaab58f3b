import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbedded, type EmbeddedDatabase } from '../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (database "postgres"). */
    pgUrl: string;
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
  project.provide('pgUrl', cluster.url);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
