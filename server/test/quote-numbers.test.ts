/**
 * Quote numbers with two server processes on one database, both creating at once: each number of
 * the year is used once, and they run from 0001 without a gap, also past a refused creation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/data-source.js';
import { Client, createDatabase } from './helpers.js';
import { buildForTest, cleanUp, freshDataDir, startServer, type Running } from './spawn-server.js';

const admin = { email: 'numbers@kafue.test', password: 'numbers password' };
let a: Running;
let b: Running;
let url = '';

beforeAll(async () => {
  const dist = await buildForTest();
  url = await createDatabase('migrated');
  const env = { DATABASE_URL: url, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
  [a, b] = await Promise.all([startServer(dist, freshDataDir(), env), startServer(dist, freshDataDir(), env)]);
});
afterAll(cleanUp);

describe('quote numbers across two processes', () => {
  it('40 drafts created at once through both processes: Q-YYYY-0001 to 0040, no gap, no duplicate', async () => {
    const onA = new Client(a.url);
    expect((await onA.signIn('admin', admin.email, admin.password)).status).toBe(200);
    const onB = new Client(b.url, onA.cookie);
    const database = await openDatabase(loadConfig({}), () => undefined, url);
    try {
      const [{ id: enquiryId }] = await database.dataSource.query<[{ id: string }]>(
        `INSERT INTO enquiries (full_name, email, message) VALUES ('Two Processes', 'two@kafue.test', 'Quotes, please.') RETURNING id`,
      );
      const body = {
        enquiryId,
        currency: 'ZMW',
        lines: [{ description: 'Support', quantity: 1, unitPrice: 900, period: 'month' }],
        validUntil: '2099-12-31',
      };
      const answers = await Promise.all(
        Array.from({ length: 41 }, (_, i) =>
          // One in the middle names no enquiry: refused (404) after nothing was numbered for it.
          (i % 2 ? onA : onB).post('/api/quotes', i === 20 ? { ...body, enquiryId: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b' } : body),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(40);
      expect(answers[20].status).toBe(404);
      const numbers = answers.filter((r) => r.status === 201).map((r) => r.body.quote.number as string);
      const year = numbers[0].slice(2, 6);
      expect([...numbers].sort()).toEqual(Array.from({ length: 40 }, (_, i) => `Q-${year}-${String(i + 1).padStart(4, '0')}`));
      const [{ last }] = await database.dataSource.query(`SELECT last FROM quote_counters WHERE year = $1`, [Number(year)]);
      expect(last).toBe(40);
    } finally {
      await database.close();
    }
  });
});
