/**
 * The built server (dist/main.js) as a child process, for the tests of the server as a process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { api } from '@kafue/common/contract';
// @ts-expect-error build.mjs is plain JavaScript
import { buildServer } from '../build.mjs';
import { freePort } from '../src/db/embedded.js';

export const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

const children = new Set<ChildProcess>();
const leftovers: string[] = [];

/** Removes path (a file or a folder) in cleanUp(). */
export function removeLater(path: string): string {
  leftovers.push(path);
  return path;
}

/** A new, empty data directory in the system's temporary folder, removed in cleanUp(). */
export const freshDataDir = () => removeLater(mkdtempSync(join(tmpdir(), 'kafue-test-process-')));

/**
 * A new data directory holding an embedded cluster as initdb made it (a copy of the run's, made
 * in global-setup.ts; nothing migrated, no admin): for tests of a server on a cluster that is not
 * new, which need not wait seconds for initdb each. A test of the first start takes freshDataDir().
 * As root, when the user "postgres" could not reach the run's folder, the cluster is elsewhere
 * (pg-location): then a fresh one.
 */
export function dataDirWithCluster(): string {
  const template = inject('clusterDataDir');
  const dir = freshDataDir();
  if (!existsSync(join(template, 'pg-location'))) execFileSync('cp', ['-a', `${template}/.`, dir]);
  return dir;
}

/** Kills every server a test left running, then removes what removeLater() was given (afterAll). */
export function cleanUp(): void {
  for (const child of children) child.kill('SIGKILL');
  for (const path of leftovers) rmSync(path, { recursive: true, force: true });
}

/** Builds the server from its sources into a new folder (removed in cleanUp()); answers it. */
export async function buildForTest(): Promise<string> {
  const cache = join(serverDir, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  return removeLater((await buildServer(mkdtempSync(join(cache, 'kafue-test-build-')))) as string);
}

export interface Running {
  child: ChildProcess;
  url: string;
  /** stdout and stderr, as they came. */
  output: () => string;
  errors: () => string;
  exited: Promise<number | null>;
  /** Sends the signal and answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Spawns dist/main.js on a free port (site and console folders absent, no drain after SIGTERM, unless given). */
export async function spawnServer(dist: string, dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dist, 'main.js')], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: String(port),
      SITE_DIR: join(dataDir, 'x'),
      CONSOLE_DIR: join(dataDir, 'y'),
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  let errors = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => {
    output += d;
    errors += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    errors: () => errors,
    exited,
    stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

/** Spawns dist/main.js and waits for its first health answer. */
export async function startServer(dist: string, dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const s = await spawnServer(dist, dataDir, env);
  for (let i = 0; i < 300; i++) {
    if (s.child.exitCode !== null) throw new Error(`server exited: ${s.output()}`);
    try {
      if ((await fetch(s.url + api.health)).ok) return s;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer: ${s.output()}`);
}
