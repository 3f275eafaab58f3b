/**
 * The enquiries' public face: the parts another feature shows too (the staff portal's own
 * enquiries, the contacts' lists of them), and their calls, which the staff portal makes too.
 * Another feature imports these from here, never a file behind it (eslint.config.js).
 */
export { enquiriesApi } from './api/enquiriesApi';
export { useAddNote } from './api/useEnquiries';
export { EnquiryOpenCell, EnquiryStandingCells, EnquiryWhoCell } from './components/EnquiryCells';
export { EnquiryFollowUp, type FollowUpCalls } from './components/EnquiryFollowUp';
export { EnquiryHeading } from './components/EnquiryHeading';
export { EnquiryStatusBadge, NoteForm } from './components/EnquiryNotes';
export { EnquiryStageLine, StageBadge, useMinuteClock, useStageMove } from './components/EnquiryStage';
export { PhoneLinks } from './components/PhoneLinks';
