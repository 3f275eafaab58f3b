/**
 * Restore from the console (POST /api/settings/backups/:id/restore, and the uploaded file at
 * /api/settings/backups/restore): the checksum checked before anything changes, an automatic
 * backup of the state it replaces, the data as the backup has it (the public pages too), every
 * other session ended, the audit row kept, and one restore at a time across two server processes.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { automaticBackupLabel } from '../src/backup/restore.js';
import { loadConfig, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/data-source.js';
import { openBytes, storedBytes, tablesIn } from './backups.js';
import { Client, createDatabase, sampleService, startTestServer, type Answer, type TestServer } from './helpers.js';
import { buildForTest, cleanUp, freshDataDir, startServer } from './spawn-server.js';

let t: TestServer;
let restorer: { client: Client; id: string };
beforeAll(async () => {
  t = await startTestServer({ configure: (c) => void (c.siteDir = resolve(repoRoot, 'site/dist')) });
  restorer = await t.admin('Super Admin');
});
afterAll(async () => {
  await t?.close();
  cleanUp();
});

const services = () => restorer.client.get(api.content('services'));

/** A new backup of the data as it is: its id and its file's bytes as downloaded. */
async function backupNow(): Promise<{ id: string; file: Buffer; createdAt: string }> {
  const made = await restorer.client.post(api.backup);
  expect(made.status).toBe(200);
  const { backups } = (await restorer.client.get(api.backups)).body;
  const response = await fetch(t.url + made.body.fileUrl, { headers: { cookie: `kafue_session=${restorer.client.cookie}` } });
  return { id: backups[0].id, file: Buffer.from(await response.arrayBuffer()), createdAt: backups[0].createdAt };
}

/** Sends the file's exact bytes, as the console does. */
async function upload(client: Client, file: Buffer): Promise<{ status: number; body: Answer['body']; text: string }> {
  const response = await fetch(t.url + api.backupRestoreUpload, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', cookie: `kafue_session=${client.cookie}` },
    body: new Uint8Array(file),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text };
}

/** A published service made through the API; answers its id. */
async function publishedService(title: string): Promise<string> {
  const answer = await restorer.client.post(api.content('services'), { ...sampleService, title, status: 'published' });
  expect(answer.status).toBe(201);
  return answer.body.item._id as string;
}

