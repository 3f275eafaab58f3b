/**
 * Several server processes on one database (DATABASE_URL): they start together without colliding.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrations, openDatabase } from '../src/db/data-source.js';
import { createDatabase } from './helpers.js';

const names = migrations.map((m) => new m().name);

describe('migrations', () => {
  it('several connections migrating one fresh database at once (processes starting together): each migration applied once', async () => {
    const url = await createDatabase();
    const applied: string[] = [];
    const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase(loadConfig({}), (line) => applied.push(line), url)));
    try {
      expect(applied).toEqual(names.map((name) => `Migration applied: ${name}`));
      const rows: { name: string }[] = await opened[0].dataSource.query(`SELECT name FROM migrations ORDER BY id`);
      expect(rows.map((r) => r.name)).toEqual(names);
    } finally {
      await Promise.all(opened.map((db) => db.close()));
    }
  });
});
