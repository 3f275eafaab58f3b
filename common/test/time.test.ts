import { describe, expect, it } from 'vitest';
import { timezoneValues } from '../src/vocabulary';
import { fromLocalClock, offsetHours, toLocalClock } from '../src/time';

describe('timezone offsets', () => {
  it('reads every timezone offered, east and west of UTC', () => {
    expect(timezoneValues.map(offsetHours)).toEqual([0, -5, 8, 2]);
    expect(offsetHours('UTC+12')).toBe(12);
  });

  it('reads anything else as UTC', () => {
    for (const value of ['', 'UTC', 'GMT+2', 'UTC+8:30', 'utc+8', ' UTC+8']) expect(offsetHours(value), value).toBe(0);
  });

  it('shows an instant on the wall clock of the timezone, across a day boundary', () => {
    const instant = new Date('2026-11-23T20:30:00Z');
    expect(toLocalClock(instant, 'UTC+8').toISOString()).toBe('2026-11-24T04:30:00.000Z');
    expect(toLocalClock(instant.getTime(), 'UTC-5').toISOString()).toBe('2026-11-23T15:30:00.000Z');
    expect(toLocalClock(instant, 'UTC+0').toISOString()).toBe(instant.toISOString());
  });

  it('finds the instant of a wall-clock time, the inverse of toLocalClock', () => {
    // Midnight starting 24 Nov in Singapore is 16:00 UTC the day before.
    expect(fromLocalClock(Date.UTC(2026, 10, 24), 'UTC+8').toISOString()).toBe('2026-11-23T16:00:00.000Z');
    const instant = new Date('2026-03-01T00:15:00Z');
    for (const timezone of timezoneValues) expect(fromLocalClock(toLocalClock(instant, timezone), timezone)).toEqual(instant);
  });
});
