/**
 * What a call to action asks for: the contact page's selection resolved against the published
 * catalogue (resolveSelection), the `request` of POST /api/enquiries resolved and stored as a
 * snapshot, refused when it names what the site does not show, and the form without JavaScript
 * carrying the selection of its address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSelection } from '../src/enquiries/requests.js';
import { startTestServer, type TestServer } from './helpers.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ configure: (c) => (c.trustProxy = true) });
});
afterAll(() => t?.close());

/** A published item's id by its collection and a field's value. */
async function itemId(collection: string, field: string, value: string): Promise<string> {
  const [row] = await t.db.query<{ id: string }[]>(`SELECT id FROM content_items WHERE collection = $1 AND fields->>$2 = $3`, [
    collection,
    field,
    value,
  ]);
  return row.id;
}

describe('resolveSelection (the contact page with a selection in its address)', () => {
  it('resolves a plan with add-ons, with the estimate per month', async () => {
    const resolved = await resolveSelection(t.db, { plan: 'Business', addons: ['Priority Support'] });
    expect(resolved).toEqual({
      selection: { plan: 'Business', addons: ['Priority Support'] },
      request: { plan: 'Business', addons: ['Priority Support'] },
      snapshot: {
        kind: 'quote',
        model: 'monthly',
        plan: { name: 'Business', price: '$99', period: '/month' },
        addons: [{ name: 'Priority Support', price: '$49/month' }],
        estimate: '$148/month',
      },
      dropped: [],
    });
  });

  it('resolves a service by its place on the site to its id', async () => {
    const resolved = await resolveSelection(t.db, { service: 'Security/1' });
    expect(resolved.request).toEqual({ serviceId: await itemId('services', 'title', 'Secure Email Gateway') });
    expect(resolved.snapshot).toMatchObject({
      kind: 'service',
      title: 'Secure Email Gateway',
      price: '$39/mo',
      path: '/service/Security/1',
    });
    expect(resolved.selection).toEqual({ service: 'Security/1' });
  });

  it('resolves project items to their range and longest time', async () => {
    const resolved = await resolveSelection(t.db, {
      projects: [
        { group: 'web', title: 'Basic Website (5 pages)' },
        { group: 'web', title: 'E-commerce' },
      ],
    });
    expect(resolved.snapshot).toMatchObject({ kind: 'quote', model: 'project', estimate: '$1,498 - $3,298', longestTime: '2–4 weeks' });
    expect(resolved.request).toEqual({
      projects: [
        { group: 'web', title: 'Basic Website (5 pages)' },
        { group: 'web', title: 'E-commerce' },
      ],
    });
  });

  it('drops unknown items with a note each, never an error', async () => {
    const resolved = await resolveSelection(t.db, {
      service: 'Web/99',
      plan: 'Gold',
      addons: ['Priority Support', 'Jetpack'],
      projects: [{ group: 'web', title: 'Moon Base' }],
    });
    expect(resolved.dropped).toEqual([
      '"Web/99" is not one of our services, so it was left out.',
      '"Gold" is not one of our plans, so it was left out.',
      '"Jetpack" is not one of our add-ons, so it was left out.',
      '"Moon Base" is not one of our project prices, so it was left out.',
    ]);
    expect(resolved.request).toEqual({ addons: ['Priority Support'] });
    expect(resolved.snapshot).toMatchObject({ plan: null, estimate: '$49/month' });
  });

  it('keeps one kind: a service over a plan, over project items, over a topic', async () => {
    const resolved = await resolveSelection(t.db, {
      service: 'Web/0',
      plan: 'Starter',
      projects: [{ group: 'web', title: 'E-commerce' }],
      topic: 'consultation',
    });
    expect(resolved.selection).toEqual({ service: 'Web/0' });
    expect(resolved.dropped).toEqual([
      '"Starter" was left out: a request asks for one thing at a time.',
      '"E-commerce" was left out: a request asks for one thing at a time.',
      '"Free consultation" was left out: a request asks for one thing at a time.',
    ]);
    const projectsOverTopic = await resolveSelection(t.db, { projects: [{ group: 'web', title: 'E-commerce' }], topic: 'consultation' });
    expect(projectsOverTopic.snapshot).toMatchObject({ model: 'project' });
    expect((await resolveSelection(t.db, { topic: 'consultation' })).snapshot).toEqual({ kind: 'consultation' });
  });

  it('says "on request" for a price that is not an amount, and nothing for an empty selection', async () => {
    expect((await resolveSelection(t.db, { plan: 'Enterprise' })).snapshot).toMatchObject({ estimate: 'on request' });
    expect(await resolveSelection(t.db, {})).toEqual({ selection: {}, request: null, snapshot: null, dropped: [] });
  });

  it('leaves out what is not published', async () => {
    await t.db.query(`UPDATE content_items SET status = 'draft' WHERE collection = 'plans' AND fields->>'name' = 'Starter'`);
    try {
      const resolved = await resolveSelection(t.db, { plan: 'Starter' });
      expect(resolved.dropped).toEqual(['"Starter" is not one of our plans, so it was left out.']);
      expect(resolved.request).toBeNull();
    } finally {
      await t.db.query(`UPDATE content_items SET status = 'published' WHERE collection = 'plans' AND fields->>'name' = 'Starter'`);
    }
  });
});
