/** The admins' stage call, for the inbox, the board and the detail (components/EnquiryStage.tsx shows stages). */
import { calls } from '@kafue/common/calls';
import type { Enquiry } from '@kafue/common/contract';
import type { LeadStage } from '@kafue/common/leads';
import { EnquiryStageLine as StageLine, MoveToMenu as StageMenu, useStageMove, type StageMove } from '../../components/EnquiryStage';
import { call, unwrap } from '../../lib/api';
import { useFormatTime } from '../../lib/generalSettings';
import { enquiriesKey } from './useEnquiries';

export const useSetStage = (): StageMove =>
  useStageMove((id, body) => unwrap(call(calls.setEnquiryStage, { params: { id }, body })), enquiriesKey);

/** "Move to" another stage, through the admins' call. */
export function MoveToMenu(props: { enquiry: Pick<Enquiry, '_id' | 'fullName' | 'stage'>; onMoved?: (stage: LeadStage) => void }) {
  return <StageMenu move={useSetStage()} {...props} />;
}

/** The detail's line on the lead, in the General timezone, through the admins' call. */
export function EnquiryStageLine({ enquiry }: { enquiry: Enquiry }) {
  const format = useFormatTime();
  return <StageLine enquiry={enquiry} move={useSetStage()} format={format} />;
}
