/** The inbox calls. */
import {
  api,
  type EnquiryDetail,
  type EnquiryList,
  type EnquiryNoteAnswer,
  type EnquiryUpdateAnswer,
  type EnquiryUpdateBody,
  type MessageAnswer,
  type StaffUser,
} from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

export { enquiryServices, enquiryStatuses, type EnquiryStatus } from '@kafue/common/contract';

/** The list's query: its filters (empty ones are left out), page, page size and sort. */
export interface EnquiryQuery {
  q: string;
  status: string;
  service: string;
  assignee: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sort: string;
}

/** The query string of a list or export: the filters that are set, never empty ones. */
export function enquiryQueryString(query: Partial<EnquiryQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== '' && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const enquiriesApi = {
  list: (query: EnquiryQuery) => apiGet<EnquiryList>(`${api.enquiries}${enquiryQueryString(query)}`),
  get: (id: string) => apiGet<EnquiryDetail>(api.enquiryById(id)),
  update: (id: string, body: EnquiryUpdateBody) => apiPut<EnquiryUpdateAnswer>(api.enquiryById(id), body),
  addNote: (id: string, text: string) => apiPost<EnquiryNoteAnswer>(api.enquiryNotes(id), { text }),
  remove: (id: string) => apiDelete<MessageAnswer>(api.enquiryById(id)),
  unreadCount: () => apiGet<{ count: number }>(api.enquiriesUnreadCount),
  staff: () => apiGet<StaffUser[]>(api.staff),
};
