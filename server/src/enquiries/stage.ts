/**
 * How an enquiry moves through its stages (common/src/leads.ts) as the team follows it: each
 * response to the enquirer stops its reply clock, a quote moves it on, and the team moves it by
 * hand (setStage, with its audit row). The others are called in the transaction of the event that
 * causes the move.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Enquiry } from '@kafue/common/contract';
import type { LeadStage, LostReason } from '@kafue/common/leads';
import { diff, type AuditRecorder } from '../audit/audit.js';
import { notFound } from '../http/errors.js';
import { startMissingClocks } from './clock.js';
import { enquiryTarget, readEnquiry } from './enquiries.js';

/** What a move of stage changes, as the audit log compares it. */
export interface StageFields {
  stage: LeadStage;
  lostReason: LostReason | null;
  lostReasonText: string | null;
  status: string;
}
const stageColumns = `stage, lost_reason AS "lostReason", lost_reason_text AS "lostReasonText", status`;

/**
 * A reply sent or a contact logged at `at`: it answers what the client wrote (the enquiry no
 * longer awaits our reply), the first one sets `first_response_at`, and a `new` enquiry becomes
 * `contacted`.
 */
export async function recordResponse(m: EntityManager, enquiryId: string, at: Date): Promise<void> {
  await m.query(
    `UPDATE enquiries SET first_response_at = coalesce(first_response_at, $2), awaiting_reply_since = NULL,
            stage = CASE WHEN stage = 'new' THEN 'contacted' ELSE stage END, updated_at = now()
      WHERE id = $1`,
    [enquiryId, at],
  );
  await m.query(`UPDATE reply_waits SET answered_at = $2 WHERE enquiry_id = $1 AND answered_at IS NULL`, [enquiryId, at]);
}

/** A quote sent: the enquiry is `quoted`, unless it is already won or lost. */
export async function markQuoted(m: EntityManager, enquiryId: string): Promise<void> {
  await m.query(`UPDATE enquiries SET stage = 'quoted', updated_at = now() WHERE id = $1 AND stage NOT IN ('won', 'lost')`, [enquiryId]);
}

/** A quote accepted: the enquiry is `won`, which closes it. */
export async function markWon(m: EntityManager, enquiryId: string): Promise<void> {
  await m.query(
    `UPDATE enquiries SET stage = 'won', lost_reason = NULL, lost_reason_text = NULL, status = 'Closed', updated_at = now() WHERE id = $1`,
    [enquiryId],
  );
}

/**
 * Moves an enquiry to `stage` by hand (restricted to a staff member's own with `assigneeId`; 404
 * when there is none, or it is not theirs). `lost` keeps its reason (the words only for `other`);
 * any other stage clears them. Won and lost close the enquiry; moving a won or lost one back to an
 * open stage reopens it (Open), with a due time if it had none. Answers the enquiry moved.
 */
export async function setStage(
  db: DataSource,
  enquiryId: string,
  change: { stage: LeadStage; lostReason?: LostReason | null; lostReasonText?: string | null },
  assigneeId: string | undefined,
  audit: AuditRecorder,
): Promise<Enquiry> {
  return db.transaction(async (m) => {
    const [before] = await m.query<StageFields[]>(
      `SELECT ${stageColumns} FROM enquiries WHERE id = $1 ${assigneeId ? 'AND assignee_id = $2' : ''} FOR UPDATE`,
      assigneeId ? [enquiryId, assigneeId] : [enquiryId],
    );
    if (!before) throw notFound();
    const lost = change.stage === 'lost';
    const closes = lost || change.stage === 'won';
    // TypeORM answers an UPDATE with its rows and their count.
    const [[after]] = await m.query<[StageFields[], number]>(
      `UPDATE enquiries SET stage = $2, lost_reason = $3, lost_reason_text = $4,
              status = CASE WHEN $5::boolean THEN 'Closed' WHEN status = 'Closed' AND stage IN ('won', 'lost') THEN 'Open' ELSE status END, updated_at = now()
        WHERE id = $1 RETURNING ${stageColumns}`,
      [
        enquiryId,
        change.stage,
        lost ? change.lostReason : null,
        lost && change.lostReason === 'other' ? change.lostReasonText : null,
        closes,
      ],
    );
    // Reopened: its clock runs from its receipt, if it never did.
    await startMissingClocks(m, new Date(), enquiryId);
    const enquiry = (await readEnquiry(m, enquiryId)) as Enquiry;
    await audit(m, { action: 'enquiry.stage', target: enquiryTarget(enquiry), changes: diff(before, after) });
    return enquiry;
  });
}
