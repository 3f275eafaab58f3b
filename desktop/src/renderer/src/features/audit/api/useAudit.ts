/** The audit log (Settings, Audit Log): one page of entries for the filters, and the retention. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { defaultAuditRetentionDays, messages, type AuditSettings } from '@kafue/common/contract';
import type { AuditKind } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

export const auditPageSize = 25;

export interface AuditFilters {
  /** The start of a name or an email. */
  actor: string;
  /** A kind of change (auditKinds), or '' for every kind. */
  kind: AuditKind | '';
  target: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}
export const noAuditFilters: AuditFilters = { actor: '', kind: '', target: '', from: '', to: '' };

/** The query of the filters, trimmed (empty ones are left out), with the page when given. */
export function auditQuery(filters: AuditFilters, page?: number) {
  const trimmed: Record<string, string> = Object.fromEntries(
    Object.entries<string>({ ...filters })
      .map(([key, value]): [string, string] => [key, value.trim()])
      .filter(([, value]) => value !== ''),
  );
  return page ? { ...trimmed, page, pageSize: auditPageSize } : trimmed;
}

const auditKey = ['audit'];
const settingsKey = ['settings', 'audit'];

export function useAuditList(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...auditKey, filters, page],
    queryFn: () => unwrap(call(calls.listAudit, { query: auditQuery(filters, page) })),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: messages.auditLoadFailed } },
  });
}

export function useAuditSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => unwrap(call(calls.getAuditSettings)).then((s) => ({ retentionDays: s.retentionDays ?? defaultAuditRetentionDays })),
  });
}

export function useSaveAuditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AuditSettings) => unwrap(call(calls.saveAuditSettings, { body: values })),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(settingsKey, values);
      // The change is itself an entry of the log.
      return client.invalidateQueries({ queryKey: auditKey });
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
