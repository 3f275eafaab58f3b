/** The stage moves of the inbox, the board and the detail (EnquiryStage.tsx draws them). */
import type { Enquiry } from '@kafue/common/contract';
import { EnquiryStageLine as StageLine, MoveToMenu as StageMenu, useStageMove, type StageMove, type StageMoveVars } from './EnquiryStage';
import { useFormatTime } from '../../../lib/generalSettings';
import { enquiriesKey } from '../api/useEnquiries';

export const useSetStage = (onMoved?: (vars: StageMoveVars) => void): StageMove => useStageMove(enquiriesKey, undefined, onMoved);

/** "Move to" another stage; `onMoved` hears of each move it made. */
export function MoveToMenu({
  enquiry,
  onMoved,
}: {
  enquiry: Pick<Enquiry, '_id' | 'fullName' | 'stage'>;
  onMoved?: (vars: StageMoveVars) => void;
}) {
  return <StageMenu enquiry={enquiry} move={useSetStage(onMoved)} />;
}

/** The detail's line on the lead, in the General timezone, through the admins' call. */
export function EnquiryStageLine({ enquiry }: { enquiry: Enquiry }) {
  const format = useFormatTime();
  return <StageLine enquiry={enquiry} move={useSetStage()} format={format} />;
}
