/**
 * Backups: POST /api/settings/backup (kept in the database), the fileUrl download (Super Admin
 * only, no path tricks, from any server process on the database), the checksum, and restore into
 * an empty database giving the same rows; files of the versions before (2, 1) still restore.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { restoreBackup, storedSource } from '../src/backup/backup.js';
import { fileSource, openBackup } from '../src/backup/file.js';
import { migrations, openDatabase } from '../src/db/data-source.js';
import { BackupChunks1795600000210 } from '../src/db/migrations/1795600000210-BackupChunks.js';
import { backupOf, openBytes, storedBytes, tablesIn } from './backups.js';
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
    (name) => !['migrations', 'backups', 'backup_chunks', 'analytics_salts'].includes(name) && !/^analytics_events_p\d{8}$/.test(name),
  );

/** A backup file on disk, opened as the command line's restore opens it. */
const readBackup = (file: string) => openBackup(fileSource(file), file);

describe('POST /api/settings/backup', () => {
  it('keeps a complete backup in the database, with its checksum, and answers { message, fileUrl }', async () => {
    const answer = await superAdmin.post(api.backup);
    expect(answer.body).toEqual({
      message: messages.backupCompleted,
      fileUrl: expect.stringMatching(/^\/api\/settings\/backups\/kafue-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.json$/),
    });
    expect(answer.body.message).toBe('Backup completed successfully');
    const name = answer.body.fileUrl.split('/').pop();
    const [row] = await t.db.query(`SELECT size, sha256, made_by_label FROM backups WHERE name = $1`, [name]);
    const content = await storedBytes(t.db, name);
    expect(Number(row.size)).toBe(content.length);
    expect(row.made_by_label).toMatch(/^Super Admin/);
    // NDJSON: the header first, the checksum of every byte before it last.
    const text = content.toString('utf8');
    expect(text.startsWith(`{"format":"kafue-backup","version":3,"createdAt":"`)).toBe(true);
    expect(text.endsWith(`\n{"sha256":"${row.sha256}"}\n`)).toBe(true);
    const backup = await openBytes(content, name);
    expect(backup.migrations).toEqual(migrations.map((m) => m.name));
    expect([...backup.tables].sort()).toEqual(await backedUp(t.db));
    expect(backup.tables).toEqual(
      expect.arrayContaining(['admins', 'content_items', 'content_revisions', 'login_failures', 'sessions', 'settings', 'staff_users']),
    );
    const tables = await tablesIn(backup);
    expect(tables.staff_users.rows.map((r) => r.email)).toEqual(expect.arrayContaining(['backed.up@kafue.test', 'obrien@kafue.test']));
    expect(tables.settings.rows[0].value).toMatchObject({ siteName: 'Kafue ✓ ünïcode' });
  });

  it('backs up a table nobody told it about (one a later migration adds), rows and all', async () => {
    const other = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      await other.dataSource.query(`CREATE TABLE later_notes (id serial PRIMARY KEY, admin_id uuid REFERENCES admins (id), note text)`);
      await other.dataSource.query(`INSERT INTO later_notes (note) VALUES ('kept')`);
      const backup = await backupOf(other.dataSource);
      expect([...backup.tables].sort()).toEqual(await backedUp(other.dataSource));
      expect((await tablesIn(backup)).later_notes).toEqual({
        columns: ['id', 'admin_id', 'note'],
        rows: [{ id: 1, admin_id: null, note: 'kept' }],
      });
    } finally {
      await other.close();
    }
  });
});

