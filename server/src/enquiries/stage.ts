/**
 * How an enquiry moves through its stages (common/src/leads.ts) as the team follows it: each
 * response to the enquirer stops its reply clock, and a quote moves it on. Called in the
 * transaction of the event that causes the move.
 */
import type { EntityManager } from 'typeorm';

/**
 * A reply sent or a contact logged at `at`: the first one sets `first_response_at`, and a `new`
 * enquiry becomes `contacted`.
 */
export async function recordResponse(m: EntityManager, enquiryId: string, at: Date): Promise<void> {
  await m.query(
    `UPDATE enquiries SET first_response_at = coalesce(first_response_at, $2),
            stage = CASE WHEN stage = 'new' THEN 'contacted' ELSE stage END, updated_at = now()
      WHERE id = $1`,
    [enquiryId, at],
  );
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
