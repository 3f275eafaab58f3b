/** The inbox calls; the staff portal makes them too, on the enquiries assigned to the caller. */
import { calls } from '@kafue/common/calls';
import type { EnquiryUpdateBody } from '@kafue/common/contract';
import type { EnquiryContactBody, EnquiryReplyBody, EnquiryStageBody } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';

export { enquiryServices, enquiryStatuses, type EnquiryStatus } from '@kafue/common/contract';

/** The list's query: its filters (empty ones are left out), page, page size and sort. */
export interface EnquiryQuery {
  q: string;
  status: string;
  service: string;
  /** An enquiry kind (message, service, quote, consultation); empty for all. */
  kind: string;
  /** A lead stage; empty for all. */
  stage: string;
  /** 'true': only the enquiries awaiting our reply; empty for all. */
  awaiting: string;
  assignee: string;
  from: string;
  to: string;
  page: number;
  pageSize: number;
  sort: string;
}

export const enquiriesApi = {
  /** The filters that are empty are left out of the query. */
  list: (query: EnquiryQuery) => call(calls.listEnquiries, { query }),
  get: (id: string) => call(calls.getEnquiry, { params: { id } }),
  update: (id: string, body: EnquiryUpdateBody) => call(calls.updateEnquiry, { params: { id }, body }),
  addNote: (id: string, text: string) => call(calls.addEnquiryNote, { params: { id }, body: { text } }),
  setStage: (id: string, body: EnquiryStageBody) => unwrap(call(calls.setEnquiryStage, { params: { id }, body })),
  remove: (id: string) => call(calls.deleteEnquiry, { params: { id } }),
  unreadCount: () => call(calls.countUnreadEnquiries),
  staff: () => call(calls.listStaff),
  timeline: (id: string) => call(calls.getEnquiryTimeline, { params: { id } }),
  reply: (id: string, body: EnquiryReplyBody) => call(calls.replyToEnquiry, { params: { id }, body }),
  contact: (id: string, body: EnquiryContactBody) => call(calls.logEnquiryContact, { params: { id }, body }),
  savedReplies: () => call(calls.listSavedReplies),
  company: () => call(calls.getCompanyProfile),
};
