/**
 * The built server as a process: the embedded PostgreSQL in DATA_DIR, migrations, the first
 * Super Admin, graceful shutdown on SIGTERM/SIGINT, a second start on the same DATA_DIR, and
 * recovery from a PostgreSQL left running by a killed server. Also the command-line tool.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { migrations } from '../src/db/data-source.js';
import { Client, createDatabase, startTestServer } from './helpers.js';
import {
  buildForTest,
  cleanUp,
  dataDirWithCluster,
  freshDataDir,
  serverDir,
  spawnServer as spawnAt,
  startServer as startAt,
} from './spawn-server.js';

let dist = '';

beforeAll(async () => {
  dist = await buildForTest();
});
afterAll(cleanUp);

/** The built server on a fresh port (see spawn-server.ts). */
const spawnServer = (dataDir: string, env: Record<string, string> = {}) => spawnAt(dist, dataDir, env);
const startServer = (dataDir: string, env: Record<string, string> = {}) => startAt(dist, dataDir, env);

function postmasterPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'pg/postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process', () => {
  it('first start: creates the cluster, migrates, prints a random first Super Admin password once; SIGTERM stops it all', async () => {
    const dataDir = freshDataDir();
    const s = await startServer(dataDir);
    const match = /First Super Admin: (\S+)\n\s+Password: (\S+)/.exec(s.output());
    expect(match).not.toBeNull();
    const [, email, pass] = match!;
    expect(email).toBe('admin@kafue.example');
    expect(s.output().split(pass).length).toBe(2); // printed exactly once
    expect(s.output()).toMatch(/Migration applied: Initial/);
    expect(readFileSync(join(dataDir, 'pg-password'), 'utf8').length).toBeGreaterThan(20);
    expect(statSync(join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    const c = new Client(s.url);
    expect((await c.signIn('admin', email, pass)).status).toBe(200);

    const pg = postmasterPid(dataDir)!;
    expect(alive(pg)).toBe(true);
    expect(await s.stop()).toBe(0);
    expect(alive(pg)).toBe(false);
    expect(existsSync(join(dataDir, 'pg/postmaster.pid'))).toBe(false);
    // A first start writes its most lines about itself: no warning of Node's came with them.
    expect(s.errors()).not.toMatch(/Warning/);

    // Second start on the same DATA_DIR: same cluster and data, no new admin.
    const again = await startServer(dataDir);
    expect(again.output()).not.toMatch(/First Super Admin/);
    expect(again.output()).not.toMatch(/Migration applied/);
    expect((await new Client(again.url).signIn('admin', email, pass)).status).toBe(200);
    expect(await again.stop('SIGINT')).toBe(0);
  });

  it('serves site/dist and desktop/dist-web of the repository by default', async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { SITE_DIR: '', CONSOLE_DIR: '' });
    try {
      const root = join(serverDir, '..');
      for (const [path, file] of [
        ['/', 'site/dist/index.html'],
        ['/admin', 'desktop/dist-web/index.html'],
      ] as const) {
        const answer = await fetch(s.url + path);
        if (existsSync(join(root, file))) {
          expect(answer.status).toBe(200);
          // A page the server renders carries its render time (the footer form's startedAt, in its data
          // and its hidden field), the build's does not.
          const served = (await answer.text())
            .replace(/"startedAt":\d+,/, '')
            .replace(/<input type="hidden" name="startedAt" value="\d+"\/>/, '');
          expect(served).toBe(readFileSync(join(root, file), 'utf8'));
        } else {
          expect(answer.status).toBe(503);
        }
      }
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('SIGTERM lets requests in flight finish (a sign-in that is hashing) before stopping', async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { ADMIN_EMAIL: 'Boss@Kafue.test', ADMIN_PASSWORD: 'boss password' });
    expect(s.output()).not.toContain('boss password');
    const inFlight = new Client(s.url).signIn('admin', 'boss@kafue.test', 'boss password');
    await new Promise((r) => setTimeout(r, 30));
    const stopped = s.stop();
    expect((await inFlight).status).toBe(200);
    expect(await stopped).toBe(0);
    await expect(fetch(s.url + api.health)).rejects.toThrow();
  });

  it('SIGTERM under load: every answer given is whole and 200, keep-alive clients are let go, no forced close', async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { ADMIN_EMAIL: 'load@kafue.test', ADMIN_PASSWORD: 'load password' });
    const c = new Client(s.url);
    expect((await c.signIn('admin', 'load@kafue.test', 'load password')).status).toBe(200);
    const statuses: number[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        try {
          const answer = await c.get(api.staff);
          statuses.push(answer.status);
          expect(Array.isArray(answer.body)).toBe(true);
        } catch {
          return; // the server has gone: connection refused or closed
        }
      }
    };
    const workers = Array.from({ length: 20 }, worker);
    while (statuses.length < 100) await new Promise((r) => setTimeout(r, 20));
    expect(await s.stop()).toBe(0);
    running = false;
    await Promise.all(workers);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(s.output()).toMatch(/"msg":"Stopped"/);
    expect(s.output()).not.toMatch(/forced/);
  });

  it('SIGTERM under write load: every create in flight finishes; after a restart exactly the answered ones exist, whole', async () => {
    const dataDir = dataDirWithCluster();
    const env = { ADMIN_EMAIL: 'writes@kafue.test', ADMIN_PASSWORD: 'writes password' };
    const s = await startServer(dataDir, env);
    const c = new Client(s.url);
    expect((await c.signIn('admin', 'writes@kafue.test', 'writes password')).status).toBe(200);
    const answered: string[] = [];
    const other: string[] = [];
    let sent = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const email = `w${sent++}@kafue.test`;
        try {
          const answer = await c.post(api.staff, { name: `Writer ${email}`, email, role: 'Manager', status: 'Suspended' });
          if (answer.status === 201) answered.push(email);
          else other.push(`${answer.status} ${answer.text.slice(0, 80)}`);
        } catch {
          return; // the server has gone: refused or closed before the request was read
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    while (answered.length < 10) await new Promise((r) => setTimeout(r, 20));
    expect(await s.stop()).toBe(0);
    running = false;
    await Promise.all(workers);
    expect(other).toEqual([]);

    const again = await startServer(dataDir, env);
    try {
      const reader = new Client(again.url);
      await reader.signIn('admin', 'writes@kafue.test', 'writes password');
      const rows = (await reader.get(api.staff)).body as { name: string; email: string; role: string; status: string }[];
      expect(rows.map((r) => r.email).sort()).toEqual([...answered].sort());
      for (const row of rows) expect(row).toMatchObject({ name: `Writer ${row.email}`, role: 'Manager', status: 'Suspended' });
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it('the embedded PostgreSQL killed under a running server: 503 meanwhile, restarted by the server, data intact', async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { ADMIN_EMAIL: 'pg@kafue.test', ADMIN_PASSWORD: 'pg password' });
    try {
      const c = new Client(s.url);
      await c.signIn('admin', 'pg@kafue.test', 'pg password');
      expect((await c.post(api.staff, { name: 'Kept', email: 'kept@kafue.test', role: 'Staff', status: 'Active' })).status).toBe(201);
      const first = postmasterPid(dataDir)!;
      process.kill(first, 'SIGKILL');
      const seen = new Set<number>();
      // Back means several answers in a row: a backend of the killed PostgreSQL may still answer
      // on a pooled connection for a moment, before the new one is up.
      let inARow = 0;
      for (let i = 0; i < 300 && inARow < 5; i++) {
        const answer = await c.get(api.staff);
        seen.add(answer.status);
        inARow = answer.status === 200 ? inARow + 1 : 0;
        if (answer.status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(inARow).toBe(5);
      expect([...seen].filter((status) => status !== 200 && status !== 503)).toEqual([]);
      const after = await c.get(api.staff);
      expect(after.status, after.text).toBe(200);
      expect((await c.get(api.staff)).body.map((u: { email: string }) => u.email)).toContain('kept@kafue.test');
      expect(postmasterPid(dataDir)).not.toBe(first);
      expect(s.output()).toMatch(/restarting it/);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('recovers the cluster from a server that was killed (SIGKILL) and left PostgreSQL running', async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { ADMIN_EMAIL: 'k@kafue.test', ADMIN_PASSWORD: 'kill password' });
    const orphan = postmasterPid(dataDir)!;
    await s.stop('SIGKILL');
    expect(alive(orphan)).toBe(true);
    const again = await startServer(dataDir);
    expect(alive(orphan)).toBe(false);
    expect((await new Client(again.url).signIn('admin', 'k@kafue.test', 'kill password')).status).toBe(200);
    expect(await again.stop()).toBe(0);
  });

  it('with DATABASE_URL: uses that PostgreSQL, starts no embedded one, migrates it and creates the first admin there', async () => {
    const dataDir = freshDataDir();
    const databaseUrl = await createDatabase('empty');
    const s = await startServer(dataDir, { DATABASE_URL: databaseUrl, ADMIN_EMAIL: 'ext@kafue.test', ADMIN_PASSWORD: 'external pass' });
    try {
      expect(existsSync(join(dataDir, 'pg'))).toBe(false);
      expect(s.output()).toMatch(/Migration applied: Initial/);
      expect((await new Client(s.url).signIn('admin', 'ext@kafue.test', 'external pass')).status).toBe(200);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('refuses to start with an invalid ADMIN_PASSWORD, and stops its PostgreSQL', async () => {
    const dataDir = dataDirWithCluster();
    const s = await spawnServer(dataDir, { ADMIN_EMAIL: 'a@kafue.test', ADMIN_PASSWORD: 'short' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/could not start/);
    expect(existsSync(join(dataDir, 'pg/postmaster.pid'))).toBe(false);
  });
});

/** Runs the command-line tool as `npm run admin|backup|restore -w server` does (tsx src/cli.ts). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(serverDir, '../node_modules/tsx/dist/cli.mjs'), join(serverDir, 'src/cli.ts'), ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('command-line tool', () => {
  // Runs of the tool, each a Node process of its own: 30 s was short beside another test file.
  it(
    'admin create, admin reset-password (signs out, clears the lock), backup and restore, on DATABASE_URL',
    { timeout: 90_000 },
    async () => {
      const t = await startTestServer();
      try {
        const env = { DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir };
        const created = await cli(['admin', 'create', '--email', 'Cli@Kafue.test', '--name', 'Cli Admin', '--role', 'Editor'], env);
        expect(created.code, created.err).toBe(0);
        const first = /Password: (\S+)/.exec(created.out)![1];
        const c = t.client();
        expect((await c.signIn('admin', 'cli@kafue.test', first)).body.admin).toMatchObject({ name: 'Cli Admin', role: 'Editor' });

        for (let i = 0; i < 5; i++) await t.client().signIn('admin', 'cli@kafue.test', 'wrong');
        expect((await t.client().signIn('admin', 'cli@kafue.test', first)).status).toBe(429);
        // The command named twice, as in `npm run admin -w server -- admin reset-password ...`, still works (cli.ts).
        const reset = await cli(['admin', 'admin', 'reset-password', '--email', 'cli@kafue.test'], {
          ...env,
          KAFUE_NEW_PASSWORD: 'chosen password',
        });
        expect(reset.code, reset.err).toBe(0);
        expect(reset.out).not.toContain('chosen password');
        expect((await c.get(api.authVerify)).status).toBe(401);
        expect((await t.client().signIn('admin', 'cli@kafue.test', first)).status).toBe(401);
        expect((await t.client().signIn('admin', 'cli@kafue.test', 'chosen password')).status).toBe(200);

        expect((await cli(['admin', 'reset-password', '--email', 'nobody@kafue.test'], env)).code).toBe(1);
        expect((await cli(['admin', 'create', '--email', 'cli@kafue.test'], env)).code).toBe(1);

        const backup = await cli(['backup'], env);
        expect(backup.code, backup.err).toBe(0);
        const file = /Backup written: (\S+)/.exec(backup.out)![1];
        const empty = await createDatabase('empty');
        const restore = await cli(['restore', file], { ...env, DATABASE_URL: empty });
        expect(restore.code, restore.err).toBe(0);
        // Tables come in the order the restore loads them (foreign keys first), not a fixed one.
        expect(restore.out).toMatch(/^Restored .*\badmins: 1\b/);
        expect(restore.out).toMatch(/\bstaff_users: 0\b/);
        const again = await cli(['restore', file], { ...env, DATABASE_URL: empty });
        expect(again.code).toBe(1);
        expect(again.err).toMatch(/not empty/);
      } finally {
        await t.close();
      }
    },
  );

  it('migrate status lists the pending migrations and changes nothing; migrate run applies them, once', async () => {
    const env = { DATABASE_URL: await createDatabase('empty'), DATA_DIR: freshDataDir() };
    const names = migrations.map((m) => new m().name);
    const lines = (prefix: string, tail: string) => names.map((name) => `${prefix}${name}\n`).join('') + tail;
    const before = await cli(['migrate', 'status'], env);
    expect(before.code, before.err).toBe(0);
    expect(before.out).toBe(lines('pending  ', `0 applied, ${names.length} pending\n`));
    // The word the npm script supplies, repeated (npm run migrate -w server -- migrate run): accepted.
    const run = await cli(['migrate', 'migrate', 'run'], env);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toBe(lines('Migration applied: ', ''));
    expect((await cli(['migrate', 'status'], env)).out).toBe(lines('applied  ', `${names.length} applied, 0 pending\n`));
    expect((await cli(['migrate', 'run'], env)).out).toBe('No pending migrations\n');
  });

  it("uses a running server's embedded database (DATA_DIR) for admin reset-password", async () => {
    const dataDir = dataDirWithCluster();
    const s = await startServer(dataDir, { ADMIN_EMAIL: 'run@kafue.test', ADMIN_PASSWORD: 'running password' });
    try {
      const reset = await cli(['admin', 'reset-password', '--email', 'run@kafue.test'], {
        DATA_DIR: dataDir,
        KAFUE_NEW_PASSWORD: 'reset while up',
      });
      expect(reset.code, reset.err).toBe(0);
      expect(reset.err).toMatch(/Using the database of the server running/);
      expect((await new Client(s.url).signIn('admin', 'run@kafue.test', 'reset while up')).status).toBe(200);
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });
});
