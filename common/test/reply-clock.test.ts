import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessHoursOf,
  businessMinutesBetween,
  defaultBusinessHours,
  durationWords,
  instantInWords,
  timeLeftWords,
} from '../src/reply-clock';

const hours = defaultBusinessHours;
const due = (received: string, timezone: string, minutes = 240, h = hours) =>
  addBusinessMinutes(new Date(received), minutes, h, timezone).toISOString();

describe('business hours', () => {
  it("reads the company profile's opening hours, and falls back on Mon-Sat 09:00-18:00", () => {
    expect(businessHoursOf('Mon - Sat, 9am - 6pm')).toEqual(defaultBusinessHours);
    expect(businessHoursOf('Mon - Fri, 8:30am - 5pm')).toEqual({ days: [1, 2, 3, 4, 5], opens: 510, closes: 1020 });
    expect(businessHoursOf('Always open')).toEqual(defaultBusinessHours);
    expect(businessHoursOf('Mon - Fri, 6pm - 9am')).toEqual(defaultBusinessHours);
  });
});

describe('due time: received + 4 business hours', () => {
  it('inside the hours, the same day', () => {
    // Tuesday 24 Nov 2026, 10:00 in Lusaka (UTC+2) is 08:00 UTC: due 14:00 there.
    expect(due('2026-11-24T08:00:00Z', 'UTC+2')).toBe('2026-11-24T12:00:00.000Z');
  });

  it('across the night: what is left counts from the next opening', () => {
    // 16:30 in Lusaka: 1.5 hours on Tuesday, 2.5 on Wednesday from 09:00, due 11:30.
    expect(due('2026-11-24T14:30:00Z', 'UTC+2')).toBe('2026-11-25T09:30:00.000Z');
    // 22:00, after closing: from Wednesday 09:00, due 13:00.
    expect(due('2026-11-24T20:00:00Z', 'UTC+2')).toBe('2026-11-25T11:00:00.000Z');
    // Exactly at closing: nothing left that day.
    expect(due('2026-11-24T16:00:00Z', 'UTC+2')).toBe('2026-11-25T11:00:00.000Z');
  });

  it('across a Sunday: Saturday evening and Sunday count from Monday', () => {
    // Saturday 28 Nov 17:00 in Lusaka: 1 hour Saturday, Sunday closed, due Monday 12:00.
    expect(due('2026-11-28T15:00:00Z', 'UTC+2')).toBe('2026-11-30T10:00:00.000Z');
    // Sunday 03:00: due Monday 13:00.
    expect(due('2026-11-29T01:00:00Z', 'UTC+2')).toBe('2026-11-30T11:00:00.000Z');
  });

  it('on the clock of the timezone: one instant, other hours elsewhere', () => {
    // 08:00 UTC is 03:00 in New York (before opening: due 13:00 there, 18:00 UTC) and 16:00 in Singapore.
    expect(due('2026-11-24T08:00:00Z', 'UTC-5')).toBe('2026-11-24T18:00:00.000Z');
    // Singapore: 2 hours Tuesday (16:00-18:00), 2 on Wednesday: 11:00 there, 03:00 UTC.
    expect(due('2026-11-24T08:00:00Z', 'UTC+8')).toBe('2026-11-25T03:00:00.000Z');
    // A UTC day boundary inside Lusaka's working day: 23:30 UTC Monday is Tuesday 01:30 in Lusaka.
    expect(due('2026-11-23T23:30:00Z', 'UTC+2')).toBe('2026-11-24T11:00:00.000Z');
  });

  it('other opening hours and targets: Friday afternoon on Mon-Fri hours runs to Monday', () => {
    const weekdays = businessHoursOf('Mon - Fri, 8am - 5pm');
    // Friday 27 Nov 16:00 UTC+0: 1 hour Friday, then Monday 8:00 + 1 hour.
    expect(due('2026-11-27T16:00:00Z', 'UTC+0', 120, weekdays)).toBe('2026-11-30T09:00:00.000Z');
    expect(due('2026-11-24T08:00:00Z', 'UTC+2', 120)).toBe('2026-11-24T10:00:00.000Z');
  });
});

describe('business minutes between two instants', () => {
  it('counts only open time, and is the inverse of adding them', () => {
    const received = new Date('2026-11-28T15:00:00Z');
    const dueAt = addBusinessMinutes(received, 240, hours, 'UTC+2');
    expect(businessMinutesBetween(received, dueAt, hours, 'UTC+2')).toBe(240);
    // Saturday 17:00 to Monday 09:30 in Lusaka: 60 + 30.
    expect(businessMinutesBetween(received, new Date('2026-11-30T07:30:00Z'), hours, 'UTC+2')).toBe(90);
    expect(businessMinutesBetween(dueAt, received, hours, 'UTC+2')).toBe(0);
  });
});

describe('in words', () => {
  it('time left or overdue, to the minute', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(timeLeftWords(new Date('2026-11-24T12:15:00Z'), now)).toBe('2 hours 15 minutes left');
    expect(timeLeftWords(new Date('2026-11-24T09:25:00Z'), now)).toBe('Overdue by 35 minutes');
    expect(timeLeftWords(new Date('2026-11-25T11:00:00Z'), now)).toBe('1 day 1 hour left');
    expect(durationWords(60_000)).toBe('1 minute');
    expect(durationWords(3_600_000)).toBe('1 hour');
  });

  it("an instant on the company's clock", () => {
    expect(instantInWords(new Date('2026-11-24T12:00:00Z'), 'UTC+2')).toBe('Tuesday 24 November 2026 at 14:00 (UTC+2)');
    expect(instantInWords(new Date('2026-11-24T23:30:00Z'), 'UTC+2')).toBe('Wednesday 25 November 2026 at 01:30 (UTC+2)');
  });
});
