import { describe, expect, it } from 'vitest';
import { contentFields } from '@kafue/common/schemas';
import { fieldErrors } from '../../lib/validate';
import { normalise, textOf, type FieldSpec } from './fields';

const fields: FieldSpec[] = [
  { key: 'features', label: 'Key Features', kind: 'lines', maxItems: 8 },
  {
    key: 'items',
    label: 'Items',
    kind: 'rows',
    rowLabel: 'Item',
    columns: [
      { key: 'title', label: 'title' },
      { key: 'price', label: 'price' },
    ],
  },
];

describe('collection forms', () => {
  it('send lines without blanks and rows without empty ones, leaving other fields alone', () => {
    const sent = normalise(fields, {
      title: ' Kept ',
      features: [' Fast ', '', '  ', 'Safe'],
      items: [
        { title: 'A', price: '' },
        { title: ' ', price: '' },
      ],
    });
    expect(sent).toEqual({ title: ' Kept ', features: ['Fast', 'Safe'], items: [{ title: 'A', price: '' }] });
  });

  it('read values as text without printing objects', () => {
    expect([textOf('a'), textOf(3), textOf(undefined), textOf({ a: 1 }), textOf(null)]).toEqual(['a', '3', '', '', '']);
  });

  it("check a service with the server's own limits, per field", () => {
    const ok = { title: 'T', category: 'Web', price: '$1', description: 'D', features: [] };
    expect(fieldErrors(contentFields.services, ok)).toBeNull();
    const bad = fieldErrors(contentFields.services, { ...ok, title: 'x'.repeat(101), category: 'Nope', features: Array(9).fill('f') });
    expect(Object.keys(bad ?? {}).sort()).toEqual(['category', 'features', 'title']);
  });
});
