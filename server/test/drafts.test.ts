/**
 * Pending changes (issue 23, item 6): saved beside a published item while visitors keep seeing
 * it, validated as an edit is, published as a new revision with its audit row, or discarded; the
 * preview shows them, and the fields posted while typing. A PUT still goes live as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { eventuallyServed, sampleService, sitePage, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;
let moderator: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
  moderator = (await t.admin('Moderator')).client;
});
afterAll(() => t?.close());

type Item = Record<string, unknown> & { _id: string; title: string; price: string; category: string };
const bodyOf = ({ _id: _i, updatedAt: _u, draft: _d, ...body }: Item) => body;

/** A published service of its own, in Web (the seeded ones are left as they are): its page's path. */
async function publishedService(title: string): Promise<{ item: Item; path: string }> {
  const { item } = (await editor.post(api.content('services'), { ...sampleService, title, status: 'published' })).body as { item: Item };
  return { item, path: `/service/Web/${item.position as number}` };
}

const auditActions = async (id: string) =>
  (await t.db.query<{ action: string }[]>(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY at, id`, [id])).map((r) => r.action);

describe('pending changes', () => {
  it('are kept beside the live item, which visitors keep seeing, until published as a new revision', async () => {
    const { item, path } = await publishedService('Draftable Hosting');
    await eventuallyServed(t, path, (html) => html.includes('Draftable Hosting'));
    expect(item.draft).toBeNull();

    const saved = await editor.put(api.contentDraft('services', item._id), { ...bodyOf(item), price: '$777' });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(messages.draftSaved);
    expect(saved.body.item).toMatchObject({
      price: sampleService.price,
      status: 'published',
      draft: { price: '$777', title: 'Draftable Hosting' },
    });
    const listed = ((await moderator.get(api.content('services'))).body as Item[]).find((i) => i._id === item._id)!;
    expect(listed.draft).toMatchObject({ price: '$777' });
    expect((await editor.get(api.contentRevisions('services', item._id))).body).toHaveLength(1);
    // The live page is unchanged; the preview shows the pending price.
    expect((await sitePage(t, path)).text).toContain(sampleService.price);
    expect((await sitePage(t, path)).text).not.toContain('$777');
    expect((await moderator.get(api.contentPreview('services', item._id))).text).toContain('$777');

    const published = await editor.post(api.contentDraftPublish('services', item._id));
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ message: messages.draftPublished, item: { price: '$777', draft: null, status: 'published' } });
    await eventuallyServed(t, path, (html) => html.includes('$777'));
    const revisions = (await editor.get(api.contentRevisions('services', item._id))).body as { item: Item }[];
    expect(revisions.map((r) => r.item.price)).toEqual(['$777', sampleService.price]);
    expect(await auditActions(item._id)).toEqual(['service.create', 'service.draft_save', 'service.update']);
    const [update] = await t.db.query<{ changes: Record<string, unknown> }[]>(
      `SELECT changes FROM audit_log WHERE target_id = $1 AND action = 'service.update'`,
      [item._id],
    );
    expect(update.changes).toEqual({ price: { old: sampleService.price, new: '$777' } });
  });

  it('are validated with the collection schema (400 per field), and refused to moderators (403) and strangers (401)', async () => {
    const { item } = await publishedService('Validated Draft');
    const bad = await editor.put(api.contentDraft('services', item._id), { ...bodyOf(item), title: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('title');
    expect((await moderator.put(api.contentDraft('services', item._id), bodyOf(item))).status).toBe(403);
    expect((await t.client().put(api.contentDraft('services', item._id), bodyOf(item))).status).toBe(401);
    // A service's id is no FAQ's.
    const faq = { page: 'services', question: 'Whose?', answer: 'Nobody.' };
    expect((await editor.put(api.contentDraft('faqs', item._id), faq)).status).toBe(404);
    expect(((await moderator.get(api.content('services'))).body as Item[]).find((i) => i._id === item._id)!.draft).toBeNull();
  });

  it('are dropped by discard, the live item staying as it is; with none, publish and discard answer 404', async () => {
    const { item } = await publishedService('Discarded Draft');
    await editor.put(api.contentDraft('services', item._id), { ...bodyOf(item), price: '$1' });
    const discarded = await editor.delete(api.contentDraft('services', item._id));
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ message: messages.draftDiscarded, item: { price: sampleService.price, draft: null } });
    expect(await auditActions(item._id)).toEqual(['service.create', 'service.draft_save', 'service.draft_discard']);
    for (const again of [
      await editor.delete(api.contentDraft('services', item._id)),
      await editor.post(api.contentDraftPublish('services', item._id)),
    ]) {
      expect(again.status).toBe(404);
      expect(again.body.message).toBe(messages.noDraft);
    }
  });

  it('leave a PUT as it was: a published item changed by PUT goes live at once, its pending changes kept', async () => {
    const { item, path } = await publishedService('Put Live');
    await editor.put(api.contentDraft('services', item._id), { ...bodyOf(item), price: '$2' });
    const put = await editor.put(api.contentItem('services', item._id), { ...bodyOf(item), price: '$3' });
    expect(put.body.item).toMatchObject({ price: '$3', draft: { price: '$2' } });
    await eventuallyServed(t, path, (html) => html.includes('$3'));
  });

  it('publish an unpublished item with them', async () => {
    const { item } = (await editor.post(api.content('faqs'), { page: 'services', question: 'Drafted question?', answer: 'First.' })).body;
    await editor.put(api.contentDraft('faqs', item._id), { page: 'services', question: 'Drafted question?', answer: 'Second.' });
    const published = await editor.post(api.contentDraftPublish('faqs', item._id));
    expect(published.body.item).toMatchObject({ status: 'published', answer: 'Second.', draft: null });
    expect(await auditActions(item._id)).toEqual(['faq.create', 'faq.draft_save', 'faq.publish']);
    await eventuallyServed(t, '/services', (html) => html.includes('Drafted question?'));
  });
});

describe('the preview of unsaved changes', () => {
  it('renders the fields posted, saved nowhere, for any admin; invalid fields are refused with 400', async () => {
    const { item } = await publishedService('Typed Preview');
    const typed = await moderator.post(api.contentPreview('services', item._id), { ...bodyOf(item), price: '$4,321' });
    expect(typed.status).toBe(200);
    expect(typed.headers.get('cache-control')).toBe('no-store');
    expect(typed.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(typed.text).toContain('$4,321');
    const after = ((await moderator.get(api.content('services'))).body as Item[]).find((i) => i._id === item._id)!;
    expect(after).toMatchObject({ price: sampleService.price, draft: null });
    expect((await moderator.post(api.contentPreview('services', item._id), { ...bodyOf(item), price: '' })).status).toBe(400);
    expect((await t.client().post(api.contentPreview('services', item._id), bodyOf(item))).status).toBe(401);
  });

  it('puts a service moved to another category on that category page, at its place there', async () => {
    const { item } = await publishedService('Moving Preview');
    const typed = await editor.post(api.contentPreview('services', item._id), { ...bodyOf(item), category: 'CCTV' });
    expect(typed.text).toContain('<h1 id="service-title">Moving Preview</h1>');
  });
});
