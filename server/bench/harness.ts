/**
 * What the bench scripts share: a scratch directory PostgreSQL can enter, the built server, a
 * database of their own on the embedded cluster, waiting for a process to answer, medians, a
 * process's memory, and where the figures are kept.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { freePort } from '../src/db/embedded.js';
import { securityHeaderList } from '../src/web/security.js';
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
/** Peak resident memory of process `pid` (since it started, or since its count was reset), in MiB. */
export const peakRssMiB = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** CPU seconds (user and system) process `pid` and its children (nginx's worker) have used so far; Linux's 100 ticks a second. */
export function cpuSeconds(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  const own = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(own[11]) + Number(own[12])) / 100 + children.reduce((sum, child) => sum + cpuSeconds(child), 0);
}

/**
 * Says whether a bench met one of its issue's targets. Only said: the figures vary with the
 * machine's load, and `npm run bench` goes on to the next bench either way.
 */
export function verdict(met: boolean, target: string): void {
  console.log(`Target: ${met ? 'met' : 'MISSED'}: ${target}`);
}

/** Keeps a bench's figures in bench-results/NAME at the repository root, dated. */
export function writeBenchResult(name: string, figures: object): void {
  const out = join(here, '../../bench-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, name), `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`);
}

/** The first Super Admin of a bench's server. */
const benchAdmin = { email: 'bench@kafue.test', password: 'bench password 1' };

/**
 * The built server in `dist` on `databaseUrl`, its files under `tmp`, once it answers: the
 * process and its address. `env` adds to or replaces its environment.
 */
export async function startBenchServer(
  dist: string,
  databaseUrl: string,
  tmp: string,
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const server = spawn(process.execPath, [join(dist, 'main.js')], {
    env: {
      PATH: process.env.PATH!,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: join(tmp, 'data'),
      SITE_DIR: join(tmp, 'no-site'),
      CONSOLE_DIR: join(tmp, 'no-console'),
      DRAIN_SECONDS: '0',
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base + api.health, server, { anyAnswer: true });
  return { server, base };
}

/** Signs the bench's admin in at `base`; answers the session cookie. */
export async function signInBenchAdmin(base: string): Promise<string> {
  const login = await fetch(base + api.adminLogin, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchAdmin),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  return login.headers.getSetCookie()[0].split(';')[0];
}

/** The public pages the page benches ask for, and the site build they are in. */
export const sitePages = ['/', '/services', '/projects', '/about', '/contact', '/service/Web/0'];
const siteDir = join(repoRoot, 'site/dist');

/**
 * The built server serving the built site as in production (one process, pages from memory, a
 * line logged per request), once it answers; `env` adds to its environment. Needs `npm run build -w site`.
 */
export function startSiteServer(dist: string, databaseUrl: string, tmp: string, env: Record<string, string> = {}) {
  if (!existsSync(join(repoRoot, 'site/dist-ssr/entry-server.js'))) throw new Error('Build the site first: npm run build -w site');
  return startBenchServer(dist, databaseUrl, tmp, {
    SITE_DIR: siteDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    METRICS_TOKEN: 'bench metrics token',
    ...env,
  });
}

/**
 * The headers every page of ours carries beside those nginx writes itself (type, length, encoding,
 * validators): helmet's (as in production), Cache-Control and Vary. A deployment of the site on
 * nginx needs them too, so the bench's nginx sends them: both answers are the same bytes for the
 * client to read, and the bench compares the servers, not a bare answer with a secured one.
 */
const pageHeaders: [string, string][] = [
  ...securityHeaderList(true),
  ['Cache-Control', 'no-cache'],
  ['Vary', 'Save-Data, Accept-Encoding'],
];

/** The site's build as nginx serves it: the same pages, precompressed, with the same headers. */
export const siteServer = `gzip_static on;
    charset utf-8;
    ${pageHeaders.map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;`).join('\n    ')}
    root ${siteDir};
    location / { try_files $uri $uri/index.html =404; }
    error_page 404 /404.html;`;

/**
 * nginx (Debian's /usr/sbin/nginx, or NGINX), one worker, with `server`'s directives (by default
 * the site's build), once `ready` answers.
 */
export async function startNginx(tmp: string, server = siteServer, ready = '/'): Promise<{ server: ChildProcess; base: string }> {
  const binary = process.env.NGINX ?? '/usr/sbin/nginx';
  if (!existsSync(binary)) throw new Error(`${binary} not found (apt-get install nginx-light, or NGINX=path)`);
  const dir = join(tmp, 'nginx');
  const port = await freePort();
  const child = spawn(binary, ['-c', nginxConfig(dir, port, server), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base + ready, child);
  return { server: child, base };
}

/**
 * Writes an nginx configuration under `dir` (one worker, in the foreground, an access log of the
 * fields ours logs (method, path, status, time) written in buffers as ours is, sendfile,
 * keep-alive without limit, its temporary files there too) with one server on 127.0.0.1:`port`
 * whose directives are `server`; answers its path.
 */
function nginxConfig(dir: string, port: number, server: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(
    file,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  log_format request '$request_method $uri $status $request_time';
  access_log ${dir}/access.log request buffer=64k flush=1s;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    ${server}
  }
}
`,
  );
  return file;
}

/** Requests/s of the site's pages at `url`, asked for gzip; throws on any error or non-2xx answer. */
export async function loadPages(
  url: string,
  { seconds, connections, paths = sitePages }: { seconds: number; connections: number; paths?: readonly string[] },
): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} errors or non-2xx answers`);
  return result.requests.average;
}
