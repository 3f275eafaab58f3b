/**
 * pawaPay's v2 deposits API in the test's process, on a free port of 127.0.0.1, as the pages named
 * in src/payments/pawapay.ts describe it: POST /v2/deposits and GET /v2/deposits/{depositId}
 * behind a Bearer token, the refusals of the failure codes page (a technical code with its HTTP
 * status, 400, 401, 403, or 200 for what the provider refuses, as REJECTED with
 * `failureReason: { failureCode, failureMessage }`), and the callback pawaPay POSTs once a deposit
 * is final. The operator's side is the test's: nextInitiation() and settle().
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStandInServer } from './standin-server.js';

export interface StandInDeposit {
  depositId: string;
  status: 'ACCEPTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
  /** As received. */
  amount: string;
  currency: string;
  phoneNumber: string;
  provider: string;
  clientReferenceId?: string;
  customerMessage?: string;
  providerTransactionId?: string;
  failureCode?: string;
  created: string;
}

type How = 'accept' | { reject: string } | { hang: number } | { serverError: true };

export interface PawapayStandIn {
  url: string;
  token: string;
  /** Every request, in order; `body` is the parsed JSON, the text when it is not JSON, undefined when empty. */
  received: { method: string; path: string; body: unknown }[];
  deposits: Map<string, StandInDeposit>;
  /**
   * How the next POST /v2/deposits is answered (a queue; default 'accept'): ACCEPTED
   * (DUPLICATE_IGNORED for a depositId it has), REJECTED with a code, no answer for `ms` then
   * ACCEPTED-but-too-late (the deposit IS created, as when pawaPay got it but the answer was lost),
   * or a 500 without creating it. A request refused for its token or its body takes no turn.
   */
  nextInitiation(how: How): void;
  /** Finishes a deposit as the operator would. */
  settle(
    depositId: string,
    outcome: { status: 'COMPLETED'; providerTransactionId?: string } | { status: 'FAILED'; failureCode: string },
  ): void;
  /** The callback body pawaPay would send for the deposit now (v2 shape). */
  callbackBody(depositId: string): Record<string, unknown>;
  /** POSTs a callback (the deposit's own, or `body` to lie) to `url`, as pawaPay does; answers the HTTP status it got. */
  sendCallback(url: string, depositId: string, body?: unknown): Promise<number>;
  close(): Promise<void>;
}

const providers = ['MTN_MOMO_ZMB', 'AIRTEL_OAPI_ZMB', 'ZAMTEL_ZMB'];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The properties initiate-deposit documents; any other is UNSUPPORTED_PARAMETER. */
const documented = new Set([
  'depositId',
  'amount',
  'currency',
  'payer',
  'preAuthorisationCode',
  'clientReferenceId',
  'customerMessage',
  'metadata',
  'successfulUrl',
  'failedUrl',
]);

interface Refusal {
  http: number;
  code: string;
  message: string;
}

