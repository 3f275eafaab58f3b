/**
 * Scheduled content changes with the clock injected: what the calls accept and refuse, the list
 * of what is coming (with who scheduled it), a change applied at its time and not a moment before,
 * once however many passes or schedulers run, as the scheduler (revision and audit row), cancelled,
 * and one whose time passed while no process ran, applied at the next start and said to be late.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { scheduleMessages } from '@kafue/common/schemas';
import { applyDueChanges } from '../src/content/schedule.js';
import { notifyContentChanged } from '../src/content/published.js';
import { ContentScheduler } from '../src/content/scheduler.js';
import { sampleService, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;
let editorName: string;
const schedule = '/api/content/schedule';
const scheduleOf = (id: string) => `${api.contentItem('services', id)}/schedule`;
const quiet = pino({ level: 'silent' });

beforeAll(async () => {
  t = await startTestServer();
  const e = await t.admin('Editor');
  editor = e.client;
  [{ name: editorName }] = await t.db.query<[{ name: string }]>(`SELECT name FROM admins WHERE id = $1`, [e.id]);
});
afterAll(() => t?.close());

/** A new published service; answers it as the API does. */
async function service(title: string) {
  const created = await editor.post(api.content('services'), { ...sampleService, title, status: 'published' });
  expect(created.status).toBe(201);
  return created.body.item as typeof sampleService & { _id: string; status: string; updatedAt: string; position: number };
}

/** The body a PUT would send for the item, with `changes` over it. */
const bodyOf = (item: Record<string, unknown>, changes: Record<string, unknown>) => {
  const { _id: _omitId, updatedAt: _omitUpdated, draft: _omitDraft, ...rest } = item;
  return { ...rest, ...changes };
};

const read = async (id: string) =>
  (
    await t.db.query<[{ status: string; fields: Record<string, unknown> }]>(`SELECT status, fields FROM content_items WHERE id = $1`, [id])
  )[0];
const revisions = (id: string) =>
  t.db.query<{ author_name: string; author_id: string | null }[]>(
    `SELECT author_name, author_id FROM content_revisions WHERE item_id = $1 ORDER BY created_at, id`,
    [id],
  );
const auditOf = (id: string) =>
  t.db.query<{ action: string; actor_kind: string; actor_name: string; changes: Record<string, { old?: unknown; new?: unknown }> }[]>(
    `SELECT action, actor_kind, actor_name, changes FROM audit_log WHERE target_id = $1 ORDER BY at, id`,
    [id],
  );

const at = (iso: string) => new Date(iso);

describe('POST /api/content/{collection}/{id}/schedule', () => {
  it('refuses a time past or more than a year ahead, fields with publish, none with apply, invalid or unchanged fields', async () => {
    const item = await service('Refusals');
    t.clock.at = Date.parse('2026-12-01T10:00:00Z');
    try {
      const cases: [Record<string, unknown>, string, unknown][] = [
        [{ at: '2026-12-01T09:59:59Z', action: 'publish' }, 'at', scheduleMessages.atInPast],
        [{ at: '2028-01-01T00:00:00Z', action: 'publish' }, 'at', scheduleMessages.atTooFar],
        [{ at: 'tomorrow', action: 'publish' }, 'at', 'Use an ISO 8601 time.'],
        [{ at: '2026-12-02T00:00:00Z', action: 'delete' }, 'action', expect.any(String)],
        [{ at: '2026-12-02T00:00:00Z', action: 'unpublish', item: bodyOf(item, {}) }, 'item', scheduleMessages.itemNotAllowed],
        [{ at: '2026-12-02T00:00:00Z', action: 'apply' }, 'item', scheduleMessages.itemRequired],
        [{ at: '2026-12-02T00:00:00Z', action: 'apply', item: bodyOf(item, { price: '' }) }, 'item.price', 'Required.'],
        [{ at: '2026-12-02T00:00:00Z', action: 'apply', item: bodyOf(item, {}) }, 'item', scheduleMessages.nothingToApply],
      ];
      for (const [body, field, message] of cases) {
        const answer = await editor.post(scheduleOf(item._id), body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.errors[field], JSON.stringify(body)).toEqual(message);
      }
      expect(
        (await editor.post(`${api.contentItem('faqs', item._id)}/schedule`, { at: '2026-12-02T00:00:00Z', action: 'publish' })).status,
      ).toBe(404);
      expect(
        (await editor.post(`${api.contentItem('nothing', item._id)}/schedule`, { at: '2026-12-02T00:00:00Z', action: 'publish' })).status,
      ).toBe(404);
      expect((await t.db.query(`SELECT 1 FROM content_schedule WHERE item_id = $1`, [item._id])).length).toBe(0);
    } finally {
      t.clock.at = undefined;
    }
  });
});

