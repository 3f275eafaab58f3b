/**
 * The content API: the seeded collections, every call, who may make it, validation,
 * revisions (newest first) and restore (a new revision, history kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { seedContent } from '@kafue/common/content-seed';
import { categoryKeys, contentCollections } from '@kafue/common/vocabulary';
import { restoreBackup } from '../src/backup/backup.js';
import { backupOf, tablesIn } from './backups.js';
import { sampleService as newService, startTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;
let editorId: string;
let superAdmin: Client;
let moderator: Client;
let staff: Client;
let anonymous: Client;
const missing = '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b';

beforeAll(async () => {
  t = await startTestServer();
  const e = await t.admin('Editor');
  editor = e.client;
  editorId = e.id;
  superAdmin = (await t.admin('Super Admin')).client;
  moderator = (await t.admin('Moderator')).client;
  staff = (await t.staff()).client;
  anonymous = t.client();
});
afterAll(() => t?.close());

/** The item's fields, without the API's _id, status, position, updatedAt and draft. */
const fieldsOf = ({ _id: _i, status: _s, position: _p, updatedAt: _u, draft: _d, ...fields }: Record<string, unknown>) => fields;

describe('the seeded content (migration 1764000000000-Content)', () => {
  it("holds every collection of today's site word for word, published, in the site's order", async () => {
    for (const collection of contentCollections) {
      const list = await moderator.get(api.content(collection));
      expect(list.status).toBe(200);
      expect(list.body.map(fieldsOf), collection).toEqual(seedContent[collection]);
      expect(list.body.every((i: { status: string }) => i.status === 'published')).toBe(true);
    }
  });

  it('lists services by category order, then position within the category', async () => {
    const list = (await editor.get(api.content('services'))).body as { category: string; position: number }[];
    const order = list.map((s) => [categoryKeys.indexOf(s.category as 'Web'), s.position]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    expect(list.filter((s) => s.category === 'Web').map((s) => s.position)).toEqual([0, 1, 2]);
  });

  it("answers the dashboard's count of published services per category", async () => {
    const rows = await t.db.query<{ category: string; n: number }[]>(
      `SELECT fields->>'category' AS category, count(*)::int AS n FROM content_items
        WHERE collection = 'services' AND status = 'published' GROUP BY 1 ORDER BY 1`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.category, r.n]))).toEqual({
      CCTV: 3,
      Design: 2,
      Digital: 3,
      Growth: 2,
      IT: 3,
      Security: 2,
      Web: 3,
    });
  });

  it('gives every seeded item one revision, by the initial content', async () => {
    const [first] = (await moderator.get(api.content('faqs'))).body;
    const revisions = await moderator.get(api.contentRevisions('faqs', first._id));
    expect(revisions.status).toBe(200);
    expect(revisions.body).toHaveLength(1);
    expect(revisions.body[0].author).toEqual({ _id: null, name: 'Initial content' });
    expect(fieldsOf(revisions.body[0].item)).toEqual(seedContent.faqs[0]);
  });
});