const refuse = (http: number, code: string, message: string): Refusal => ({ http, code, message });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The refusal the failure codes page gives this deposit request, if any. */
function check(body: unknown): Refusal | undefined {
  if (!isObject(body)) return refuse(400, 'INVALID_INPUT', 'The request body is not a JSON object.');
  const payer = body.payer;
  const account = isObject(payer) ? payer.accountDetails : undefined;
  const missing = [
    ['depositId', body.depositId],
    ['amount', body.amount],
    ['currency', body.currency],
    ['payer', payer],
    ['payer.type', isObject(payer) ? payer.type : undefined],
    ['payer.accountDetails', account],
    ['payer.accountDetails.phoneNumber', isObject(account) ? account.phoneNumber : undefined],
    ['payer.accountDetails.provider', isObject(account) ? account.provider : undefined],
  ].find(([, value]) => value === undefined || value === null);
  if (missing) return refuse(400, 'MISSING_PARAMETER', `Missing required property '${String(missing[0])}'.`);
  const extra = Object.keys(body).find((key) => !documented.has(key));
  if (extra) return refuse(400, 'UNSUPPORTED_PARAMETER', `Property '${extra}' is not supported.`);
  const { depositId, amount, currency, customerMessage, clientReferenceId } = body;
  if (typeof depositId !== 'string' || !uuid.test(depositId)) return refuse(400, 'INVALID_PARAMETER', 'depositId must be a UUID.');
  // 1 to 23 characters, no leading zero but for a value under one; two decimal places at most in ZMW.
  if (typeof amount !== 'string' || amount.length > 23 || !/^(0|[1-9]\d*)(\.\d+)?$/.test(amount)) {
    return refuse(400, 'INVALID_PARAMETER', 'amount must be a decimal string.');
  }
  if (/\.\d{3,}$/.test(amount)) return refuse(200, 'INVALID_AMOUNT', 'The provider takes at most two decimal places.');
  if (Number(amount) <= 0) return refuse(200, 'AMOUNT_OUT_OF_BOUNDS', 'The amount is below the minimum.');
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return refuse(400, 'INVALID_PARAMETER', 'currency must be ISO 4217.');
  if (currency !== 'ZMW') return refuse(200, 'INVALID_CURRENCY', `The provider does not support ${currency}.`);
  if (!isObject(payer) || payer.type !== 'MMO' || !isObject(account)) return refuse(400, 'INVALID_PARAMETER', "payer.type must be 'MMO'.");
  if (typeof account.provider !== 'string' || !providers.includes(account.provider)) {
    return refuse(200, 'INVALID_PROVIDER', 'The provider is not valid for the request.');
  }
  if (typeof account.phoneNumber !== 'string' || !/^260\d{9}$/.test(account.phoneNumber)) {
    return refuse(200, 'INVALID_PHONE_NUMBER', 'The phone number is not in the MSISDN format.');
  }
  if (customerMessage !== undefined && (typeof customerMessage !== 'string' || !/^[a-zA-Z0-9 ]{4,22}$/.test(customerMessage))) {
    return refuse(400, 'INVALID_PARAMETER', 'customerMessage must be 4 to 22 letters, digits or spaces.');
  }
  if (clientReferenceId !== undefined && typeof clientReferenceId !== 'string') {
    return refuse(400, 'INVALID_PARAMETER', 'clientReferenceId must be a string.');
  }
  return undefined;
}

/** The deposit as GET /v2/deposits/{id} shows it ("123.00") and, without clientReferenceId, as its callback does. */
function shown(deposit: StandInDeposit, withReference: boolean): Record<string, unknown> {
  const [units, cents = ''] = deposit.amount.split('.');
  return {
    depositId: deposit.depositId,
    status: deposit.status,
    amount: `${units}.${cents.padEnd(2, '0')}`,
    currency: deposit.currency,
    country: 'ZMB',
    payer: { type: 'MMO', accountDetails: { phoneNumber: deposit.phoneNumber, provider: deposit.provider } },
    ...(deposit.customerMessage === undefined ? {} : { customerMessage: deposit.customerMessage }),
    ...(withReference && deposit.clientReferenceId !== undefined ? { clientReferenceId: deposit.clientReferenceId } : {}),
    created: deposit.created,
    ...(deposit.providerTransactionId === undefined ? {} : { providerTransactionId: deposit.providerTransactionId }),
    ...(deposit.failureCode === undefined
      ? {}
      : { failureReason: { failureCode: deposit.failureCode, failureMessage: `The deposit failed: ${deposit.failureCode}.` } }),
  };
}

