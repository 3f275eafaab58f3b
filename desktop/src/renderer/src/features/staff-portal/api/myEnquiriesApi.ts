import { calls } from '@kafue/common/calls';
import type { StaffEnquiryUpdateBody } from '@kafue/common/contract';
import type { EnquiryContactBody, EnquiryReplyBody, EnquiryStageBody } from '@kafue/common/schemas';
import { call, unwrap } from '../../../lib/api';

export const pageSize = 10;

/** A staff member's own enquiries: the portal's calls. */
export const portalApi = {
  list: (page: number) => call(calls.listMyEnquiries, { query: { page, pageSize } }),
  get: (id: string) => call(calls.getMyEnquiry, { params: { id } }),
  update: (id: string, body: StaffEnquiryUpdateBody) => call(calls.updateMyEnquiry, { params: { id }, body }),
  addNote: (id: string, text: string) => call(calls.addMyEnquiryNote, { params: { id }, body: { text } }),
  timeline: (id: string) => call(calls.getMyEnquiryTimeline, { params: { id } }),
  reply: (id: string, body: EnquiryReplyBody) => call(calls.replyToMyEnquiry, { params: { id }, body }),
  contact: (id: string, body: EnquiryContactBody) => call(calls.logMyEnquiryContact, { params: { id }, body }),
  savedReplies: () => call(calls.listMySavedReplies),
  setStage: (id: string, body: EnquiryStageBody) => unwrap(call(calls.setMyEnquiryStage, { params: { id }, body })),
  companyWhatsapp: () => call(calls.getMyCompanyWhatsapp),
};