describe('who may call', () => {
  it('refuses anonymous callers (401) and staff (403) on every call', async () => {
    const [item] = (await editor.get(api.content('services'))).body;
    const [revision] = (await editor.get(api.contentRevisions('services', item._id))).body;
    const calls = (c: Client) => [
      c.get(api.content('services')),
      c.post(api.content('services'), newService),
      c.put(api.contentItem('services', item._id), newService),
      c.delete(api.contentItem('services', item._id)),
      c.get(api.contentRevisions('services', item._id)),
      c.post(api.contentRestore('services', item._id, revision._id)),
      c.get(api.siteStatus),
    ];
    for (const answer of await Promise.all(calls(anonymous))) {
      expect(answer).toMatchObject({ status: 401, body: { message: messages.notSignedIn } });
    }
    for (const answer of await Promise.all(calls(staff))) {
      expect(answer).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    }
    // Nothing changed.
    expect((await editor.get(api.content('services'))).body).toHaveLength(18);
  });

  it('lets any admin read, and only Editors and Super Admins write', async () => {
    const [item] = (await editor.get(api.content('testimonials'))).body;
    const [revision] = (await editor.get(api.contentRevisions('testimonials', item._id))).body;
    expect((await moderator.get(api.content('testimonials'))).status).toBe(200);
    expect((await moderator.get(api.contentRevisions('testimonials', item._id))).status).toBe(200);
    expect((await moderator.get(api.siteStatus)).status).toBe(200);
    const body = fieldsOf(item);
    for (const answer of [
      await moderator.post(api.content('testimonials'), body),
      await moderator.put(api.contentItem('testimonials', item._id), body),
      await moderator.delete(api.contentItem('testimonials', item._id)),
      await moderator.post(api.contentRestore('testimonials', item._id, revision._id)),
    ]) {
      expect(answer).toMatchObject({ status: 403, body: { message: messages.forbidden } });
    }
    const added = await superAdmin.post(api.content('testimonials'), { ...body, name: 'Mutale Tembo' });
    expect(added).toMatchObject({ status: 201, body: { message: messages.contentSaved, item: { name: 'Mutale Tembo', status: 'draft' } } });
    expect((await superAdmin.delete(api.contentItem('testimonials', added.body.item._id))).body).toEqual({
      message: messages.contentDeleted,
    });
  });
});

