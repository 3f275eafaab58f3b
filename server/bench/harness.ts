/**
 * What the bench scripts share: a scratch directory PostgreSQL can enter, the built server, a
 * database of their own on the embedded cluster, waiting for a process to answer, medians, a
 * process's memory, and where the figures are kept.
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
// @ts-expect-error build.mjs is plain JavaScript
import { buildServer } from '../build.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** A fresh scratch directory; PostgreSQL (run as the user "postgres" when we are root) must be able to walk into it. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o711);
  return dir;
}

/** The built server (server/dist-like), built once into a cache the benches share; returns its directory. */
export const buildBenchServer = (): Promise<string> => buildServer(join(here, '../node_modules/.cache/kafue-bench-build'));

/** Creates database `name` on the embedded cluster at `clusterUrl` and returns its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return clusterUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * Waits (up to a minute) until `url` answers 2xx, or answers at all with `anyAnswer`; throws
 * as soon as `child` exits.
 */
export async function waitFor(url: string, child: ChildProcess, { anyAnswer = false } = {}): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited`);
    try {
      const response = await fetch(url);
      if (anyAnswer || response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Resident memory of process `pid`, in MiB. */
export const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Keeps a bench's figures in bench-results/NAME at the repository root, dated. */
export function writeBenchResult(name: string, figures: object): void {
  const out = join(here, '../../bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, name), `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`);
}
