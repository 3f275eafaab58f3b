/**
 * Share links (issue 23, item 4): made by editors, they open an item's page as it would look to
 * anyone without an account, never cached, indexed or scripted, with a banner; they show the
 * revision they pin or the item's latest pending changes; they end when they expire (410) or
 * are revoked (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, messages } from '@kafue/common/contract';
import { expiredLinksKeptDays, purgeExpiredShareLinks } from '../src/content/share-links.js';
import { expectPreviewHeaders, sampleService, startSiteTestServer, type Client, type TestServer } from './helpers.js';

let t: TestServer;
let editor: Client;
let moderator: Client;
let visitor: Client;

beforeAll(async () => {
  t = await startSiteTestServer();
  editor = (await t.admin('Editor')).client;
  moderator = (await t.admin('Moderator')).client;
  visitor = t.client();
});
afterAll(() => t?.close());

type Item = Record<string, unknown> & { _id: string; title: string; price: string };
const bodyOf = ({ _id: _i, updatedAt: _u, draft: _d, ...body }: Item) => body;

async function service(title: string, status = 'draft'): Promise<Item> {
  return (await editor.post(api.content('services'), { ...sampleService, title, status })).body.item as Item;
}

/** The link's path on this server (its url is on PUBLIC_URL). */
const pathOf = (url: string) => new URL(url).pathname;

describe('share links', () => {
  it('open an unpublished item to anyone signed out, with the preview headers and banner, and the latest pending changes', async () => {
    const item = await service('Shared Draft Service');
    const made = await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 24 });
    expect(made.status).toBe(201);
    const { _id, url, expiresAt } = made.body as { _id: string; url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/preview/[A-Za-z0-9_-]{43}$`));
    expect(Math.abs(Date.parse(expiresAt) - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    // Only its hash is stored.
    const [stored] = await t.db.query<{ token_hash: string }[]>(`SELECT token_hash FROM content_share_links WHERE id = $1`, [_id]);
    expect(stored.token_hash).not.toContain(url.split('/').pop());

    const page = await visitor.get(pathOf(url));
    expect(page.status).toBe(200);
    await expectPreviewHeaders(t, page);
    expect(page.text).toContain(messages.previewBanner);
    expect(page.text).toContain('<h1 id="service-title">Shared Draft Service</h1>');

    // Pending changes saved later show at the next visit.
    await editor.put(api.contentDraft('services', item._id), { ...bodyOf(item), price: '$5,555' });
    expect((await visitor.get(pathOf(url))).text).toContain('$5,555');
  });

  it('show the revision they pin, not the item as it is now', async () => {
    const item = await service('Pinned Service', 'published');
    await editor.put(api.contentItem('services', item._id), { ...bodyOf(item), price: '$999 now' });
    const revisions = (await editor.get(api.contentRevisions('services', item._id))).body as { _id: string; item: Item }[];
    const first = revisions.find((r) => r.item.price === sampleService.price)!;
    const { url } = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 1, revisionId: first._id })).body;
    const page = await visitor.get(pathOf(url));
    expect(page.text).toContain(sampleService.price);
    expect(page.text).not.toContain('$999 now');
    // A revision of another item is refused.
    const other = await service('Other Service');
    const refused = await editor.post(api.contentShareLinks('services', other._id), { expiresInHours: 1, revisionId: first._id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ revisionId: messages.shareLinkRevisionUnknown });
  });

  it('answer 410 once expired, and 404 once revoked or unknown', async () => {
    const item = await service('Ending Service');
    const made = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 1 })).body;
    const revocable = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 720 })).body;
    await t.db.query(`UPDATE content_share_links SET expires_at = now() - interval '1 second' WHERE id = $1`, [made._id]);
    const expired = await visitor.get(pathOf(made.url));
    expect(expired.status).toBe(410);
    expect(expired.text).toContain(messages.shareLinkExpired);
    expect(expired.headers.get('x-robots-tag')).toBe('noindex, nofollow');

    expect((await visitor.get(pathOf(revocable.url))).status).toBe(200);
    expect((await moderator.delete(api.shareLink(revocable._id))).status).toBe(403);
    const revoked = await editor.delete(api.shareLink(revocable._id));
    expect(revoked.body).toEqual({ message: messages.shareLinkRevoked });
    const gone = await visitor.get(pathOf(revocable.url));
    expect(gone.status).toBe(404);
    expect(gone.text).toContain(messages.shareLinkNotFound);
    expect((await editor.delete(api.shareLink(revocable._id))).status).toBe(404);
    expect((await visitor.get('/preview/not-a-token')).status).toBe(404);
    const actions = await t.db.query<{ action: string }[]>(
      `SELECT action FROM audit_log WHERE target_id = $1 AND action LIKE 'service.share%' ORDER BY at, id`,
      [item._id],
    );
    expect(actions.map((a) => a.action)).toEqual(['service.share', 'service.share', 'service.share_revoke']);
  });

  it('are deleted by the hourly purge once expired for 30 days, not before', async () => {
    const item = await service('Purged Service');
    const link = async (expiredDays: number) => {
      const made = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 1 })).body;
      await t.db.query(`UPDATE content_share_links SET expires_at = now() - make_interval(days => $2) WHERE id = $1`, [
        made._id,
        expiredDays,
      ]);
      return made;
    };
    const [recent, old] = [await link(expiredLinksKeptDays - 1), await link(expiredLinksKeptDays + 1)];
    await purgeExpiredShareLinks(t.db);
    expect((await visitor.get(pathOf(recent.url))).status).toBe(410);
    expect((await visitor.get(pathOf(old.url))).status).toBe(404);
    const left = await t.db.query<{ id: string }[]>(`SELECT id FROM content_share_links WHERE item_id = $1`, [item._id]);
    expect(left.map((r) => r.id)).toEqual([recent._id]);
  });

  it('are listed, newest first, to any admin, without their addresses; hours outside 1-720 are refused', async () => {
    const item = await service('Listed Service');
    const older = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 2 })).body;
    const newer = (await editor.post(api.contentShareLinks('services', item._id), { expiresInHours: 3 })).body;
    const list = await moderator.get(api.contentShareLinks('services', item._id));
    expect(list.status).toBe(200);
    expect(list.body.map((l: { _id: string }) => l._id)).toEqual([newer._id, older._id]);
    expect(list.body[0]).toMatchObject({ expiresAt: newer.expiresAt, revisionId: null, author: { name: expect.any(String) } });
    expect(JSON.stringify(list.body)).not.toContain(newer.url.split('/').pop());
    for (const expiresInHours of [0, 721, 1.5, '24']) {
      expect((await editor.post(api.contentShareLinks('services', item._id), { expiresInHours })).status).toBe(400);
    }
    expect((await moderator.post(api.contentShareLinks('services', item._id), { expiresInHours: 1 })).status).toBe(403);
    expect((await visitor.get(api.contentShareLinks('services', item._id))).status).toBe(401);
    // Deleting the item ends its links.
    await editor.delete(api.contentItem('services', item._id));
    expect((await visitor.get(pathOf(newer.url))).status).toBe(404);
  });
});
