/**
 * A backup with a media library of 300 MB (issue 23: backup and restore with media): made and kept
 * in the database as the console makes it, restored from there into an empty database, every
 * file and rendition byte for byte. (bench/backup.ts measures the memory it takes, at 500 MB.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { restoreBackup, storeBackup, storedSource } from '../src/backup/backup.js';
import { openBackup } from '../src/backup/file.js';
import { openDatabase } from '../src/db/data-source.js';
import { fillMediaLibrary, mediaDigests } from './backups.js';
import { createDatabase, startTestServer, type TestServer } from './helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  // 5 videos of 50 MB, 10 photographs of 5 MB with their renditions: about 304 MB.
  await fillMediaLibrary(t.db, { videos: 5, photos: 10 });
}, 300_000);
afterAll(() => t?.close());

it('backs up 300 MB of media and restores it byte for byte', async () => {
  const { id } = await storeBackup(t.db, { label: 'test' });
  const [{ size }] = await t.db.query<[{ size: string }]>(`SELECT size FROM backups WHERE id = $1`, [id]);
  // The media in base64 (4/3), the rest small.
  expect(Number(size)).toBeGreaterThan((300 * 1024 * 1024 * 4) / 3);
  const target = await openDatabase(t.config, () => undefined, await createDatabase('migrated'));
  try {
    await restoreBackup(target.dataSource, await openBackup(await storedSource(t.db, id), 'The backup'));
    const restored = await mediaDigests(target.dataSource);
    expect(restored.length).toBe(5 + 10 * 4);
    expect(restored).toEqual(await mediaDigests(t.db));
  } finally {
    await target.close();
  }
}, 600_000);
