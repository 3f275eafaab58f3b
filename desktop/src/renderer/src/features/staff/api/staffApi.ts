import { calls } from '@kafue/common/calls';
import type { StaffCreateBody, StaffUpdateBody } from '@kafue/common/contract';
import { call } from '../../../lib/api';

export const staffApi = {
  list: () => call(calls.listStaff),
  create: (body: StaffCreateBody) => call(calls.createStaff, { body }),
  update: (id: string, body: StaffUpdateBody) => call(calls.updateStaff, { params: { id }, body }),
  remove: (id: string) => call(calls.deleteStaff, { params: { id } }),
};