describe('the analytics in a backup', () => {
  it('keeps the raw events once (through their partitioned table) without their visitor key, and no salt; a restore makes their partitions', async () => {
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
    const backup = await backupOf(t.db);
    expect((await tablesIn(backup)).analytics_events.rows).toEqual([expect.objectContaining({ path: '/valentine', source: 'direct' })]);
    expect(backup.tables.filter((name) => name.startsWith('analytics_events_') || name === 'analytics_salts')).toEqual([]);
    const other = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      await restoreBackup(other.dataSource, backup);
      expect(await other.dataSource.query(`SELECT path, at FROM analytics_events`)).toEqual([{ path: '/valentine', at: new Date(at) }]);
      // The visitor's key lives for its day only: the backup leaves it out.
      expect(await t.db.query(`SELECT count(*)::int AS n FROM analytics_events WHERE visitor IS NOT NULL`)).toEqual([{ n: 1 }]);
      expect(await other.dataSource.query(`SELECT visitor FROM analytics_events`)).toEqual([{ visitor: null }]);
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
    expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
    expect(answer.text).toBe(readFileSync(file, 'utf8'));
    expect((await tablesIn(await readBackup(file))).staff_users.rows.map((r) => r.email)).toContain('backed.up@kafue.test');
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
    const original = await readBackup(file);
    const originalTables = await tablesIn(original);
    const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      const counts = await restoreBackup(target.dataSource, await readBackup(file));
      expect(counts.staff_users).toBe(originalTables.staff_users.rows.length);
      const copy = await backupOf(target.dataSource);
      expect(copy.migrations).toEqual(original.migrations);
      expect(await tablesIn(copy)).toEqual(originalTables);
    } finally {
      await target.close();
    }
  });

  it('the restored database serves: the invited admin signs in with their password', async () => {
    const { file } = await createBackup();
    const restored = await startTestServer();
    try {
      // startTestServer migrated an empty database; restore into it (it holds no rows yet).
      await restoreBackup(restored.db, await readBackup(file));
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
    const before = await tablesIn(await backupOf(t.db));
    await expect(restoreBackup(t.db, await readBackup(file))).rejects.toThrow(/not empty/);
    expect((await tablesIn(await backupOf(t.db))).staff_users).toEqual(before.staff_users);
  });

  it('refuses a backup from an unknown schema version or another format', async () => {
    const { file } = await createBackup();
    const foreign = { ...(await readBackup(file)), migrations: ['Initial1763700000000', 'Future1999999999999'] };
    const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      await expect(restoreBackup(target.dataSource, foreign)).rejects.toThrow(/different version/);
    } finally {
      await target.close();
    }
    const other = join(t.config.dataDir, 'other.json');
    writeFileSync(other, JSON.stringify({ hello: 'world' }));
    await expect(readBackup(other)).rejects.toThrow(/not a Kafue backup/);
    await expect(openBytes(Buffer.from('{"format":"kafue-backup","version":4,"createdAt":"2030-01-01T00:00:00Z"}\n'))).rejects.toThrow(
      'Unsupported backup format version 4',
    );
  });

  it('refuses a backup whose bytes changed (one flipped byte anywhere, one byte short), before touching the database', async () => {
    const { file } = await createBackup();
    const bytes = readFileSync(file);
    const trailer = bytes.lastIndexOf('{"sha256":"');
    for (const at of [
      10,
      60,
      bytes.indexOf('"staff_users"'),
      bytes.indexOf('backed.up@kafue.test'),
      trailer - 1,
      trailer + 20,
      bytes.length - 1,
    ]) {
      const flipped = Buffer.from(bytes);
      flipped[at] ^= 0x01;
      await expect(openBytes(flipped, 'flipped.json'), `byte ${at}`).rejects.toThrow(/flipped\.json is (damaged|not a Kafue backup)/);
    }
    await expect(openBytes(bytes.subarray(0, -1), 'short.json')).rejects.toThrow('short.json is damaged');
    await expect(openBytes(bytes.subarray(0, trailer), 'short.json')).rejects.toThrow('short.json is damaged');
    const flipped = Buffer.from(bytes);
    flipped[bytes.indexOf('backed.up@kafue.test')] ^= 0x01;
    await expect(openBytes(flipped, 'flipped.json')).rejects.toThrow(
      'flipped.json is damaged: its checksum does not match its content (nothing was restored)',
    );
  });
});