describe('a price scheduled for midnight', () => {
  it("stays as today's until its time, then goes live once, as the scheduler, with who scheduled it", async () => {
    const item = await service('Midnight Prices');
    t.clock.at = Date.parse('2026-11-30T15:00:00Z');
    const set = await editor.post(scheduleOf(item._id), {
      at: '2026-12-01T00:00:00+02:00',
      action: 'apply',
      item: bodyOf(item, { price: '$59/mo', features: ['Monthly updates', 'Daily backups', 'Uptime checks'] }),
    });
    t.clock.at = undefined;
    expect(set.status).toBe(201);
    expect(set.body.message).toBe(scheduleMessages.created);
    expect(set.body.change).toMatchObject({
      collection: 'services',
      item: { _id: item._id, label: 'Midnight Prices' },
      at: '2026-11-30T22:00:00.000Z',
      action: 'apply',
      // Only what differs from the item now: its other fields stay as they are at that time.
      fields: { price: '$59/mo', features: ['Monthly updates', 'Daily backups', 'Uptime checks'] },
      author: { name: editorName },
      failure: null,
    });
    const listed = await (await t.admin('Moderator')).client.get(schedule);
    expect(listed.status).toBe(200);
    expect(listed.body.find((c: { _id: string }) => c._id === set.body.change._id)).toEqual(set.body.change);
    expect((await editor.get(`${schedule}?item=${item._id}`)).body).toEqual([set.body.change]);

    // Meanwhile its description is edited: the change will not take that back.
    const edited = await editor.put(api.contentItem('services', item._id), bodyOf(item, { description: 'Edited meanwhile.' }));
    expect(edited.status).toBe(200);

    expect(await applyDueChanges(t.db, at('2026-11-30T21:59:59.999Z'))).toBe(0);
    expect((await read(item._id)).fields.price).toBe('$49/mo');
    expect(await applyDueChanges(t.db, at('2026-11-30T22:00:00.000Z'))).toBe(1);
    const now = await read(item._id);
    expect(now.fields).toMatchObject({ price: '$59/mo', description: 'Edited meanwhile.', title: 'Midnight Prices' });
    expect(now.fields.features).toHaveLength(3);
    expect(now.status).toBe('published');
    // Once: later passes find nothing, and it is no longer listed as coming.
    expect(await applyDueChanges(t.db, at('2026-12-01T08:00:00Z'))).toBe(0);
    expect((await editor.get(`${schedule}?item=${item._id}`)).body).toEqual([]);

    const history = await revisions(item._id);
    expect(history.map((r) => r.author_name)).toEqual([expect.any(String), expect.any(String), `${editorName} (scheduled)`]);
    const log = await auditOf(item._id);
    expect(log.map((r) => r.action)).toEqual(['service.create', 'service.schedule', 'service.update', 'service.update']);
    expect(log[1].changes).toMatchObject({ scheduledFor: { new: '2026-11-30T22:00:00.000Z' }, scheduledAction: { new: 'apply' } });
    expect(log[3]).toMatchObject({ actor_kind: 'system', actor_name: 'scheduler' });
    expect(log[3].changes.price).toEqual({ old: '$49/mo', new: '$59/mo' });
    expect(log[3].changes.description).toBeUndefined();
    // On time: nothing says late.
    expect(log[3].changes.schedule.new).toEqual({ _id: set.body.change._id, at: '2026-11-30T22:00:00.000Z', by: editorName });
  });

  it('publish and unpublish change the status alone, as publish and unpublish in the log', async () => {
    const item = await service('Seasonal Offer');
    t.clock.at = Date.parse('2026-12-10T08:00:00Z');
    const off = await editor.post(scheduleOf(item._id), { at: '2026-12-10T09:00:00Z', action: 'unpublish' });
    const on = await editor.post(scheduleOf(item._id), { at: '2026-12-10T10:00:00Z', action: 'publish' });
    t.clock.at = undefined;
    expect([off.status, on.status]).toEqual([201, 201]);
    expect(await applyDueChanges(t.db, at('2026-12-10T09:00:00Z'))).toBe(1);
    expect((await read(item._id)).status).toBe('draft');
    expect(await applyDueChanges(t.db, at('2026-12-10T10:00:00Z'))).toBe(1);
    expect(await read(item._id)).toMatchObject({ status: 'published', fields: { price: '$49/mo' } });
    expect((await auditOf(item._id)).slice(-2).map((r) => [r.action, r.actor_name])).toEqual([
      ['service.unpublish', 'scheduler'],
      ['service.publish', 'scheduler'],
    ]);
  });
});