const backupCount = async () => (await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM backups`))[0].n;

/** The services page as a visitor gets it, once it satisfies `check` (publishing is asynchronous). */
async function servicesPage(check: (html: string) => boolean): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const html = (await t.client().get('/services', { 'accept-encoding': 'identity' })).text;
    if (check(html)) return html;
    if (Date.now() > until) throw new Error('/services never showed the change');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('restoring an uploaded backup file', () => {
  it('refuses a file changed by one byte, before touching anything: no automatic backup, data and sessions as they were', async () => {
    const { file } = await backupNow();
    const other = await t.admin('Editor');
    const serviceId = await publishedService('Kept Through A Refusal');
    const before = await backupCount();
    const damaged = Buffer.from(file);
    const at = damaged.indexOf('{"table":"staff_users"') + 30;
    damaged[at] = damaged[at] === 0x61 ? 0x62 : 0x61;

    const answer = await upload(restorer.client, damaged);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('The uploaded file is damaged: its checksum does not match its content (nothing was restored)');
    expect(await backupCount()).toBe(before);
    expect((await services()).body.some((s: { _id: string }) => s._id === serviceId)).toBe(true);
    expect((await other.client.get(api.adminCheckAuth)).status).toBe(200);

    const notABackup = await upload(restorer.client, Buffer.from('{"hello":"world"}'));
    expect(notABackup.status).toBe(400);
    expect(notABackup.body.message).toBe('The uploaded file is not a Kafue backup');
    expect(await backupCount()).toBe(before);
  });

  it('brings back a deleted service (on the public page too), after an automatic backup of the state it replaces', async () => {
    const serviceId = await publishedService('Brought Back By Restore');
    await servicesPage((html) => html.includes('Brought Back By Restore'));
    const { file, createdAt } = await backupNow();
    expect((await restorer.client.delete(api.contentItem('services', serviceId))).status).toBe(200);
    await servicesPage((html) => !html.includes('Brought Back By Restore'));
    const staffAfter = await restorer.client.post(api.staff, {
      name: 'Added After',
      email: 'added.after@kafue.test',
      role: 'Staff',
      status: 'Active',
    });
    expect(staffAfter.status).toBe(201);

    const answer = await upload(restorer.client, file);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({
      message: messages.backupRestored,
      restoredFrom: createdAt,
      automaticBackup: { name: expect.stringMatching(/^kafue-backup-/), fileUrl: expect.stringMatching(/^\/api\/settings\/backups\//) },
      stillSignedIn: true,
    });

    // The data is as the backup has it: the service back, the staff member added since gone.
    expect((await services()).body.some((s: { _id: string }) => s._id === serviceId)).toBe(true);
    expect((await restorer.client.get(api.staff)).body.some((s: { email: string }) => s.email === 'added.after@kafue.test')).toBe(false);
    await servicesPage((html) => html.includes('Brought Back By Restore'));

    // The automatic backup holds the state replaced: the service deleted, the staff member there; listed as such.
    const [automatic] = await t.db.query<{ made_by_label: string }[]>(`SELECT made_by_label FROM backups WHERE name = $1`, [
      answer.body.automaticBackup.name,
    ]);
    expect(automatic.made_by_label).toBe(automaticBackupLabel);
    const replaced = await tablesIn(await openBytes(await storedBytes(t.db, answer.body.automaticBackup.name), 'automatic'));
    expect(replaced.content_items.rows.some((r) => r.id === serviceId)).toBe(false);
    expect(replaced.staff_users.rows.some((r) => r.email === 'added.after@kafue.test')).toBe(true);
    const listed = (await restorer.client.get(api.backups)).body.backups as { name: string; madeBy: string }[];
    expect(listed.find((b) => b.name === answer.body.automaticBackup.name)?.madeBy).toBe('Automatic, before a restore');
  });
});

describe('restoring a kept backup', () => {
  it('ends every other session, admins and staff, and keeps the restorer signed in', async () => {
    const other = await t.admin('Super Admin');
    const staff = await t.staff();
    const { id } = await backupNow();
    expect((await other.client.get(api.adminCheckAuth)).status).toBe(200);

    const answer = await restorer.client.post(`${api.backupFile(id)}/restore`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.stillSignedIn).toBe(true);
    expect((await other.client.get(api.adminCheckAuth)).status).toBe(401);
    expect((await staff.client.get(api.staffMe)).status).toBe(401);
    expect((await restorer.client.get(api.adminCheckAuth)).status).toBe(200);
    const [{ n }] = await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM sessions`);
    expect(n).toBe(1);
  });

  it('ends the restorer’s session too when their account is not in the backup', async () => {
    const { id } = await backupNow();
    const newcomer = await t.admin('Super Admin');
    const answer = await newcomer.client.post(`${api.backupFile(id)}/restore`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.stillSignedIn).toBe(false);
    expect((await newcomer.client.get(api.adminCheckAuth)).status).toBe(401);
    expect((await t.db.query(`SELECT 1 FROM admins WHERE id = $1`, [newcomer.id])).length).toBe(0);
    // The other Super Admin's session ended like every other.
    expect((await restorer.client.get(api.adminCheckAuth)).status).toBe(401);
    restorer = await t.admin('Super Admin');
  });

  it('writes its audit row after the restore, and keeps the rows written since the backup', async () => {
    const { id } = await backupNow();
    const serviceId = await publishedService('Audited Then Restored');
    const answer = await restorer.client.post(`${api.backupFile(id)}/restore`);
    expect(answer.status).toBe(200);
    const rows = await t.db.query<{ action: string; actor_id: string; target_id: string; changes: Record<string, { new: string }> }[]>(
      `SELECT action, actor_id, target_id, changes FROM audit_log ORDER BY at DESC, id DESC LIMIT 2`,
    );
    expect(rows[0]).toMatchObject({ action: 'backup.restore', actor_id: restorer.id, target_id: id });
    expect(rows[0].changes.automaticBackup.new).toBe(answer.body.automaticBackup.name);
    expect(rows[1]).toMatchObject({ action: 'service.create', target_id: serviceId });
  });

  it('puts the enquiries back as the backup has them, with the inbox totals (kept by triggers) matching', async () => {
    const enquiry = (name: string) =>
      t.db.query(`INSERT INTO enquiries (full_name, email, message) VALUES ($1, 'sender@kafue.test', 'Please call me back.')`, [name]);
    await enquiry('Before The Backup');
    const { id } = await backupNow();
    await enquiry('After The Backup');
    await t.db.query(`UPDATE enquiries SET status = 'Closed' WHERE full_name = 'Before The Backup'`);
    expect((await restorer.client.post(`${api.backupFile(id)}/restore`)).status).toBe(200);
    const names = await t.db.query<{ full_name: string; status: string }[]>(`SELECT full_name, status FROM enquiries`);
    expect(names.map((e) => e.full_name)).toEqual(['Before The Backup']);
    expect(names[0].status).not.toBe('Closed');
    const [{ tallied, counted }] = await t.db.query<[{ tallied: number; counted: number }]>(
      `SELECT (SELECT coalesce(sum(n), 0)::int FROM kafue_derived.enquiry_tally) AS tallied, (SELECT count(*)::int FROM enquiries) AS counted`,
    );
    expect(tallied).toBe(counted);
  });

  it('answers 404 for a backup that does not exist, and refuses every role but Super Admin', async () => {
    expect((await restorer.client.post(`${api.backupFile('0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b')}/restore`)).status).toBe(404);
    const { id, file } = await backupNow();
    for (const role of ['Editor', 'Moderator'] as const) {
      const { client } = await t.admin(role);
      expect((await client.post(`${api.backupFile(id)}/restore`)).status).toBe(403);
      expect((await upload(client, file)).status).toBe(403);
    }
  });
});

