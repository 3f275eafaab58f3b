/**
 * Every error answer is `{ message }` (plus `errors` per field on validation) with the right
 * status; never a stack trace (design.md "API conventions").
 */
import { messages } from '@kafue/common/contract';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** Further fields of the answer, as the ApiError schema names them (twoFactorRequired). */
    readonly extra?: { twoFactorRequired?: true },
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, messages.notFound);
export const notSignedIn = () => new HttpError(401, messages.notSignedIn);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);

const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when the error says the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (connectionCodes.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|not queryable|connection error|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
    if (e instanceof AggregateError) return e.errors.some(isDatabaseUnavailable);
    e = (e.driverError ?? e.cause) as Record<string, unknown> | undefined;
  }
  return false;
}

/** PostgreSQL unique_violation. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === '23505' || e?.driverError?.code === '23505';
}

/**
 * Runs a write that may hit a unique email index (staff, admins), answering 409 for a
 * duplicate.
 */
export async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, messages.emailTaken, { email: messages.emailTaken });
    throw error;
  }
}
