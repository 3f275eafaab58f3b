/** Who hears of what by e-mail (issue 11 item 6). */
import type { EntityManager } from 'typeorm';

/** A new enquiry (not spam) arrived: the admins who asked for it hear of it. */
export async function enquiryReceived(_m: EntityManager, _enquiryId: string): Promise<void> {}

/** An enquiry was assigned to a staff member: they hear of it. */
export async function enquiryAssigned(_m: EntityManager, _enquiryId: string, _staffId: string): Promise<void> {}
