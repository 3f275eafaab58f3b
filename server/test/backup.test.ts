/**
 * Backups: POST /api/settings/backup (kept in the database), the fileUrl download (Super Admin
 * only, no path tricks, from any server process on the database), the checksum, and restore into
 * an empty database giving the same rows.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { decodeBackup, dumpDatabase, readBackup, restoreBackup, type Backup } from '../src/backup/backup.js';
import { migrations, openDatabase } from '../src/db/data-source.js';
import { createDatabase, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  t = await startTestServer();
  superAdmin = (await t.admin('Super Admin')).client;
  // Some of everything: staff, admins, settings, sessions, sign-in failure counters.
  await superAdmin.post(api.staff, { name: 'Backed Up', email: 'backed.up@kafue.test', role: 'Manager', status: 'Suspended' });
  await superAdmin.post(api.staff, { name: `O'Brien "quoted" <b>`, email: 'obrien@kafue.test', role: 'Intern', status: 'Active' });
  await superAdmin.post(api.admins, { name: 'Mod', email: 'mod@kafue.test', password: 'mod password' });
  await superAdmin.post(api.generalSettings, {
    siteName: 'Kafue ✓ ünïcode',
    adminEmail: 'a@kafue.test',
    timezone: 'UTC-5',
    maintenanceMode: true,
  });
  await t.client().signIn('admin', 'mod@kafue.test', 'wrong password');
});
afterAll(() => t?.close());

/** The tables of the public schema, as the database itself lists them. */
async function databaseTables(db: DataSource): Promise<string[]> {
  const rows: { table_name: string }[] = await db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Bytes as they downloaded from `server`. */
async function download(server: TestServer, fileUrl: string): Promise<Buffer> {
  const response = await fetch(server.url + fileUrl, { headers: { cookie: `kafue_session=${superAdmin.cookie}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A new backup, its download address and its file (downloaded). */
async function createBackup(): Promise<{ fileUrl: string; file: string }> {
  const answer = await superAdmin.post(api.backup);
  expect(answer.status).toBe(200);
  const file = join(t.config.dataDir, decodeURIComponent(answer.body.fileUrl.split('/').pop()));
  writeFileSync(file, await download(t, answer.body.fileUrl));
  return { fileUrl: answer.body.fileUrl, file };
}

/**
 * The tables a backup covers: all but TypeORM's record of migrations (a backup names them), the
 * backups themselves, the analytics salts (kept for their day only) and the raw events' daily
 * partitions (their rows go through the partitioned table).
 */
const backedUp = async (db: DataSource) =>
  (await databaseTables(db)).filter(
    (name) => !['migrations', 'backups', 'analytics_salts'].includes(name) && !/^analytics_events_p\d{8}$/.test(name),
  );

describe('POST /api/settings/backup', () => {
  it('keeps a complete backup in the database, with its checksum, and answers { message, fileUrl }', async () => {
    const answer = await superAdmin.post(api.backup);
    expect(answer.body).toEqual({
      message: messages.backupCompleted,
      fileUrl: expect.stringMatching(/^\/api\/settings\/backups\/kafue-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.json$/),
    });
    expect(answer.body.message).toBe('Backup completed successfully');
    const name = answer.body.fileUrl.split('/').pop();
    const [row] = await t.db.query(`SELECT content, size, sha256, made_by_label FROM backups WHERE name = $1`, [name]);
    expect(Number(row.size)).toBe(row.content.length);
    expect(row.made_by_label).toMatch(/^Super Admin/);
    const text = row.content.toString('utf8');
    expect(text.startsWith(`{"format":"kafue-backup","version":2,"sha256":"${row.sha256}","backup":{`)).toBe(true);
    const backup = decodeBackup(row.content, name);
    expect(backup.migrations).toEqual(migrations.map((m) => m.name));
    expect(Object.keys(backup.tables).sort()).toEqual(await backedUp(t.db));
    expect(Object.keys(backup.tables)).toEqual(
      expect.arrayContaining(['admins', 'content_items', 'content_revisions', 'login_failures', 'sessions', 'settings', 'staff_users']),
    );
    expect(backup.tables.staff_users.rows.map((r) => r.email)).toEqual(
      expect.arrayContaining(['backed.up@kafue.test', 'obrien@kafue.test']),
    );
    expect(backup.tables.settings.rows[0].value).toMatchObject({ siteName: 'Kafue ✓ ünïcode' });
  });

  it('backs up a table nobody told it about (one a later migration adds), rows and all', async () => {
    const other = await openDatabase(t.config, () => undefined, await createDatabase());
    try {
      await other.dataSource.query(`CREATE TABLE later_notes (id serial PRIMARY KEY, admin_id uuid REFERENCES admins (id), note text)`);
      await other.dataSource.query(`INSERT INTO later_notes (note) VALUES ('kept')`);
      const backup = await dumpDatabase(other.dataSource);
      expect(Object.keys(backup.tables).sort()).toEqual(await backedUp(other.dataSource));
      expect(backup.tables.later_notes).toEqual({ columns: ['id', 'admin_id', 'note'], rows: [{ id: 1, admin_id: null, note: 'kept' }] });
    } finally {
      await other.close();
    }
  });
});

describe('the analytics in a backup', () => {
  it('keeps the raw events once (through their partitioned table) and no salt; a restore makes their partitions', async () => {
    const at = Date.parse('2026-02-14T10:00:00Z');
    t.clock.at = at;
    try {
      const beacon = await t.client().post('/api/collect', JSON.stringify({ path: '/valentine' }), {
        'content-type': 'text/plain',
        'user-agent': 'Mozilla/5.0 Firefox/140.0',
      });
      expect(beacon.status).toBe(204);
      await t.analytics.flush();
    } finally {
      t.clock.at = undefined;
    }
    const backup = await dumpDatabase(t.db);
    expect(backup.tables.analytics_events.rows).toEqual([expect.objectContaining({ path: '/valentine', source: 'direct' })]);
    expect(Object.keys(backup.tables).filter((name) => name.startsWith('analytics_events_') || name === 'analytics_salts')).toEqual([]);
    const other = await openDatabase(t.config, () => undefined, await createDatabase());
    try {
      await restoreBackup(other.dataSource, backup);
      expect(await other.dataSource.query(`SELECT path, at FROM analytics_events`)).toEqual([{ path: '/valentine', at: new Date(at) }]);
      expect(await other.dataSource.query(`SELECT relname FROM pg_class WHERE relname = 'analytics_events_p20260214'`)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('GET fileUrl (backup download)', () => {
  it('downloads the file for a Super Admin, as an attachment', async () => {
    const { fileUrl, file } = await createBackup();
    const answer = await superAdmin.get(fileUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="kafue-backup-/);
    expect(answer.body).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    expect(readBackup(file).tables.staff_users.rows.map((r) => r.email)).toContain('backed.up@kafue.test');
  });

  it('downloads through another server process on the same database, byte for byte', async () => {
    const { fileUrl, file } = await createBackup();
    const other = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      expect((await download(other, fileUrl)).equals(readFileSync(file))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses everyone else: Editor and Moderator 403, staff 403, anonymous 401', async () => {
    const { fileUrl } = await createBackup();
    expect((await (await t.admin('Editor')).client.get(fileUrl)).status).toBe(403);
    expect((await (await t.admin('Moderator')).client.get(fileUrl)).status).toBe(403);
    expect((await (await t.staff()).client.get(fileUrl)).status).toBe(403);
    expect((await t.client().get(fileUrl)).status).toBe(401);
  });

  it('answers 404 for names it did not write: no path traversal', async () => {
    writeFileSync(join(t.config.dataDir, 'secret.json'), '{"secret":true}');
    for (const name of [
      '..%2Fsecret.json',
      '..%2F..%2Fetc%2Fpasswd',
      '%2E%2E%2Fpg-password',
      'kafue-backup-20260101T000000Z-00000000.json',
      'kafue-backup-20260101T000000Z-00000000.json%00.txt',
    ]) {
      const answer = await superAdmin.get(`/api/settings/backups/${name}`);
      expect(answer.status, name).toBe(404);
      expect(answer.text).not.toContain('secret');
    }
    expect((await superAdmin.get('/api/settings/backups/../../secret.json')).text).not.toContain('"secret"');
  });
});

describe('restore', () => {
  it('a backup restored into an empty database gives the same rows, and the accounts work there', async () => {
    const { file } = await createBackup();
    const original = readBackup(file);
    const target = await openDatabase(t.config, () => undefined, await createDatabase());
    try {
      const counts = await restoreBackup(target.dataSource, readBackup(file));
      expect(counts.staff_users).toBe(original.tables.staff_users.rows.length);
      const copy = await dumpDatabase(target.dataSource);
      expect(copy.migrations).toEqual(original.migrations);
      expect(copy.tables).toEqual(original.tables);
    } finally {
      await target.close();
    }
  });

  it('the restored database serves: the invited admin signs in with their password', async () => {
    const { file } = await createBackup();
    const restored = await startTestServer();
    try {
      // startTestServer migrated an empty database; restore into it (it holds no rows yet).
      await restoreBackup(restored.db, readBackup(file));
      const login = await restored.client().signIn('admin', 'mod@kafue.test', 'mod password');
      expect(login.status).toBe(200);
      const list = restored.client();
      await list.signIn('admin', 'mod@kafue.test', 'mod password');
      expect((await list.get(api.staff)).body.map((s: { email: string }) => s.email)).toEqual(
        expect.arrayContaining(['backed.up@kafue.test', 'obrien@kafue.test']),
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that is not empty, and changes nothing there', async () => {
    const { file } = await createBackup();
    const before = await dumpDatabase(t.db);
    await expect(restoreBackup(t.db, readBackup(file))).rejects.toThrow(/not empty/);
    expect((await dumpDatabase(t.db)).tables.staff_users).toEqual(before.tables.staff_users);
  });

  it('refuses a backup from an unknown schema version or another format', async () => {
    const { file } = await createBackup();
    const foreign: Backup = { ...readBackup(file), migrations: ['Initial1763700000000', 'Future1999999999999'] };
    const target = await openDatabase(t.config, () => undefined, await createDatabase());
    try {
      await expect(restoreBackup(target.dataSource, foreign)).rejects.toThrow(/different version/);
    } finally {
      await target.close();
    }
    const other = join(t.config.dataDir, 'other.json');
    writeFileSync(other, JSON.stringify({ hello: 'world' }));
    expect(() => readBackup(other)).toThrow(/not a Kafue backup/);
  });

  it('refuses a backup whose bytes changed (one flipped byte anywhere), before touching the database', async () => {
    const { file } = await createBackup();
    const bytes = readFileSync(file);
    for (const at of [10, 60, bytes.indexOf('backed.up@kafue.test'), bytes.length - 1]) {
      const flipped = Buffer.from(bytes);
      flipped[at] ^= 0x01;
      expect(() => decodeBackup(flipped, 'flipped.json'), `byte ${at}`).toThrow(/flipped\.json is (damaged|not a Kafue backup)/);
    }
    const flipped = Buffer.from(bytes);
    flipped[bytes.indexOf('backed.up@kafue.test')] ^= 0x01;
    expect(() => decodeBackup(flipped, 'flipped.json')).toThrow(
      'flipped.json is damaged: its checksum does not match its content (nothing was restored)',
    );
  });

  it('still reads a version 1 backup (made before checksums)', async () => {
    const { file } = await createBackup();
    const { createdAt, migrations, tables } = readBackup(file);
    const old = Buffer.from(JSON.stringify({ format: 'kafue-backup', version: 1, createdAt, migrations, tables }));
    expect(decodeBackup(old, 'old.json').tables).toEqual(tables);
  });
});
