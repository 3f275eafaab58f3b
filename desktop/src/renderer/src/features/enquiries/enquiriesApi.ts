/**
 * The inbox calls (issue 11 item 2). The types are the contract's words until the server's
 * schemas (common/src/enquiries.ts) are merged.
 */
import { api, type MessageAnswer, type StaffUser } from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

export const enquiryStatuses = ['New', 'Open', 'Closed', 'Spam'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export interface EnquiryNote {
  _id: string;
  text: string;
  createdAt: string;
  author: { kind: 'admin' | 'staff'; _id: string; name: string };
}

export interface Enquiry {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  status: EnquiryStatus;
  assignee: { _id: string; name: string } | null;
  createdAt: string;
  readAt: string | null;
}

export interface EnquiryDetail extends Enquiry {
  notes: EnquiryNote[];
}

export interface EnquiryPage {
  items: Enquiry[];
  total: number;
  page: number;
  pageSize: number;
}

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

export interface EnquiryUpdate {
  status?: EnquiryStatus;
  assigneeId?: string | null;
}

export const enquiryPaths = {
  list: '/api/enquiries',
  byId: (id: string) => `/api/enquiries/${encodeURIComponent(id)}`,
  notes: (id: string) => `/api/enquiries/${encodeURIComponent(id)}/notes`,
  unreadCount: '/api/enquiries/unread-count',
  exportCsv: '/api/enquiries/export.csv',
};

/** The query string of a list or export: the filters that are set, never empty ones. */
export function enquiryQueryString(query: Partial<EnquiryQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== '' && value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const enquiriesApi = {
  list: (query: EnquiryQuery) => apiGet<EnquiryPage>(`${enquiryPaths.list}${enquiryQueryString(query)}`),
  get: (id: string) => apiGet<EnquiryDetail>(enquiryPaths.byId(id)),
  update: (id: string, body: EnquiryUpdate) => apiPut<MessageAnswer>(enquiryPaths.byId(id), body),
  addNote: (id: string, text: string) => apiPost<unknown>(enquiryPaths.notes(id), { text }),
  remove: (id: string) => apiDelete<MessageAnswer>(enquiryPaths.byId(id)),
  unreadCount: () => apiGet<{ count: number }>(enquiryPaths.unreadCount),
  staff: () => apiGet<StaffUser[]>(api.staff),
};

/** The contact form's service options (the Service filter). */
export const enquiryServices = ['Web Development', 'Cybersecurity', 'Digital Marketing', 'Other'] as const;
