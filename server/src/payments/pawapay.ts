/**
 * pawaPay's Merchant API v2, the part that takes mobile money from a payer in Zambia (deposits), as
 * these pages describe it:
 * - https://docs.pawapay.io/v2/api-reference/deposits/initiate-deposit: POST /v2/deposits with
 *   `payer: { type: 'MMO', accountDetails: { phoneNumber, provider } }` answers `status` ACCEPTED,
 *   DUPLICATE_IGNORED (a depositId it has: nothing new happens) or REJECTED with
 *   `failureReason: { failureCode, failureMessage }`; customerMessage is 4 to 22 characters.
 * - https://docs.pawapay.io/v2/api-reference/deposits/check-deposit-status: GET /v2/deposits/{id}
 *   answers `{ status: 'FOUND', data: deposit }` or `{ status: 'NOT_FOUND' }`.
 * - https://docs.pawapay.io/v2/api-reference/deposits/deposit-callback: the callback is the deposit
 *   in a final status, signed only when signed callbacks are enabled; its body decides nothing here.
 * - https://docs.pawapay.io/v2/docs/deposits: the depositId is ours, stored before the call, so a
 *   deposit whose answer was lost is found again by the status check.
 * - https://docs.pawapay.io/v2/docs/failure_codes: technical codes (HTTP 400, 401, 403, or 200 for
 *   INVALID_PHONE_NUMBER, AMOUNT_OUT_OF_BOUNDS, ...) and the payer's transaction codes.
 */

export type PawapayProvider = 'MTN_MOMO_ZMB' | 'AIRTEL_OAPI_ZMB' | 'ZAMTEL_ZMB';

export interface DepositRequest {
  /** A UUID, ours, stored before the first call. */
  depositId: string;
  /** A decimal string, "150" or "150.50": ZMW takes at most two decimal places. */
  amount: string;
  /** 260XXXXXXXXX, digits only. */
  phoneNumber: string;
  provider: PawapayProvider;
  clientReferenceId: string;
  /** 4 to 22 letters, digits or spaces: the narration the payer may see on the SMS receipt. */
  customerMessage: string;
}

export type Initiation =
  /** ACCEPTED or DUPLICATE_IGNORED: the payer is asked on the phone. */
  | { kind: 'accepted' }
  /** REJECTED: nothing was created; `message` is the reason in plain words. */
  | { kind: 'rejected'; code: string; message: string }
  /** No answer, a 5xx or an answer the docs do not describe: the status check decides later. */
  | { kind: 'unknown'; error: string };

export type DepositState =
  /** Any status that is not final: ACCEPTED, PROCESSING, IN_RECONCILIATION, ... */
  | { kind: 'pending'; status: string }
  | { kind: 'completed'; providerTransactionId: string | null; amount: string; currency: string }
  | { kind: 'failed'; code: string; message: string }
  /** pawaPay never got it: the same depositId may be sent again. */
  | { kind: 'not-found' }
  | { kind: 'unknown'; error: string };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const failureCodeOf = (body: Record<string, unknown>): string | undefined =>
  isObject(body.failureReason) && typeof body.failureReason.failureCode === 'string' ? body.failureReason.failureCode : undefined;

const inWords: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'There is not enough money in the mobile money account.',
  PAYMENT_NOT_APPROVED: 'The payment was not approved on the phone in time: no PIN, a wrong PIN, or the request was declined.',
  PAYER_NOT_FOUND: 'This phone number has no mobile money account with the chosen network.',
  PAYER_LIMIT_REACHED: 'The mobile money account has reached its transaction limit.',
  WALLET_LIMIT_REACHED: 'The mobile money account has reached its transaction limit.',
  PAYMENT_IN_PROGRESS: 'Another payment on this phone is still being processed. Please try again in a few minutes.',
  TRANSACTION_ALREADY_IN_PROCESS: 'Another payment on this phone is still being processed. Please try again in a few minutes.',
  PROVIDER_TEMPORARILY_UNAVAILABLE: 'The mobile money network is not taking payments right now. Please try again later.',
  AMOUNT_OUT_OF_BOUNDS: 'The amount is outside what this mobile money network allows for one payment.',
  INVALID_PHONE_NUMBER: 'The phone number is not a valid mobile money number.',
};

/** The reason of a failure code in plain words for a payer; unknown codes get a general sentence. */
export function failureInWords(code: string): string {
  return inWords[code] ?? 'The payment did not go through. Please try again, or pay from another phone or network.';
}

/**
 * A callback's depositId when the body is a well-formed deposit callback (a JSON object with a
 * UUID depositId); undefined otherwise. The body is never trusted for the state: the caller asks
 * checkDeposit.
 */
