/** The audit log (Settings, Audit Log): one page of entries for the filters, and the retention. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, defaultAuditRetentionDays, messages, type AuditListAnswer, type AuditSettings, type MessageAnswer } from '@kafue/common/contract';
import { apiGet, apiPut, unwrap } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';

export const auditPageSize = 25;

export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
}
export const noAuditFilters: AuditFilters = { actor: '', action: '', target: '', from: '', to: '' };

/** The query string of the filters (only those set), with the page when given. */
export function auditQueryString(filters: AuditFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters) as [string, string][]) if (value.trim()) params.set(key, value.trim());
  if (page) {
    params.set('page', String(page));
    params.set('pageSize', String(auditPageSize));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const auditKey = ['audit'];
const settingsKey = ['settings', 'audit'];

export function useAuditList(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: [...auditKey, filters, page],
    queryFn: () => unwrap(apiGet<AuditListAnswer>(`${api.audit}${auditQueryString(filters, page)}`)),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: messages.auditLoadFailed } },
  });
}

export function useAuditSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => unwrap(apiGet<AuditSettings>(api.auditSettings)).then((s) => ({ retentionDays: s.retentionDays ?? defaultAuditRetentionDays })),
  });
}

export function useSaveAuditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: AuditSettings) => unwrap(apiPut<MessageAnswer>(api.auditSettings, values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(settingsKey, values);
      // The change is itself an entry of the log.
      return client.invalidateQueries({ queryKey: auditKey });
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
