import { describe, expect, it } from 'vitest';
import { changeLabel, statCards } from './sampleData';

describe('dashboard sample data', () => {
  it('words a change as an increase or a decrease from last month', () => {
    expect(changeLabel(12.5)).toBe('+12.5% increase from last month');
    expect(changeLabel(-3.2)).toBe('-3.2% decrease from last month');
  });
  it('carries the sample figures of spec section 9', () => {
    expect(statCards.map((c) => [c.title, c.value])).toEqual([
      ['Total Services', '24'],
      ['New Messages', '8'],
      ['Active Users', '142'],
      ['Storage Used', '65%'],
    ]);
  });
});
