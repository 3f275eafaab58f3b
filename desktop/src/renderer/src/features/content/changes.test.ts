import { describe, expect, it } from 'vitest';
import type { ContentItem } from '@kafue/common/contract';
import { changesBetween } from './changes';
import { serviceSpec } from './specs';

const base = {
  _id: '0b7f6a52-3c1d-4e2f-8a9b-1c2d3e4f5a6b',
  status: 'published',
  position: 0,
  updatedAt: '2026-11-25T00:00:00.000Z',
  draft: null,
  category: 'Web',
  title: 'Website Creation',
  price: '$499',
  description: 'Sites.',
  features: ['Fast', 'Secure'],
} as unknown as ContentItem;

describe('changesBetween', () => {
  it('lists each changed field of the form with its label, before and after, the status first', () => {
    const newer = { ...base, status: 'draft', price: '$599', features: ['Fast', 'Secure', 'Cheap'] } as unknown as ContentItem;
    expect(changesBetween(serviceSpec, base, newer)).toEqual([
      { label: 'Status', before: 'Published', after: 'Draft' },
      { label: 'Price', before: '$499', after: '$599' },
      { label: 'Key Features', before: 'Fast, Secure', after: 'Fast, Secure, Cheap' },
    ]);
  });

  it('lists nothing for equal versions, and names an emptied field and a long text cut short', () => {
    expect(changesBetween(serviceSpec, base, { ...base })).toEqual([]);
    const long = 'x'.repeat(500);
    const [change] = changesBetween(serviceSpec, { ...base, description: long }, { ...base, description: '' });
    expect(change.before).toHaveLength(140);
    expect(change.after).toBe('(empty)');
  });
});
