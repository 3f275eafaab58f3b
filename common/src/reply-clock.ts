/**
 * The reply clock: the company promises a reply within business hours (the company profile's
 * opening hours, on the wall clock of the General timezone). Pure functions, so that the server
 * (due times, reminders, the dashboard's figures) and the console (time left) count alike.
 */
import { openingHoursSpec } from './company';
import { fromLocalClock, toLocalClock } from './time';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** Open days (0 = Sunday ... 6 = Saturday, as Date.getUTCDay) and the hours, in minutes after midnight. */
export interface BusinessHours {
  days: readonly number[];
  opens: number;
  closes: number;
}

/** Monday to Saturday, 09:00-18:00: the specification's opening hours. */
export const defaultBusinessHours: BusinessHours = { days: [1, 2, 3, 4, 5, 6], opens: 9 * 60, closes: 18 * 60 };

const weekdayNumbers: Record<string, number> = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
};
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The business hours written in the company profile ("Mon - Sat, 9am - 6pm"); the default ones
 * when the text is written otherwise or closes before it opens, so that the clock always runs.
 */
export function businessHoursOf(openingHours: string): BusinessHours {
  const spec = openingHoursSpec(openingHours);
  if (!spec) return defaultBusinessHours;
  const opens = minutesOf(spec.opens);
  const closes = minutesOf(spec.closes);
  if (closes <= opens) return defaultBusinessHours;
  return { days: spec.days.map((d) => weekdayNumbers[d]), opens, closes };
}

/** The business window of the local day starting at `dayStart` (local ms), or null on a closed day. */
function windowOf(dayStart: number, hours: BusinessHours): [number, number] | null {
  if (!hours.days.includes(new Date(dayStart).getUTCDay())) return null;
  return [dayStart + hours.opens * minuteMs, dayStart + hours.closes * minuteMs];
}

/**
 * `minutes` business minutes after `start`: time outside the hours does not count, so that an
 * enquiry received at night or on a closed day counts from the next opening.
 */
export function addBusinessMinutes(start: Date, minutes: number, hours: BusinessHours, timezone: string): Date {
  let t = toLocalClock(start, timezone).getTime();
  let left = minutes * minuteMs;
  let dayStart = Math.floor(t / dayMs) * dayMs;
  // A week always holds an open day; the bound only guards against hours without any.
  for (let day = 0; day < 7 + Math.ceil(minutes / 60) * 7; day++, dayStart += dayMs) {
    const window = windowOf(dayStart, hours);
    if (!window) continue;
    const from = Math.max(t, window[0]);
    if (from >= window[1]) continue;
    if (from + left <= window[1]) return fromLocalClock(from + left, timezone);
    left -= window[1] - from;
    t = from;
  }
  return new Date(start.getTime() + minutes * minuteMs);
}

/** The business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours, timezone: string): number {
  const start = toLocalClock(from, timezone).getTime();
  const end = toLocalClock(to, timezone).getTime();
  let total = 0;
  for (let dayStart = Math.floor(start / dayMs) * dayMs; dayStart < end; dayStart += dayMs) {
    const window = windowOf(dayStart, hours);
    if (window) total += Math.max(0, Math.min(end, window[1]) - Math.max(start, window[0]));
  }
  return Math.round(total / minuteMs);
}

/** The targets the company sets itself: a reply within `targetHours` business hours, at most `maxHours`. */
export interface ReplyTargets {
  targetHours: number;
  maxHours: number;
}
export const defaultReplyTargets: ReplyTargets = { targetHours: 2, maxHours: 4 };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A length of time in plain words, to the minute: "1 day 2 hours", "3 hours 5 minutes", "4 minutes". */
export function durationWords(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / minuteMs));
  const days = Math.floor(minutes / 1440);
  const hoursLeft = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days) return [plural(days, 'day'), hoursLeft ? plural(hoursLeft, 'hour') : ''].filter(Boolean).join(' ');
  return [hoursLeft ? plural(hoursLeft, 'hour') : '', mins ? plural(mins, 'minute') : ''].filter(Boolean).join(' ');
}

/** What the inbox shows for a waiting enquiry: "2 hours 10 minutes left" or "Overdue by 35 minutes". */
export function timeLeftWords(dueAt: Date, now: Date): string {
  const left = dueAt.getTime() - now.getTime();
  return left > 0 ? `${durationWords(left)} left` : `Overdue by ${durationWords(-left)}`;
}

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant in words on the timezone's clock: "Tuesday 24 November 2026 at 11:00 (UTC+2)". */
export function instantInWords(at: Date, timezone: string): string {
  const local = toLocalClock(at, timezone);
  const date = `${dayNames[local.getUTCDay()]} ${local.getUTCDate()} ${monthNames[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
  return `${date} at ${local.toISOString().slice(11, 16)} (${timezone})`;
}