describe('POST /api/content/{collection}', () => {
  it('adds a draft service after the last of its category (Service added)', async () => {
    const added = await editor.post(api.content('services'), newService);
    expect(added.status).toBe(201);
    expect(added.body.message).toBe('Service added');
    expect(added.body.item).toMatchObject({ ...newService, status: 'draft', position: 3 });
    expect(added.body.item._id).toMatch(/^[0-9a-f-]{36}$/);
    const list = (await editor.get(api.content('services'))).body as { _id: string; category: string }[];
    // Listed with its category (the fourth of Web), before Digital's.
    expect(list.findIndex((s) => s._id === added.body.item._id)).toBe(3);
    await editor.delete(api.contentItem('services', added.body.item._id));
  });

  it('publishes at once when the body says so, and keeps a given position', async () => {
    const added = await editor.post(api.content('insights'), {
      category: 'Cloud',
      title: 'Moving to the cloud',
      description: 'What to move first.',
      date: '2026-11-20',
      author: 'Kafue Technologies',
      body: 'Start with email.',
      status: 'published',
      position: 0,
    });
    expect(added.body).toMatchObject({ message: 'Saved', item: { status: 'published', position: 0 } });
    await editor.delete(api.contentItem('insights', added.body.item._id));
  });

  it('refuses bad fields with 400 and one message per field', async () => {
    const bad = await editor.post(api.content('services'), {
      category: 'Gardening',
      title: 'x'.repeat(101),
      price: '$'.repeat(31),
      description: 'd'.repeat(501),
      features: Array.from({ length: 9 }, () => 'f'),
      details: 'm'.repeat(4001),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.invalidInput);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'description', 'details', 'features', 'price', 'title']);
    const long = await editor.post(api.content('services'), { ...newService, features: ['f'.repeat(121)], title: ' ' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toMatchObject({ 'features.0': expect.any(String), title: 'Required.' });
    const missingFields = await editor.post(api.content('testimonials'), { rating: 6 });
    expect(Object.keys(missingFields.body.errors).sort()).toEqual(['avatarInitial', 'company', 'name', 'quote', 'rating', 'title']);
    const status = await editor.post(api.content('faqs'), { page: 'home', question: 'Q?', answer: 'A.', status: 'live' });
    expect(Object.keys(status.body.errors).sort()).toEqual(['page', 'status']);
    const article = await editor.post(api.content('insights'), {
      slug: 'Not a slug',
      category: 'c',
      title: 't',
      description: 'd',
      date: '2026-13-01',
      author: 'A',
      body: 'B',
      cover: 'javascript:alert(1)',
    });
    expect(Object.keys(article.body.errors).sort()).toEqual(['cover', 'coverAlt', 'date', 'slug']);
    expect((await editor.get(api.content('services'))).body).toHaveLength(18);
  });

  it('answers 404 for an unknown collection', async () => {
    expect((await editor.post(api.content('pages'), newService)).status).toBe(404);
    expect((await editor.get(api.content('pages'))).status).toBe(404);
    expect((await editor.get(api.content('__proto__'))).status).toBe(404);
  });
});

describe('PUT and DELETE /api/content/{collection}/{id}', () => {
  it('changes fields, status and position (Service updated), keeping what the body leaves out', async () => {
    const { item } = (await editor.post(api.content('services'), newService)).body;
    const renamed = await editor.put(api.contentItem('services', item._id), { ...newService, title: 'Website Care' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { message: 'Service updated', item: { title: 'Website Care', status: 'draft', position: 3 } },
    });
    const published = await editor.put(api.contentItem('services', item._id), { ...newService, status: 'published', position: 7 });
    expect(published.body.item).toMatchObject({ status: 'published', position: 7, title: newService.title });
    // Moved to another category: after that category's last service.
    const moved = await editor.put(api.contentItem('services', item._id), { ...newService, category: 'Design' });
    expect(moved.body.item).toMatchObject({ category: 'Design', position: 2, status: 'published' });
    expect(new Date(moved.body.item.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(item.updatedAt).getTime());

    const deleted = await editor.delete(api.contentItem('services', item._id));
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Service deleted' } });
    expect((await editor.delete(api.contentItem('services', item._id))).status).toBe(404);
    expect((await editor.put(api.contentItem('services', item._id), newService)).status).toBe(404);
    expect((await editor.get(api.contentRevisions('services', item._id))).status).toBe(404);
  });

  it('answers 404 for an id of another collection, an unknown id or no id at all', async () => {
    const [plan] = (await editor.get(api.content('plans'))).body;
    expect((await editor.put(api.contentItem('services', plan._id), newService)).status).toBe(404);
    expect((await editor.delete(api.contentItem('addons', plan._id))).status).toBe(404);
    expect((await editor.put(api.contentItem('services', missing), newService)).status).toBe(404);
    expect((await editor.delete(api.contentItem('services', 'not-an-id'))).status).toBe(404);
    expect((await editor.get(api.content('plans'))).body).toHaveLength(3);
  });

  it('validates the body of a change as that of a new item', async () => {
    const [plan] = (await editor.get(api.content('plans'))).body;
    const bad = await editor.put(api.contentItem('plans', plan._id), { ...fieldsOf(plan), name: '', position: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'position']);
  });
});

describe('PUT /api/content/{collection}/order', () => {
  type Listed = { _id: string; status: string; position: number; category?: string; question?: string };
  const idsOf = (list: Listed[]) => list.map((i) => i._id);
  const revisionCount = async (id: string) => (await editor.get(api.contentRevisions('faqs', id))).body.length as number;
  const reorderRows = () =>
    t.db.query<{ target_label: string; changes: Record<string, unknown> }[]>(
      `SELECT target_label, changes FROM audit_log WHERE action = 'faq.reorder'`,
    );

  it('gives the items the order of the ids in one change: one revision per moved item, one audit row, the new list', async () => {
    const before = (await editor.get(api.content('faqs'))).body as Listed[];
    const draft = (
      await editor.post(api.content('faqs'), { page: 'services', question: 'Do you work weekends?', answer: 'By appointment.' })
    ).body.item as Listed;
    const all = [...before, draft];
    // The draft goes first, the rest keep their order: every item moves one place down.
    const wanted = [draft, ...before];
    const revisionsBefore = await Promise.all(all.map((i) => revisionCount(i._id)));
    const auditBefore = (await reorderRows()).length;

    const answer = await editor.put(api.contentOrder('faqs'), { ids: idsOf(wanted) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await moderator.get(api.content('faqs'))).body);
    expect(idsOf(answer.body)).toEqual(idsOf(wanted));
    expect(answer.body.map((i: Listed) => i.position)).toEqual(wanted.map((_, i) => i));
    expect(answer.body[0]).toMatchObject({ status: 'draft', question: 'Do you work weekends?' });

    const revisionsAfter = await Promise.all(all.map((i) => revisionCount(i._id)));
    expect(revisionsAfter).toEqual(revisionsBefore.map((n) => n + 1));
    const [newest] = (await editor.get(api.contentRevisions('faqs', before[0]._id))).body;
    expect(newest).toMatchObject({ author: { _id: editorId }, item: { position: 1, question: before[0].question } });

    const rows = await reorderRows();
    expect(rows).toHaveLength(auditBefore + 1);
    expect(rows.at(-1)).toEqual({
      target_label: 'faqs',
      changes: Object.fromEntries(wanted.map((item, position) => [item._id, { old: item.position, new: position }])),
    });

    // Back to the seeded order, the draft last: only the items whose place changes are written.
    const restored = await editor.put(api.contentOrder('faqs'), { ids: idsOf(all) });
    expect(idsOf(restored.body)).toEqual(idsOf(all));
    expect(await editor.delete(api.contentItem('faqs', draft._id))).toMatchObject({ status: 200 });
  });

  it('writes nothing when nothing moves', async () => {
    const list = (await editor.get(api.content('faqs'))).body as Listed[];
    const revisionsBefore = await Promise.all(list.map((i) => revisionCount(i._id)));
    const auditBefore = (await reorderRows()).length;
    const answer = await editor.put(api.contentOrder('faqs'), { ids: idsOf(list) });
    expect(answer).toMatchObject({ status: 200, body: list });
    expect(await Promise.all(list.map((i) => revisionCount(i._id)))).toEqual(revisionsBefore);
    expect(await reorderRows()).toHaveLength(auditBefore);
  });

  it('numbers services within their category, as everywhere', async () => {
    const list = (await editor.get(api.content('services'))).body as Listed[];
    const web = list.filter((s) => s.category === 'Web');
    const rest = list.filter((s) => s.category !== 'Web');
    const wanted = [web[2], web[0], web[1], ...rest];
    const answer = await editor.put(api.contentOrder('services'), { ids: idsOf(wanted) });
    expect(answer.status).toBe(200);
    expect(idsOf(answer.body)).toEqual(idsOf(wanted));
    expect(answer.body.map((s: Listed) => s.position)).toEqual(list.map((s) => s.position));
    expect((await editor.put(api.contentOrder('services'), { ids: idsOf(list) })).status).toBe(200);
  });

  it('refuses an order that does not name every item once (400 on ids), an unknown collection (404), and non-editors', async () => {
    const list = (await editor.get(api.content('faqs'))).body as Listed[];
    const ids = idsOf(list);
    const [plan] = (await editor.get(api.content('plans'))).body as Listed[];
    for (const body of [
      { ids: [ids[1], ...ids.slice(1)] }, // a duplicate in place of a missing one
      { ids: [...ids, ids[0]] }, // a duplicate
      { ids: ids.slice(1) }, // one missing
      { ids: [...ids, missing] }, // an unknown id
      { ids: [...ids.slice(1), plan._id] }, // an item of another collection
    ]) {
      expect(await editor.put(api.contentOrder('faqs'), body)).toMatchObject({
        status: 400,
        body: { message: messages.invalidInput, errors: { ids: 'List every item of the collection exactly once.' } },
      });
    }
    const malformed = await editor.put(api.contentOrder('faqs'), { ids: ['not-an-id'] });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['ids.0']);
    expect((await editor.put(api.contentOrder('faqs'), {})).body.errors).toEqual({ ids: 'Required.' });
    expect((await editor.put(api.contentOrder('nothing'), { ids })).status).toBe(404);
    expect(await moderator.put(api.contentOrder('faqs'), { ids: [...ids].reverse() })).toMatchObject({
      status: 403,
      body: { message: messages.forbidden },
    });
    expect((await anonymous.put(api.contentOrder('faqs'), { ids })).status).toBe(401);
    expect(idsOf((await editor.get(api.content('faqs'))).body)).toEqual(ids);
  });
});

describe('revisions and restore', () => {
  it('lists who saved each version and when, newest first', async () => {
    const { item } = (
      await editor.post(api.content('addons'), { icon: 'lock', name: 'Backup Vault', price: '$9/month', description: 'Off-site copies.' })
    ).body;
    await editor.put(api.contentItem('addons', item._id), {
      icon: 'lock',
      name: 'Backup Vault',
      price: '$12/month',
      description: 'Off-site copies.',
    });
    await superAdmin.put(api.contentItem('addons', item._id), {
      icon: 'lock',
      name: 'Backup Vault',
      price: '$15/month',
      description: 'Off-site copies.',
      status: 'published',
    });
    const revisions = await moderator.get(api.contentRevisions('addons', item._id));
    expect(revisions.status).toBe(200);
    expect(revisions.body.map((r: { item: { price: string } }) => r.item.price)).toEqual(['$15/month', '$12/month', '$9/month']);
    expect(revisions.body[2].author).toEqual({ _id: editorId, name: expect.stringMatching(/^Editor/) });
    expect(revisions.body[0].item).toMatchObject({ _id: item._id, status: 'published' });
    const times = revisions.body.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Restoring the first version makes it current as a new revision; the history stays.
    const first = revisions.body[2];
    const restored = await editor.post(api.contentRestore('addons', item._id, first._id));
    expect(restored).toMatchObject({ status: 200, body: { message: 'Saved', item: { price: '$9/month', status: 'draft' } } });
    const after = (await editor.get(api.contentRevisions('addons', item._id))).body;
    expect(after.map((r: { item: { price: string } }) => r.item.price)).toEqual(['$9/month', '$15/month', '$12/month', '$9/month']);
    expect(after[0]._id).not.toBe(first._id);
    expect(after.slice(1)).toEqual(revisions.body);
    const listed = (await editor.get(api.content('addons'))).body.find((a: { _id: string }) => a._id === item._id);
    expect(listed).toMatchObject({ price: '$9/month', status: 'draft' });
  });

  it("restores a service with Service updated, and refuses another item's revision (404)", async () => {
    const [a, b] = (await editor.get(api.content('services'))).body;
    const [revisionOfB] = (await editor.get(api.contentRevisions('services', b._id))).body;
    expect((await editor.post(api.contentRestore('services', a._id, revisionOfB._id))).status).toBe(404);
    expect((await editor.post(api.contentRestore('services', a._id, missing))).status).toBe(404);
    expect((await editor.post(api.contentRestore('services', a._id, 'nope'))).status).toBe(404);
    const [revisionOfA] = (await editor.get(api.contentRevisions('services', a._id))).body;
    const restored = await editor.post(api.contentRestore('services', a._id, revisionOfA._id));
    expect(restored.body).toMatchObject({ message: 'Service updated', item: fieldsOf(a) });
  });
});

describe('backups', () => {
  it('hold every collection and its revisions; restored, the content and its history are back', async () => {
    const { item } = (await editor.post(api.content('services'), { ...newService, status: 'published' })).body;
    const [faq] = (await editor.get(api.content('faqs'))).body;
    expect((await editor.delete(api.contentItem('faqs', faq._id))).status).toBe(200);
    const backup = await backupOf(t.db);
    const { content_items: backedUpItems, content_revisions: backedUpRevisions } = await tablesIn(backup);
    const [{ items, revisions }] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM content_items) AS items, (SELECT count(*)::int FROM content_revisions) AS revisions`,
    );
    expect([backedUpItems.rows.length, backedUpRevisions.rows.length]).toEqual([items, revisions]);
    const target = await startTestServer();
    try {
      // A freshly migrated database holds the seeded content: the backup's replaces it.
      await restoreBackup(target.db, backup);
      const reader = (await target.admin('Moderator')).client;
      for (const collection of contentCollections) {
        expect((await reader.get(api.content(collection))).body, collection).toEqual((await editor.get(api.content(collection))).body);
      }
      expect((await reader.get(api.contentRevisions('services', item._id))).body).toEqual(
        (await editor.get(api.contentRevisions('services', item._id))).body,
      );
    } finally {
      await target.close();
      await editor.delete(api.contentItem('services', item._id));
    }
  });
});

describe('GET /api/site/status', () => {
  it("answers this process's publishing state", async () => {
    const status = await moderator.get(api.siteStatus);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      state: expect.stringMatching(/^(idle|rendering)$/),
      lastPublishedAt: status.body.lastPublishedAt === null ? null : expect.any(String),
      lastDurationMs: status.body.lastDurationMs === null ? null : expect.any(Number),
      pagesRendered: expect.any(Number),
    });
  });
});