function answer(res: ServerResponse, http: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(http, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Options for a stand-in in a process of its own (the browser suites': pawapay-standin-serve.ts):
 * its port and token, and `control`: the test's side over HTTP under /_standin/ (settle a deposit,
 * send its callback to `callbackUrl`, list the deposits), which a stand-in in the test's own
 * process does not need.
 */
export interface StandInOptions {
  port?: number;
  token?: string;
  control?: { callbackUrl: string };
}

export async function startPawapayStandIn(options: StandInOptions = {}): Promise<PawapayStandIn> {
  const token = options.token ?? `standin-${randomUUID()}`;
  const received: PawapayStandIn['received'] = [];
  const deposits = new Map<string, StandInDeposit>();
  const queue: How[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const rejected = (res: ServerResponse, refusal: Refusal, depositId?: unknown) =>
    answer(res, refusal.http, {
      ...(typeof depositId === 'string' ? { depositId } : {}),
      status: 'REJECTED',
      failureReason: { failureCode: refusal.code, failureMessage: refusal.message },
    });

  function initiate(res: ServerResponse, body: Record<string, unknown>): void {
    const depositId = body.depositId as string;
    const account = (body.payer as { accountDetails: { phoneNumber: string; provider: string } }).accountDetails;
    const how = queue.shift() ?? 'accept';
    if (typeof how === 'object' && 'reject' in how) return rejected(res, refuse(200, how.reject, `Rejected: ${how.reject}.`), depositId);
    if (typeof how === 'object' && 'serverError' in how) return rejected(res, refuse(500, 'UNKNOWN_ERROR', 'Internal error.'), depositId);
    const known = deposits.get(depositId);
    const deposit = known ?? {
      depositId,
      status: 'ACCEPTED',
      amount: body.amount as string,
      currency: body.currency as string,
      phoneNumber: account.phoneNumber,
      provider: account.provider,
      clientReferenceId: body.clientReferenceId as string | undefined,
      customerMessage: body.customerMessage as string | undefined,
      created: new Date().toISOString(),
    };
    deposits.set(depositId, deposit);
    const reply = () => answer(res, 200, { depositId, status: known ? 'DUPLICATE_IGNORED' : 'ACCEPTED', created: deposit.created });
    if (how === 'accept') return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      reply();
    }, how.hang);
    timers.add(timer);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const path = (req.url ?? '/').split('?')[0];
    if (options.control && path.startsWith('/_standin/')) return void controlled(req.method ?? '', path, body, res);
    received.push({ method: req.method ?? '', path, body });
    const authorization = req.headers.authorization;
    if (!authorization) return rejected(res, refuse(401, 'NO_AUTHENTICATION', 'No API token in the request headers.'));
    if (authorization !== `Bearer ${token}`) return rejected(res, refuse(403, 'AUTHENTICATION_ERROR', 'The API token is not valid.'));
    if (req.method === 'POST' && path === '/v2/deposits') {
      const refusal = typeof body === 'string' ? refuse(400, 'INVALID_INPUT', 'The request body is not JSON.') : check(body);
      return refusal ? rejected(res, refusal, isObject(body) ? body.depositId : undefined) : initiate(res, body as Record<string, unknown>);
    }
    const id = /^\/v2\/deposits\/([^/]+)$/.exec(path)?.[1];
    if (req.method === 'GET' && id !== undefined) {
      const depositId = decodeURIComponent(id);
      if (!uuid.test(depositId)) return rejected(res, refuse(400, 'INVALID_PARAMETER', 'depositId must be a UUID.'));
      const deposit = deposits.get(depositId);
      return answer(res, 200, deposit ? { status: 'FOUND', data: shown(deposit, true) } : { status: 'NOT_FOUND' });
    }
    answer(res, 404, {});
  }

  /** The test's side, over HTTP: settle a deposit, send its callback, list the deposits. */
  async function controlled(method: string, path: string, body: unknown, res: ServerResponse): Promise<void> {
    const { depositId, ...outcome } = (isObject(body) ? body : {}) as { depositId?: string; status?: string; failureCode?: string };
    if (method === 'GET' && path === '/_standin/deposits') return answer(res, 200, [...deposits.values()]);
    if (!depositId || !deposits.has(depositId)) return answer(res, 404, { message: `no deposit ${String(depositId)}` });
    if (method === 'POST' && path === '/_standin/settle') {
      stand.settle(
        depositId,
        outcome.status === 'COMPLETED'
          ? { status: 'COMPLETED' }
          : { status: 'FAILED', failureCode: outcome.failureCode ?? 'UNSPECIFIED_FAILURE' },
      );
      return answer(res, 200, deposits.get(depositId));
    }
    if (method === 'POST' && path === '/_standin/callback') {
      return answer(res, 200, { status: await stand.sendCallback(options.control!.callbackUrl, depositId) });
    }
    answer(res, 404, {});
  }

  const server = await startStandInServer(options.port, handle);

  const known = (depositId: string) => {
    const deposit = deposits.get(depositId);
    if (!deposit) throw new Error(`stand-in: no deposit ${depositId}`);
    return deposit;
  };

  const stand: PawapayStandIn = {
    url: server.url,
    token,
    received,
    deposits,
    nextInitiation: (how) => void queue.push(how),
    settle(depositId, outcome) {
      const deposit = known(depositId);
      deposit.status = outcome.status;
      if (outcome.status === 'COMPLETED') deposit.providerTransactionId = outcome.providerTransactionId ?? `MP${Date.now()}`;
      else deposit.failureCode = outcome.failureCode;
    },
    callbackBody: (depositId) => shown(known(depositId), false),
    async sendCallback(url, depositId, body) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify(body ?? shown(known(depositId), false)),
      });
      await response.arrayBuffer();
      return response.status;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
  return stand;
}
