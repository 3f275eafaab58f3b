/**
 * General settings as the whole console reads them: Site Name names the window,
 * Timezone is the one every time on screen is shown in. One query, shared by every screen (the
 * General settings screen keeps it up to date when it saves under the same key).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { defaultGeneralSettings, type GeneralSettings } from '@kafue/common/contract';
import { toLocalClock } from '@kafue/common/time';
import { call, unwrap } from './api';

/** The one definition of the query, defaults filled in (the settings screen reads it fresh: features/settings). */
export const generalSettingsQuery = queryOptions({
  queryKey: ['settings', 'general'],
  queryFn: () => unwrap(call(calls.getGeneralSettings)).then((saved): GeneralSettings => ({ ...defaultGeneralSettings, ...saved })),
  staleTime: 60_000,
});

export function useGeneralSettingsValue(): GeneralSettings {
  const { data } = useQuery(generalSettingsQuery);
  return data ?? defaultGeneralSettings;
}

/** A moment as people read it in the configured timezone: '21 Nov 2026, 17:00 (UTC+8)'. */
export function formatInTimezone(iso: string | null | undefined, timezone: string, withTime = true): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const text = toLocalClock(time, timezone).toLocaleString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  });
  return withTime ? `${text} (${timezone})` : text;
}

/** The console's time formatter for the configured timezone. */
export function useFormatTime(): (iso: string | null | undefined, withTime?: boolean) => string {
  const { timezone } = useGeneralSettingsValue();
  return (iso, withTime = true) => formatInTimezone(iso, timezone, withTime);
}
