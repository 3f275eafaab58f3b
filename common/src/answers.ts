/** Answers every resource shares: the error, the plain confirmation, and the health and readiness checks. */
import { z } from 'zod';

/** Every error answer (design.md "API conventions"). */
export const apiError = z
  .object({
    message: z.string(),
    /** Per-field messages on a validation failure, keyed by field name. */
    errors: z.record(z.string(), z.string()).optional(),
    /** On an admin sign-in without the second factor, for an account that has it. */
    twoFactorRequired: z.literal(true).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiError>;

export const messageAnswer = z.object({ message: z.string() }).meta({ id: 'MessageAnswer' });
export type MessageAnswer = z.infer<typeof messageAnswer>;

export const healthOk = z.object({ status: z.literal('ok') }).meta({ id: 'HealthOk' });
export const healthUnavailable = z
  .object({ status: z.literal('unavailable'), message: z.string() })
  .meta({ id: 'HealthUnavailable', description: 'The database cannot be reached (status 503).' });
export type HealthAnswer = z.infer<typeof healthOk> | z.infer<typeof healthUnavailable>;

export const readyOk = z.object({ status: z.literal('ready') }).meta({ id: 'ReadyOk' });
export const notReady = z
  .object({ status: z.enum(['draining', 'unavailable']), message: z.string() })
  .meta({ id: 'NotReady', description: 'Draining after SIGTERM, or the database cannot be reached (status 503).' });
export type ReadyAnswer = z.infer<typeof readyOk> | z.infer<typeof notReady>;
