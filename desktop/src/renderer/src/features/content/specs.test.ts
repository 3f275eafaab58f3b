import { describe, expect, it } from 'vitest';
import { contentIconNames } from '@kafue/common/icons';
import { contentFields } from '@kafue/common/schemas';
import { collectionSpecs } from './specs';
import { slugOf, withField } from './fields';

const specs = Object.values(collectionSpecs);
const allFields = specs.flatMap((spec) => spec.fields.map((field) => ({ collection: spec.collection, ...field })));

describe('the content editors speak plainly', () => {
  it.each(allFields.map((f) => [`${f.collection}.${f.key}`, f] as const))('%s has a label and a help line', (_, field) => {
    expect(field.label.trim()).not.toBe('');
    expect(field.description?.trim() ?? '').not.toBe('');
  });

  it('no label or help line uses a developer word', () => {
    const words = allFields.flatMap((f) => [f.label, f.description ?? '']).join('\n');
    expect(words).not.toMatch(/\b(tab key|slug|avatar|icon name|lower-case|YYYY|initial|https:\/\/ address)\b/i);
  });

  it('the fields the specification names keep its labels', () => {
    const labels = Object.fromEntries(collectionSpecs.services.fields.map((f) => [f.key, f.label]));
    expect(labels).toMatchObject({
      title: 'Service Title',
      category: 'Category',
      description: 'Description',
      features: 'Key Features',
      details: 'More Information',
    });
  });

  it('says "All categories" and "All pages" in the group filters', () => {
    expect(collectionSpecs.services.groups.plural).toBe('categories');
    expect(collectionSpecs.faqs.groups.plural).toBe('pages');
  });

  it('the testimonial letter is named for what it shows', () => {
    expect(collectionSpecs.testimonials.fields.find((f) => f.key === 'avatarInitial')?.label).toBe('Letter shown in the circle');
  });

  it('icons are picked, and every icon offered passes the server check; new items start with one', () => {
    expect(collectionSpecs.addons.fields.find((f) => f.key === 'icon')?.kind).toBe('icon');
    expect(collectionSpecs.projectPrices.fields.find((f) => f.key === 'icon')?.kind).toBe('icon');
    expect(contentIconNames.length).toBeGreaterThan(20);
    const addon = { name: 'N', price: '$1', description: 'D' };
    for (const icon of contentIconNames) expect(contentFields.addons.safeParse({ ...addon, icon }).success, icon).toBe(true);
    expect(contentIconNames).toContain(collectionSpecs.addons.blank.icon);
    expect(contentIconNames).toContain(collectionSpecs.projectPrices.blank.icon);
  });
});

describe("a project group's key", () => {
  const fields = collectionSpecs.projectPrices.fields;

  it('is made of its name as the server accepts it', () => {
    expect(slugOf('Web & Hosting', 30)).toBe('web-hosting');
    expect(slugOf('  Café Systèmes 2026! ', 30)).toBe('cafe-systemes-2026');
    expect(slugOf('---', 30)).toBe('');
    const long = slugOf('A very long group name that goes on and on', 30);
    expect(long).toBe('a-very-long-group-name-that-go');
    const group = { name: 'X', icon: 'code', items: [{ title: 'T', price: '$1', time: '1 day' }] };
    for (const key of ['web-hosting', 'cafe-systemes-2026', long, slugOf('Networking & IT -', 30)]) {
      expect(contentFields.projectPrices.safeParse({ ...group, key }).success, key).toBe(true);
    }
  });

  it('follows the name while the group is new, and stays once it is saved', () => {
    const typed = withField(fields, { name: '', key: '' }, 'name', 'Mobile Apps');
    expect(typed).toEqual({ name: 'Mobile Apps', key: 'mobile-apps' });
    const saved = withField(fields, { _id: 'x', name: 'Web Development', key: 'web' }, 'name', 'Websites');
    expect(saved).toEqual({ _id: 'x', name: 'Websites', key: 'web' });
    expect(withField(fields, { name: 'A', key: 'a' }, 'icon', 'globe')).toEqual({ name: 'A', key: 'a', icon: 'globe' });
  });
});