describe('files of the versions before', () => {
  /** A version 2 file as the server wrote it before version 3, with a photo (bytea) of 3000 bytes. */
  const version2 = readFileSync(join(import.meta.dirname, 'fixtures/backup-version-2.json'));
  const photo = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));

  it('restores a version 2 file: its rows, its bytea values byte for byte', async () => {
    const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      const counts = await restoreBackup(target.dataSource, await openBytes(version2));
      expect(counts.media).toBe(1);
      const [media] = await target.dataSource.query(`SELECT filename, content FROM media`);
      expect(media.filename).toBe('old.png');
      expect((media.content as Buffer).equals(photo)).toBe(true);
      expect((await target.dataSource.query(`SELECT email FROM staff_users`)).map((r: { email: string }) => r.email)).toContain(
        'old.format@kafue.test',
      );
    } finally {
      await target.close();
    }
  });

  it('a backup kept before backups were chunked (migration BackupChunks) still downloads byte for byte and restores', async () => {
    const other = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    const runner = other.dataSource.createQueryRunner();
    try {
      // The table as it was: its content in one value.
      await new BackupChunks1795600000210().down(runner);
      const name = 'kafue-backup-20261101T000000Z-0000abcd.json';
      const large = 'kafue-backup-20261102T000000Z-0000abce.json';
      const bytes = randomBytes(2.5 * 1024 * 1024);
      for (const [kept, content] of [
        [name, version2],
        [large, bytes],
      ] as const) {
        await other.dataSource.query(
          `INSERT INTO backups (name, size, sha256, made_by_label, content) VALUES ($1, $2, $3, 'schedule', $4)`,
          [kept, content.length, '0'.repeat(64), content],
        );
      }
      await new BackupChunks1795600000210().up(runner);
      expect((await storedBytes(other.dataSource, name)).equals(version2)).toBe(true);
      expect((await storedBytes(other.dataSource, large)).equals(bytes)).toBe(true);
      expect(
        (await other.dataSource.query(`SELECT n FROM backup_chunks c JOIN backups b ON b.id = c.backup_id WHERE b.name = $1`, [large]))
          .length,
      ).toBe(3);
      const [{ id }] = await other.dataSource.query(`SELECT id FROM backups WHERE name = $1`, [name]);
      const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
      try {
        await restoreBackup(target.dataSource, await openBackup(await storedSource(other.dataSource, id), name));
        expect(await target.dataSource.query(`SELECT filename FROM media`)).toEqual([{ filename: 'old.png' }]);
      } finally {
        await target.close();
      }
    } finally {
      await runner.release();
      await other.close();
    }
  });

  it('refuses a version 2 file changed by one byte', async () => {
    const flipped = Buffer.from(version2);
    flipped[flipped.indexOf('old.format@kafue.test')] ^= 0x01;
    await expect(openBytes(flipped, 'old.json')).rejects.toThrow('old.json is damaged: its checksum does not match its content');
  });

  it('restores the enquiries of a file made before the clock ran for every message and mails were recorded: filled as the migrations did', async () => {
    const { backup } = JSON.parse(version2.toString('utf8')) as {
      backup: { tables: Record<string, { columns: string[]; rows: Record<string, unknown>[] }> };
    };
    const enquiry = (id: string, status: string, firstResponseAt: string | null) => ({
      id,
      full_name: `Old ${status}`,
      email: 'old.client@visitor.test',
      message: 'Hello.',
      status,
      kind: 'message',
      stage: firstResponseAt ? 'contacted' : 'new',
      created_at: '2026-11-20T08:00:00+00:00',
      updated_at: '2026-11-20T08:00:00+00:00',
      response_due_at: '2026-11-20T12:00:00+00:00',
      first_response_at: firstResponseAt,
    });
    backup.tables.enquiries.rows = [
      enquiry('11111111-1111-4111-8111-111111111111', 'New', null),
      enquiry('22222222-2222-4222-8222-222222222222', 'Open', '2026-11-20T09:00:00+00:00'),
      enquiry('33333333-3333-4333-8333-333333333333', 'Spam', null),
    ];
    // The answered one's reply: recorded as a mail about its enquiry once restored.
    backup.tables.enquiry_replies.rows = [
      {
        id: '44444444-4444-4444-8444-444444444444',
        enquiry_id: '22222222-2222-4222-8222-222222222222',
        subject: 'Re: your enquiry',
        body: 'We can help.',
        mail_id: '55555555-5555-4555-8555-555555555555',
        message_id: '<55555555-5555-4555-8555-555555555555@acme.test>',
        author_kind: 'admin',
        author_id: 'dc8a8caf-048a-4207-8d6d-7ed134c9d57e',
        author_name: 'Super Admin 1',
        created_at: '2026-11-20T09:00:00+00:00',
      },
    ];
    const file = Buffer.from(JSON.stringify({ format: 'kafue-backup', version: 1, ...backup }));
    const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
    try {
      await restoreBackup(target.dataSource, await openBytes(file, 'old.json'));
      const rows = await target.dataSource.query<{ status: string; awaiting_reply_since: Date | null }[]>(
        `SELECT status, awaiting_reply_since FROM enquiries ORDER BY id`,
      );
      expect(rows).toEqual([
        { status: 'New', awaiting_reply_since: new Date('2026-11-20T08:00:00Z') },
        { status: 'Open', awaiting_reply_since: null },
        { status: 'Spam', awaiting_reply_since: null },
      ]);
      expect(await target.dataSource.query(`SELECT mail_id, enquiry_id, kind FROM enquiry_mails`)).toEqual([
        { mail_id: '55555555-5555-4555-8555-555555555555', enquiry_id: '22222222-2222-4222-8222-222222222222', kind: 'reply' },
      ]);
    } finally {
      await target.close();
    }
  });

  it('still reads a version 1 backup (made before checksums)', async () => {
    const { backup } = JSON.parse(version2.toString('utf8')) as { backup: { tables: Record<string, { rows: unknown[] }> } };
    const old = Buffer.from(JSON.stringify({ format: 'kafue-backup', version: 1, ...backup }));
    const rowsOf = (tables: Record<string, { rows: unknown[] }>) => Object.entries(tables).map(([name, { rows }]) => [name, rows]);
    expect(rowsOf(await tablesIn(await openBytes(old, 'old.json')))).toEqual(rowsOf(backup.tables));
  });
});
