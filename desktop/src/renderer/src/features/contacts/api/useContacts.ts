/** Contacts through the console's data layer. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { call, unwrap } from '../../../lib/api';

export const loadFailed = 'Failed to load contacts';
export const contactPageSize = 25;

export function useContactList(query: { q: string; page: number; sort: string }) {
  return useQuery({
    queryKey: ['contacts', 'list', query],
    queryFn: () => unwrap(call(calls.listContacts, { query: { ...query, pageSize: contactPageSize } })),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: loadFailed } },
  });
}

export function useContact(key: string) {
  return useQuery({
    queryKey: ['contacts', 'detail', key],
    queryFn: () => unwrap(call(calls.getContact, { params: { key } })),
    meta: { failureToast: { fallback: loadFailed } },
  });
}
