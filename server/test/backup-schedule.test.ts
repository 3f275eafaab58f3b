/**
 * Scheduled backups: the schedule and list calls (Super Admin only, validated), delete,
 * the schedule made once across two server processes on one database (clock under the test's
 * control), pruning to the last N, and the command line's progress and checksum refusal.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, defaultBackupSchedule, messages } from '@kafue/common/contract';
import { dueSlot, runScheduledBackup } from '../src/backup/schedule.js';
import { storedBytes } from './backups.js';
import { createDatabase, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let superAdmin: Client;
beforeAll(async () => {
  t = await startTestServer();
  superAdmin = (await t.admin('Super Admin')).client;
  await superAdmin.post(api.staff, { name: 'Scheduled', email: 'scheduled@kafue.test', role: 'Manager', status: 'Active' });
});
afterAll(() => t?.close());

const daily = { frequency: 'daily', hour: 3, weekday: 0, keep: 2 };
const scheduledNames = async (): Promise<string[]> =>
  (await t.db.query(`SELECT name FROM backups WHERE slot IS NOT NULL ORDER BY created_at`)).map((r: { name: string }) => r.name);

describe('backup schedule and list: who may call', () => {
  it('refuses Editor and Moderator (403), staff (403) and anonymous callers (401) on every call', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', api.backupSchedule],
      ['PUT', api.backupSchedule, daily],
      ['GET', api.backups],
      ['DELETE', api.backupFile('7a1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c')],
    ];
    const refused = [
      [(await t.admin('Editor')).client, 403],
      [(await t.admin('Moderator')).client, 403],
      [(await t.staff()).client, 403],
      [t.client(), 401],
    ] as const;
    for (const [method, path, body] of calls) {
      for (const [client, status] of refused) expect((await client.call(method, path, body)).status, `${method} ${path}`).toBe(status);
    }
  });
});

describe('GET/PUT /api/settings/backup-schedule', () => {
  it('starts off, saves, and reads back what was saved', async () => {
    expect((await superAdmin.get(api.backupSchedule)).body).toEqual(defaultBackupSchedule);
    const weekly = { frequency: 'weekly', hour: 23, weekday: 6, keep: 100 };
    const extra = await superAdmin.put(api.backupSchedule, { ...weekly, extra: 'refused' });
    expect(extra).toMatchObject({ status: 400, body: { errors: { extra: messages.unknownField } } });
    const saved = await superAdmin.put(api.backupSchedule, weekly);
    expect(saved).toMatchObject({ status: 200, body: { message: messages.settingsUpdated, schedule: weekly } });
    expect((await superAdmin.get(api.backupSchedule)).body).toEqual(weekly);
  });

  it('validates: frequency from the list, hour 0-23, weekday 0-6, keep 1-100, all whole numbers', async () => {
    const bad = await superAdmin.put(api.backupSchedule, { frequency: 'hourly', hour: 24, weekday: 7, keep: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['frequency', 'hour', 'keep', 'weekday']);
    const more = await superAdmin.put(api.backupSchedule, { frequency: 'daily', hour: 1.5, weekday: -1, keep: 101 });
    expect(Object.keys(more.body.errors).sort()).toEqual(['hour', 'keep', 'weekday']);
    expect((await superAdmin.put(api.backupSchedule, {})).status).toBe(400);
  });
});

describe('GET /api/settings/backups and DELETE /api/settings/backups/:id', () => {
  it('lists newest first, a page at a time, with the total; deletes one; 404 for an unknown id', async () => {
    for (let i = 0; i < 3; i++) expect((await superAdmin.post(api.backup)).status).toBe(200);
    const all = await superAdmin.get(`${api.backups}?pageSize=100`);
    expect(all.status).toBe(200);
    const list = all.body.backups;
    expect(all.body.total).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(3);
    const dates = list.map((b: { createdAt: string }) => b.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list[0]).toEqual({
      id: expect.any(String),
      name: expect.stringMatching(/^kafue-backup-/),
      createdAt: expect.any(String),
      size: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      madeBy: expect.stringMatching(/^Super Admin/),
      fileUrl: api.backupFile(list[0].name),
    });
    const second = await superAdmin.get(`${api.backups}?page=2&pageSize=1`);
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total: all.body.total, backups: [list[1]] });
    expect((await superAdmin.get(`${api.backups}?page=0`)).status).toBe(400);
    expect((await superAdmin.get(`${api.backups}?pageSize=101`)).status).toBe(400);

    expect(await superAdmin.delete(api.backupFile(list[0].id))).toMatchObject({ status: 200, body: { message: messages.backupDeleted } });
    expect((await superAdmin.get(list[0].fileUrl)).status).toBe(404);
    expect((await superAdmin.get(`${api.backups}?pageSize=100`)).body.total).toBe(all.body.total - 1);
    expect((await superAdmin.delete(api.backupFile(list[0].id))).status).toBe(404);
    expect((await superAdmin.delete(api.backupFile('not-an-id'))).status).toBe(404);
  });
});

describe('the schedule', () => {
  it('is due in its hour of the General settings timezone (weekly: on its weekday only)', () => {
    const at = (iso: string) => new Date(iso);
    const schedule = { frequency: 'daily', hour: 3, weekday: 0, keep: 7 } as const;
    expect(dueSlot(schedule, 'UTC+0', at('2026-11-23T03:59:00Z'))).toBe('daily:2026-11-23T03');
    expect(dueSlot(schedule, 'UTC+0', at('2026-11-23T04:00:00Z'))).toBeUndefined();
    // 03:xx in Singapore is 19:xx UTC the day before; in New York, 08:xx UTC.
    expect(dueSlot(schedule, 'UTC+8', at('2026-11-22T19:30:00Z'))).toBe('daily:2026-11-23T03');
    expect(dueSlot(schedule, 'UTC-5', at('2026-11-23T08:00:00Z'))).toBe('daily:2026-11-23T03');
    expect(dueSlot({ ...schedule, frequency: 'off' }, 'UTC+0', at('2026-11-23T03:00:00Z'))).toBeUndefined();
    // 2026-11-22 is a Sunday (0).
    const weekly = { ...schedule, frequency: 'weekly' } as const;
    expect(dueSlot(weekly, 'UTC+0', at('2026-11-22T03:10:00Z'))).toBe('weekly:2026-11-22T03');
    expect(dueSlot(weekly, 'UTC+0', at('2026-11-23T03:10:00Z'))).toBeUndefined();
  });

  it('two server processes on one database make exactly one backup per slot; then only the last N scheduled ones stay', async () => {
    const other = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      expect((await superAdmin.put(api.backupSchedule, daily)).status).toBe(200);
      const manual = (await superAdmin.post(api.backup)).body.fileUrl;
      expect(await scheduledNames()).toEqual([]);
      // Not due at 02:59 UTC.
      expect(await runScheduledBackup(t.db, new Date('2026-11-20T02:59:00Z'))).toBeUndefined();
      for (const day of ['20', '21', '22']) {
        // Both processes check at once, and again a minute later.
        for (const minute of ['00', '01']) {
          const now = new Date(`2026-11-${day}T03:${minute}:00Z`);
          await Promise.all([runScheduledBackup(t.db, now), runScheduledBackup(other.db, now)]);
        }
      }
      const slots = await t.db.query(`SELECT slot, made_by_label FROM backups WHERE slot IS NOT NULL ORDER BY slot`);
      // Three slots made, one backup each; keep 2.
      expect(slots).toEqual([
        { slot: 'daily:2026-11-21T03', made_by_label: 'schedule' },
        { slot: 'daily:2026-11-22T03', made_by_label: 'schedule' },
      ]);
      const listed = (await superAdmin.get(`${api.backups}?pageSize=100`)).body.backups.map((b: { madeBy: string }) => b.madeBy);
      expect(listed.filter((m: string) => m === 'schedule')).toHaveLength(2);
      // Made by hand: pruning leaves it.
      expect((await superAdmin.get(manual)).status).toBe(200);
      // The scheduled backup holds the database as it was.
      const [{ name }] = await t.db.query(`SELECT name FROM backups WHERE slot = 'daily:2026-11-22T03'`);
      expect((await superAdmin.get(api.backupFile(name))).text).toContain('scheduled@kafue.test');
    } finally {
      await other.close();
    }
  });
});

describe('command line', () => {
  const exec = promisify(execFile);
  const cli = (args: string[], env: Record<string, string>) =>
    exec(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      env: { ...process.env, ...env },
      cwd: join(import.meta.dirname, '..'),
    });

  it('`backup` prints its progress table by table, keeps the backup in the database and writes its file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kafue-cli-'));
    try {
      const { stdout, stderr } = await cli(['backup'], { DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir });
      const lines = stderr.split('\n').filter((l) => l.startsWith('backing up '));
      // One line per table, in order, each saying how far it is.
      expect(lines.length).toBeGreaterThanOrEqual(5);
      lines.forEach((line, i) => expect(line).toMatch(new RegExp(`^backing up \\w+ \\(${i + 1}/${lines.length}\\)\\.\\.\\.$`)));
      expect(lines.some((line) => line.startsWith('backing up staff_users ('))).toBe(true);
      const file = stdout.match(/Backup written: (.+)/)![1].trim();
      const [row] = await t.db.query(`SELECT made_by_label FROM backups WHERE name = $1`, [file.split('/').pop()]);
      expect(row.made_by_label).toBe('command line');
      expect(readFileSync(file).equals(await storedBytes(t.db, file.split('/').pop()!))).toBe(true);
    } finally {
      // The backup file holds the test's database, staff and their hashes: not left in /tmp.
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('`restore` refuses a file whose checksum does not match, and the target database stays untouched', async () => {
    const { fileUrl } = (await superAdmin.post(api.backup)).body;
    const bytes = Buffer.from((await superAdmin.get(fileUrl)).text);
    bytes[bytes.indexOf('scheduled@kafue.test')] ^= 0x01;
    const file = join(t.config.dataDir, 'flipped.json');
    writeFileSync(file, bytes);
    const target = await createDatabase('empty');
    const failed = await cli(['restore', file], { DATABASE_URL: target, DATA_DIR: t.config.dataDir }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('is damaged: its checksum does not match its content') });
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      expect((await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
  });
});
