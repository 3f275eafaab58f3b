/**
 * The configured timezone (General settings) is a fixed offset such as 'UTC+8' or 'UTC-5'. The
 * server counts days, months and schedule hours in it and the console shows times in it: both
 * shift instants with these helpers, so that the offset is read one way.
 */

const hourMs = 3_600_000;

/** Hours east of UTC of a timezone value such as 'UTC+8' or 'UTC-5'; 0 for anything else. */
export function offsetHours(timezone: string): number {
  const match = /^UTC([+-]\d{1,2})$/.exec(timezone);
  return match ? Number(match[1]) : 0;
}

/** The wall clock of the timezone at `instant`, as a Date whose UTC fields read it. */
export const toLocalClock = (instant: Date | number, timezone: string): Date =>
  new Date(new Date(instant).getTime() + offsetHours(timezone) * hourMs);

/** The instant at which the timezone's wall clock shows `local` (a time whose UTC fields are that clock). */
export const fromLocalClock = (local: Date | number, timezone: string): Date =>
  new Date(new Date(local).getTime() - offsetHours(timezone) * hourMs);
