import { describe, expect, it } from 'vitest';
import { contactHref, longestTime, monthlyEstimate, parseSelection, priceBounds, projectEstimate, selectionQuery } from '../src/requests';

describe('estimates', () => {
  it('adds a monthly plan and its add-ons', () => {
    expect(monthlyEstimate({ price: '$99' }, [{ price: '$49/month' }])).toBe('$148/month');
    expect(monthlyEstimate(null, [{ price: '$29/month' }, { price: '$19/month' }])).toBe('$48/month');
  });
  it('says "on request" when a price is not an amount, never a wrong number', () => {
    expect(monthlyEstimate({ price: 'Custom' }, [{ price: '$49/month' }])).toBe('on request');
    expect(projectEstimate([{ price: '$499-$799' }, { price: 'Ask us' }])).toBe('on request');
  });
  it('sums the bounds of project items, with thousands separators', () => {
    expect(projectEstimate([{ price: '$499-$799' }, { price: '$999-$2,499' }])).toBe('$1,498 - $3,298');
    expect(projectEstimate([{ price: '$1,499' }])).toBe('$1,499');
    expect(priceBounds('$2,499-$9,999')).toEqual([2499, 9999]);
  });
  it('finds the longest time', () => {
    expect(longestTime([{ time: '1–2 weeks' }, { time: '3–5 days' }, { time: '1 month' }])).toBe('1 month');
    expect(longestTime([{ time: '2–4 weeks' }, { time: '1 month' }])).toBe('1 month');
    expect(longestTime([{ time: '4–12 weeks' }, { time: '1 month' }])).toBe('4–12 weeks');
  });
});

describe('the selection in the contact page address', () => {
  it('reads repeated add-ons and projects and writes them back', () => {
    const selection = parseSelection('?plan=Business&addon=Priority%20Support&addon=Custom%20Reporting&project=web:Landing%20Page:v2');
    expect(selection).toEqual({
      plan: 'Business',
      addons: ['Priority Support', 'Custom Reporting'],
      projects: [{ group: 'web', title: 'Landing Page:v2' }],
    });
    expect(parseSelection(`?${selectionQuery(selection)}`)).toEqual(selection);
    expect(contactHref({ topic: 'consultation' })).toBe('/contact?topic=consultation');
    expect(contactHref({})).toBe('/contact');
  });
  it('ignores malformed items', () => {
    expect(parseSelection('?project=nocolon&project=:x&topic=other&addon=')).toEqual({});
  });
});
