import { calls } from '@kafue/common/calls';
import type { StaffEnquiryUpdateBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';
import { enquiriesApi } from '../../enquiries';

export const pageSize = 10;

/**
 * A staff member's own enquiries: the inbox's calls, which the server keeps to the enquiries
 * assigned to the caller (team access); a page of ten, and a change of status only.
 */
export const portalApi = {
  list: (page: number) => call(calls.listEnquiries, { query: { page, pageSize } }),
  get: enquiriesApi.get,
  update: (id: string, body: StaffEnquiryUpdateBody) => enquiriesApi.update(id, body),
  timeline: enquiriesApi.timeline,
  reply: enquiriesApi.reply,
  contact: enquiriesApi.contact,
  savedReplies: enquiriesApi.savedReplies,
  companyWhatsapp: () => call(calls.getMyCompanyWhatsapp),
};
