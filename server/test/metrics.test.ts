/** /metrics: absent without METRICS_TOKEN, bearer-only with it, and what it counts. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { repoRoot } from '../src/config.js';
import { password, startTestServer, type Client, type TestServer } from './helpers.js';

const token = 'metrics-token-for-tests';
const missingId = '6f1c2b9a-1d2e-4f3a-9b8c-7d6e5f4a3b2c';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments and blank lines left out). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The one sample of `name` whose labels include `labels`; 0 when there is none (a counter not yet counted). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe('without METRICS_TOKEN', () => {
  let t: TestServer;
  const site = mkdtempSync(join(tmpdir(), 'kafue-metrics-site-'));
  beforeAll(async () => {
    writeFileSync(join(site, '404.html'), '<h1>Not here</h1>');
    t = await startTestServer({ configure: (c) => (c.siteDir = site) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('there is no /metrics: the site answers 404 as for any unknown path, token or not', async () => {
    const tokenOrNot: Record<string, string>[] = [{}, { authorization: `Bearer ${token}` }];
    for (const headers of tokenOrNot) {
      const answer = await t.client().get('/metrics', headers);
      expect(answer.status).toBe(404);
      expect(answer.text).toBe('<h1>Not here</h1>');
    }
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestServer;
  let admin: Client;
  beforeAll(async () => {
    t = await startTestServer({
      configure: (c) => {
        c.metricsToken = token;
        c.limits.failuresPerAccount = 2;
      },
    });
    admin = (await t.admin('Super Admin')).client;
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const answer = await t.client().get('/metrics', { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    return parse(answer.text);
  };
  const requests = (samples: Sample[], labels: Record<string, string>) =>
    valueOf(samples, 'kafue_http_request_duration_seconds_count', labels);
  const refusals = (samples: Sample[], kind: string, reason: string) => valueOf(samples, 'kafue_signin_refusals_total', { kind, reason });

  it('refuses a missing, wrong or other-scheme token with 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, `Basic ${token}`]) {
      const answer = await t.client().get('/metrics', authorization ? { authorization } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.text).not.toContain('kafue_');
    }
    expect((await t.client().post('/metrics', {}, { authorization: `Bearer ${token}` })).status).toBe(405);
  });

  it('answers the token with the Prometheus text format, process metrics included', async () => {
    const answer = await t.client().get('/metrics', { authorization: `bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const samples = parse(answer.text);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('times requests by route pattern and status, never by raw path', async () => {
    const before = await scrape();
    expect((await admin.get(api.staff)).status).toBe(200);
    expect((await admin.get(api.staff)).status).toBe(200);
    expect((await admin.delete(api.staffById(missingId))).status).toBe(404);
    expect((await admin.put(api.staffById('not-a-uuid'), { name: 'X' })).status).toBe(404);
    expect((await admin.get('/api/no-such-call')).status).toBe(404);
    expect((await admin.get(`/${missingId}`)).status).toBe(503); // no site built in tests
    const after = await scrape();

    const delta = (labels: Record<string, string>) => requests(after, labels) - requests(before, labels);
    expect(delta({ method: 'GET', route: '/api/staff', status: '200' })).toBe(2);
    expect(delta({ method: 'DELETE', route: '/api/staff/:id', status: '404' })).toBe(1);
    expect(delta({ method: 'PUT', route: '/api/staff/:id', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(delta({ method: 'GET', route: 'static', status: '503' })).toBe(1);
    // The scrape before this one, and the refused ones of the first test.
    expect(requests(after, { method: 'GET', route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(requests(after, { method: 'GET', route: '/metrics', status: '401' })).toBe(4);

    const routes = new Set(after.filter((s) => s.name.startsWith('kafue_http_')).map((s) => s.labels.route));
    expect([...routes].filter((r) => r.includes(missingId) || r.includes('not-a-uuid'))).toEqual([]);
    // Each request lands in one bucket: the +Inf bucket counts them all, and the sum is their time.
    const staffList = { method: 'GET', route: '/api/staff', status: '200' };
    expect(valueOf(after, 'kafue_http_request_duration_seconds_bucket', { ...staffList, le: '+Inf' })).toBe(requests(after, staffList));
    expect(valueOf(after, 'kafue_http_request_duration_seconds_sum', staffList)).toBeGreaterThan(0);
  });

  it('shows the database pool', async () => {
    const samples = await scrape();
    const open = valueOf(samples, 'kafue_db_pool_connections');
    expect(valueOf(samples, 'kafue_db_pool_max_connections')).toBe(10);
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open).toBeLessThanOrEqual(10);
    expect(valueOf(samples, 'kafue_db_pool_idle_connections')).toBeLessThanOrEqual(open);
    expect(valueOf(samples, 'kafue_db_pool_waiting_queries')).toBe(0);
  });

  it('shows the mail queue: its length and the age of its oldest mail', async () => {
    await t.db.query(`DELETE FROM mail_queue`);
    let samples = await scrape();
    expect(valueOf(samples, 'kafue_mail_queue_length')).toBe(0);
    expect(valueOf(samples, 'kafue_mail_queue_oldest_age_seconds')).toBe(0);
    await t.db.query(
      `INSERT INTO mail_queue (to_address, subject, body, created_at)
       VALUES ('a@kafue.test', 's', 'b', now() - interval '90 seconds'), ('b@kafue.test', 's', 'b', now())`,
    );
    samples = await scrape();
    expect(valueOf(samples, 'kafue_mail_queue_length')).toBe(2);
    expect(valueOf(samples, 'kafue_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(valueOf(samples, 'kafue_mail_queue_oldest_age_seconds')).toBeLessThan(120);
    await t.db.query(`DELETE FROM mail_queue`);
  });

  it('counts refused sign-ins by kind and reason', async () => {
    const before = await scrape();
    const { email } = await t.admin('Editor');
    expect((await t.client().signIn('admin', email, 'wrong password')).status).toBe(401);
    expect((await t.client().signIn('admin', email, 'wrong again')).status).toBe(401);
    expect((await t.client().signIn('admin', email, password)).status).toBe(429);
    const inactive = await t.staff({ status: 'Inactive' });
    const suspended = await t.staff({ status: 'Suspended' });
    expect((await t.client().signIn('staff', inactive.email)).status).toBe(403);
    expect((await t.client().signIn('staff', suspended.email)).status).toBe(403);
    expect((await t.client().signIn('staff', suspended.email, 'wrong password')).status).toBe(401);
    const after = await scrape();

    const delta = (kind: string, reason: string) => refusals(after, kind, reason) - refusals(before, kind, reason);
    expect(delta('admin', 'wrong_credentials')).toBe(2);
    expect(delta('admin', 'limited')).toBe(1);
    expect(delta('staff', 'inactive')).toBe(1);
    expect(delta('staff', 'suspended')).toBe(1);
    expect(delta('staff', 'wrong_credentials')).toBe(1);
    expect(delta('staff', 'limited')).toBe(0);
  });
});

describe('publishing the site, with METRICS_TOKEN', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      configure: (c) => {
        c.metricsToken = token;
        c.siteDir = resolve(repoRoot, 'site/dist');
      },
    });
  });
  afterAll(() => t?.close());

  it('counts every publish and its duration', async () => {
    const scrape = async () => parse((await t.client().get('/metrics', { authorization: `Bearer ${token}` })).text);
    const before = await scrape();
    // The first render, at start, is a publish too.
    expect(valueOf(before, 'kafue_site_publish_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    const editor = (await t.admin('Editor')).client;
    const [faq] = (await editor.get(api.content('faqs'))).body;
    await editor.put(api.contentItem('faqs', faq._id), { page: faq.page, question: faq.question, answer: 'Changed for the metric.' });
    for (let i = 0; i < 200 && !(await t.client().get('/services')).text.includes('Changed for the metric.'); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await t.site.settled();
    const after = await scrape();
    expect(valueOf(after, 'kafue_site_publish_duration_seconds_count')).toBe(
      valueOf(before, 'kafue_site_publish_duration_seconds_count') + 1,
    );
    expect(valueOf(after, 'kafue_site_publish_duration_seconds_sum')).toBeGreaterThan(
      valueOf(before, 'kafue_site_publish_duration_seconds_sum'),
    );
  });
});
