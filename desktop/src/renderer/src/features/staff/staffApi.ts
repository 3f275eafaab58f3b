import { api, type MessageAnswer, type StaffCreateAnswer, type StaffCreateBody, type StaffUpdateBody } from '@kafue/common/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../lib/api';

export const staffApi = {
  list: () => apiGet<unknown>(api.staff),
  create: (body: StaffCreateBody) => apiPost<StaffCreateAnswer>(api.staff, body),
  update: (id: string, body: StaffUpdateBody) => apiPut<MessageAnswer>(api.staffById(id), body),
  remove: (id: string) => apiDelete<MessageAnswer>(api.staffById(id)),
};
