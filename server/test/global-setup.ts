import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../src/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster (database "postgres"). */
    pgUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'kafue-test-pg-'));
  const cluster = await startEmbedded(dir, () => undefined);
  project.provide('pgUrl', cluster.url);
  return async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