export function callbackDepositId(body: unknown): string | undefined {
  return isObject(body) && typeof body.depositId === 'string' && uuid.test(body.depositId) ? body.depositId : undefined;
}

type Answer = { status: number; body: unknown } | { error: string };

export class PawapayClient {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;

  constructor(options: { baseUrl: string; token: string; timeoutMs?: number }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async initiateDeposit(request: DepositRequest): Promise<Initiation> {
    const answer = await this.call('POST', '/v2/deposits', {
      depositId: request.depositId,
      // v1's docs allowed trailing zeros; v2 lists no such rule, so "150.50" goes as "150.5", the same amount.
      amount: request.amount.includes('.') ? request.amount.replace(/\.?0+$/, '') : request.amount,
      currency: 'ZMW',
      payer: { type: 'MMO', accountDetails: { phoneNumber: request.phoneNumber, provider: request.provider } },
      clientReferenceId: request.clientReferenceId,
      customerMessage: request.customerMessage,
    });
    if ('error' in answer) return { kind: 'unknown', error: answer.error };
    const { status, body } = answer;
    // A 5xx (UNKNOWN_ERROR) may come after pawaPay stored the deposit: only the status check can tell.
    if (status >= 500 || !isObject(body))
      return { kind: 'unknown', error: `POST /v2/deposits: HTTP ${status}, no answer the docs describe` };
    if (status < 300 && (body.status === 'ACCEPTED' || body.status === 'DUPLICATE_IGNORED')) return { kind: 'accepted' };
    // REJECTED is a definite no with HTTP 200 (INVALID_PHONE_NUMBER, AMOUNT_OUT_OF_BOUNDS, ...) and with
    // the 400, 401 and 403 the failure codes page lists (INVALID_PARAMETER, AUTHENTICATION_ERROR, ...):
    // nothing was stored. Any other 4xx is an answer the docs do not describe, so it stays unknown.
    const code = body.status === 'REJECTED' ? failureCodeOf(body) : undefined;
    if (code && code !== 'UNKNOWN_ERROR') return { kind: 'rejected', code, message: failureInWords(code) };
    return { kind: 'unknown', error: `POST /v2/deposits: HTTP ${status}, ${code ?? 'no answer the docs describe'}` };
  }

  async checkDeposit(depositId: string): Promise<DepositState> {
    const path = `/v2/deposits/${encodeURIComponent(depositId)}`;
    const answer = await this.call('GET', path);
    if ('error' in answer) return { kind: 'unknown', error: answer.error };
    const { status, body } = answer;
    if (status === 200 && isObject(body) && body.status === 'NOT_FOUND') return { kind: 'not-found' };
    const data = isObject(body) && body.status === 'FOUND' ? body.data : undefined;
    if (
      status !== 200 ||
      !isObject(data) ||
      String(data.depositId).toLowerCase() !== depositId.toLowerCase() ||
      typeof data.status !== 'string'
    ) {
      return { kind: 'unknown', error: `GET ${path}: HTTP ${status}, no answer the docs describe` };
    }
    if (data.status === 'COMPLETED') {
      if (typeof data.amount !== 'string' || typeof data.currency !== 'string') {
        return { kind: 'unknown', error: `GET ${path}: COMPLETED without amount or currency` };
      }
      const providerTransactionId = typeof data.providerTransactionId === 'string' ? data.providerTransactionId : null;
      return { kind: 'completed', providerTransactionId, amount: data.amount, currency: data.currency };
    }
    if (data.status === 'FAILED') {
      // FAILED is final even without a reason; the operator's "no reason given" code stands in for it.
      const code = failureCodeOf(data) ?? 'UNSPECIFIED_FAILURE';
      return { kind: 'failed', code, message: failureInWords(code) };
    }
    return { kind: 'pending', status: data.status };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      try {
        return { status: response.status, body: JSON.parse(text) as unknown };
      } catch {
        return { status: response.status, body: undefined };
      }
    } catch (error) {
      return { error: this.redact(`${method} ${path}: ${this.reasonOf(error)}`) };
    }
  }

  private reasonOf(error: unknown): string {
    if (!(error instanceof Error)) return String(error);
    if (error.name === 'TimeoutError') return `no answer within ${this.timeoutMs} ms`;
    const code = (error.cause as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? `${error.message} (${code})` : error.message;
  }

  /** fetch names a header value it refuses in its message: the token never leaves in an error. */
  private redact(text: string): string {
    return this.token ? text.split(this.token).join('[token]') : text;
  }
}