describe('one restore at a time, across server processes', () => {
  it('two processes asked at once: one restores, the other answers 409 with a clear message', async () => {
    const dist = await buildForTest();
    const databaseUrl = await createDatabase('migrated');
    const env = { DATABASE_URL: databaseUrl, ADMIN_EMAIL: 'lock@kafue.test', ADMIN_PASSWORD: 'lock password long' };
    const [a, b] = await Promise.all([startServer(dist, freshDataDir(), env), startServer(dist, freshDataDir(), env)]);
    const onA = new Client(a.url);
    expect((await onA.signIn('admin', env.ADMIN_EMAIL, env.ADMIN_PASSWORD)).status).toBe(200);
    const onB = new Client(b.url, onA.cookie);
    expect((await onA.post(api.backup)).status).toBe(200);
    const { id } = (await onA.get(api.backups)).body.backups[0];

    // Holds A's restore in its transaction (waiting to delete the content), the lock taken.
    const database = await openDatabase(loadConfig({}), () => undefined, databaseUrl);
    const { dataSource } = database;
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`LOCK TABLE content_items IN SHARE MODE`);
      const first = onA.post(`${api.backupFile(id)}/restore`);
      for (let i = 0; ; i++) {
        const [{ held }] = await dataSource.query<[{ held: number }]>(
          `SELECT count(*)::int AS held FROM pg_locks WHERE locktype = 'advisory' AND granted`,
        );
        if (held > 0) break;
        if (i > 200) throw new Error('the first restore never took the lock');
        await new Promise((r) => setTimeout(r, 50));
      }
      const second = await onB.post(`${api.backupFile(id)}/restore`);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('A restore is already running. Wait until it has finished, then try again.');
      await holder.rollbackTransaction();
      expect((await first).status).toBe(200);
    } finally {
      await holder.release();
      await database.close();
    }
    // The lock is free again: the next restore goes through, on either process.
    expect((await onB.post(`${api.backupFile(id)}/restore`)).status).toBe(200);
  });
});