describe('DELETE /api/content/schedule/{id}', () => {
  it('cancels a change to come: it never goes live; a second cancel, or one of a change applied, is 404', async () => {
    const item = await service('Cancelled Price');
    t.clock.at = Date.parse('2026-12-20T08:00:00Z');
    const set = await editor.post(scheduleOf(item._id), {
      at: '2026-12-20T09:00:00Z',
      action: 'apply',
      item: bodyOf(item, { price: '$1' }),
    });
    t.clock.at = undefined;
    const id = set.body.change._id;
    const cancelled = await editor.delete(`${schedule}/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(scheduleMessages.cancelled);
    expect((await editor.get(`${schedule}?item=${item._id}`)).body).toEqual([]);
    expect(await applyDueChanges(t.db, at('2026-12-20T09:00:00Z'))).toBe(0);
    expect((await read(item._id)).fields.price).toBe('$49/mo');
    expect((await editor.delete(`${schedule}/${id}`)).status).toBe(404);
    const log = await auditOf(item._id);
    expect(log.slice(-2).map((r) => r.action)).toEqual(['service.schedule', 'service.schedule_cancel']);
    expect(log[log.length - 1].changes.price).toEqual({ old: '$1' });
  });
});

describe('the scheduler of each process', () => {
  it('two passes at once (two processes at its time) apply a change once', async () => {
    const item = await service('Raced Price');
    t.clock.at = Date.parse('2027-01-01T08:00:00Z');
    await editor.post(scheduleOf(item._id), { at: '2027-01-01T09:00:00Z', action: 'apply', item: bodyOf(item, { price: '$2' }) });
    t.clock.at = undefined;
    const counts = await Promise.all(Array.from({ length: 4 }, () => applyDueChanges(t.db, at('2027-01-01T09:00:00Z'))));
    expect(counts.reduce((a, b) => a + b)).toBe(1);
    expect((await revisions(item._id)).filter((r) => r.author_name.endsWith('(scheduled)'))).toHaveLength(1);
  });

  it('two schedulers on the real clock: a change set a moment ahead goes live within a second of its time, once', async () => {
    const item = await service('Timer Price');
    const schedulers = await Promise.all([
      ContentScheduler.open({ db: t.db, logger: quiet }),
      ContentScheduler.open({ db: t.db, logger: quiet }),
    ]);
    try {
      // Set after the schedulers sleep: the notification wakes them to it.
      const due = new Date(Date.now() + 800);
      expect(
        (await editor.post(scheduleOf(item._id), { at: due.toISOString(), action: 'apply', item: bodyOf(item, { price: '$3' }) })).status,
      ).toBe(201);
      await expect.poll(async () => (await read(item._id)).fields.price, { timeout: 3_000, interval: 50 }).toBe('$3');
      const [{ applied_at }] = await t.db.query<[{ applied_at: Date }]>(`SELECT applied_at FROM content_schedule WHERE item_id = $1`, [
        item._id,
      ]);
      expect(applied_at.getTime() - due.getTime()).toBeGreaterThanOrEqual(0);
      expect(applied_at.getTime() - due.getTime()).toBeLessThan(1_000);
      await new Promise((r) => setTimeout(r, 300));
      expect((await revisions(item._id)).filter((r) => r.author_name.endsWith('(scheduled)'))).toHaveLength(1);
    } finally {
      await Promise.all(schedulers.map((s) => s.close()));
    }
  });

  it('a restore (everything changed) wakes the schedulers to the changes it brought back', async () => {
    const item = await service('Restored Price');
    const scheduler = await ContentScheduler.open({ db: t.db, logger: quiet });
    try {
      // As a restore loads it: a row written without the schedule's own notification.
      const due = new Date(Date.now() + 600);
      await t.db.query(
        `INSERT INTO content_schedule (item_id, action, fields, due_at, author_name) VALUES ($1, 'apply', '{"price":"$5"}', $2, 'Restored')`,
        [item._id, due],
      );
      await t.db.transaction((m) => notifyContentChanged(m, '*'));
      await expect.poll(async () => (await read(item._id)).fields.price, { timeout: 3_000, interval: 50 }).toBe('$5');
    } finally {
      await scheduler.close();
    }
  });

  it('a change due while no process ran goes live when one starts, and the audit log says it was late, at start', async () => {
    const item = await service('Missed Price');
    t.clock.at = Date.parse('2027-02-01T08:00:00Z');
    await editor.post(scheduleOf(item._id), { at: '2027-02-01T09:00:00Z', action: 'apply', item: bodyOf(item, { price: '$4' }) });
    t.clock.at = undefined;
    // The process starts at 09:07, seven minutes after the change's time.
    const scheduler = await ContentScheduler.open({ db: t.db, logger: quiet, now: () => at('2027-02-01T09:07:00Z') });
    await scheduler.close();
    expect((await read(item._id)).fields.price).toBe('$4');
    const log = await auditOf(item._id);
    expect(log[log.length - 1].changes.schedule.new).toMatchObject({ at: '2027-02-01T09:00:00.000Z', lateSeconds: 420, atStart: true });
  });

  it('a change that is no longer valid at its time is not applied: it stays listed with the reason', async () => {
    const created = await editor.post(api.content('insights'), {
      title: 'Covered Article',
      category: 'Web',
      description: 'An article.',
      date: '2026-11-01',
      author: 'Mary',
      body: 'Text.',
      status: 'published',
    });
    const article = created.body.item;
    t.clock.at = Date.parse('2027-03-01T08:00:00Z');
    const set = await editor.post(`${api.contentItem('insights', article._id)}/schedule`, {
      at: '2027-03-01T09:00:00Z',
      action: 'apply',
      item: bodyOf(article, { cover: '/cover.jpg', coverAlt: 'A cover' }),
    });
    t.clock.at = undefined;
    expect(set.status).toBe(201);
    // The alt text is taken off the change's fields in the table (as if the rule had changed since).
    await t.db.query(`UPDATE content_schedule SET fields = fields - 'coverAlt' WHERE id = $1`, [set.body.change._id]);
    expect(await applyDueChanges(t.db, at('2027-03-01T09:00:00Z'))).toBe(0);
    expect((await read(article._id)).fields.cover).toBeUndefined();
    const [listed] = (await editor.get(`${schedule}?item=${article._id}`)).body;
    expect(listed.failure).toContain('Describe the cover image');
    // Not tried again; cancelling takes it off the list.
    expect(await applyDueChanges(t.db, at('2027-03-01T10:00:00Z'))).toBe(0);
    expect((await editor.delete(`${schedule}/${listed._id}`)).status).toBe(200);
  });
});
