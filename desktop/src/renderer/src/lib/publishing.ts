/**
 * The site's publish state in the sidebar: "Publishing..." from a change visitors will see until
 * the server has rendered it, then "Live". /api/site/status is polled quickly only while a change
 * is pending or the server says it is rendering, and otherwise at a modest interval (another
 * admin's change shows within it).
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { calls } from '@kafue/common/calls';
import type { SiteStatus } from '@kafue/common/contract';
import { call, unwrap } from './api';
import { queryClient } from './query';

export const siteStatusKey = ['site-status'];
export const busyPollMs = 500;
export const idlePollMs = 30_000;
/** A pending change whose render the status never showed stops counting as pending after this. */
const givenUpAfterMs = 15_000;

interface Pending {
  since: number;
  /** lastPublishedAt when the change was made: a newer one means it is live. */
  baseline: string | null | undefined;
}

interface PublishState {
  pending: Pending | null;
  changed: () => void;
  settled: () => void;
}

export const usePublishState = create<PublishState>((set) => ({
  pending: null,
  changed: () => {
    const known = queryClient.getQueryData<SiteStatus>(siteStatusKey);
    set({ pending: { since: Date.now(), baseline: known?.lastPublishedAt } });
    void queryClient.invalidateQueries({ queryKey: siteStatusKey });
  },
  settled: () => set({ pending: null }),
}));

/** Marks that a change visitors see was saved: the sidebar shows "Publishing..." until it is live. */
export function publicChangeMade(): void {
  usePublishState.getState().changed();
}

function isLive(status: SiteStatus, pending: Pending): boolean {
  if (status.state !== 'idle') return false;
  if (pending.baseline === undefined || status.lastPublishedAt !== pending.baseline) return true;
  return Date.now() - pending.since > givenUpAfterMs;
}

export function usePublishStatus(): { label: 'Publishing...' | 'Live'; status: SiteStatus | undefined } {
  const pending = usePublishState((s) => s.pending);
  const settled = usePublishState((s) => s.settled);
  const { data } = useQuery({
    queryKey: siteStatusKey,
    queryFn: () => unwrap(call(calls.getSiteStatus)),
    refetchInterval: (query) => (usePublishState.getState().pending || query.state.data?.state === 'rendering' ? busyPollMs : idlePollMs),
  });
  const live = pending === null || (data !== undefined && isLive(data, pending));
  useEffect(() => {
    if (pending && live) settled();
  }, [pending, live, settled]);
  return { label: live && data?.state !== 'rendering' ? 'Live' : 'Publishing...', status: data };
}
