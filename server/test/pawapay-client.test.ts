/** The pawaPay client against the stand-in of the v2 deposits API (no database). */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackDepositId, failureInWords, PawapayClient, type DepositRequest } from '../src/payments/pawapay.js';
import { startPawapayStandIn, type PawapayStandIn } from './pawapay-standin.js';

let standIn: PawapayStandIn;
let client: PawapayClient;
/** Every result the client gave, to look for the token in afterwards. */
const results: unknown[] = [];

const seen = <T>(result: T): T => {
  results.push(result);
  return result;
};

const deposit = (overrides: Partial<DepositRequest> = {}): DepositRequest => ({
  depositId: randomUUID(),
  amount: '150',
  phoneNumber: '260763456789',
  provider: 'MTN_MOMO_ZMB',
  clientReferenceId: 'INV-1001',
  customerMessage: 'Kafue order 1001',
  ...overrides,
});

beforeAll(async () => {
  standIn = await startPawapayStandIn();
  client = new PawapayClient({ baseUrl: standIn.url, token: standIn.token });
});

afterAll(async () => {
  await standIn.close();
});

describe('initiating a deposit', () => {
  it('is accepted, and sends the v2 body with the Bearer token', async () => {
    const request = deposit({ amount: '150.50', provider: 'AIRTEL_OAPI_ZMB', phoneNumber: '260973456789' });
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    expect(standIn.received.at(-1)).toEqual({
      method: 'POST',
      path: '/v2/deposits',
      body: {
        depositId: request.depositId,
        amount: '150.5',
        currency: 'ZMW',
        payer: { type: 'MMO', accountDetails: { phoneNumber: '260973456789', provider: 'AIRTEL_OAPI_ZMB' } },
        clientReferenceId: 'INV-1001',
        customerMessage: 'Kafue order 1001',
      },
    });
    expect(seen(await client.checkDeposit(request.depositId))).toEqual({ kind: 'pending', status: 'ACCEPTED' });
  });

  it('sent twice with one depositId is accepted twice and makes one deposit', async () => {
    const request = deposit();
    const before = standIn.deposits.size;
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    expect(standIn.deposits.size).toBe(before + 1);
  });

  it('rejected carries the code and the reason in plain words, and creates nothing', async () => {
    const request = deposit();
    standIn.nextInitiation({ reject: 'PROVIDER_TEMPORARILY_UNAVAILABLE' });
    expect(seen(await client.initiateDeposit(request))).toEqual({
      kind: 'rejected',
      code: 'PROVIDER_TEMPORARILY_UNAVAILABLE',
      message: failureInWords('PROVIDER_TEMPORARILY_UNAVAILABLE'),
    });
    expect(seen(await client.checkDeposit(request.depositId))).toEqual({ kind: 'not-found' });
  });

  it('with no answer in time is unknown; the status check finds it, and sending it again is a duplicate', async () => {
    const request = deposit();
    const impatient = new PawapayClient({ baseUrl: standIn.url, token: standIn.token, timeoutMs: 300 });
    standIn.nextInitiation({ hang: 1_500 });
    const started = Date.now();
    const initiation = seen(await impatient.initiateDeposit(request));
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(initiation).toEqual({ kind: 'unknown', error: 'POST /v2/deposits: no answer within 300 ms' });
    expect(seen(await client.checkDeposit(request.depositId))).toEqual({ kind: 'pending', status: 'ACCEPTED' });
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    expect([...standIn.deposits.keys()].filter((id) => id === request.depositId)).toHaveLength(1);
  });

  it('answered with a 500 is unknown; the status check says not found, and the same depositId goes again', async () => {
    const request = deposit();
    standIn.nextInitiation({ serverError: true });
    expect(seen(await client.initiateDeposit(request))).toMatchObject({ kind: 'unknown', error: expect.stringContaining('HTTP 500') });
    expect(seen(await client.checkDeposit(request.depositId))).toEqual({ kind: 'not-found' });
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    expect(standIn.deposits.has(request.depositId)).toBe(true);
  });

  it('with a wrong token is not accepted and creates nothing', async () => {
    const request = deposit();
    const wrong = new PawapayClient({ baseUrl: standIn.url, token: 'not-the-token' });
    expect(seen(await wrong.initiateDeposit(request))).toEqual({
      kind: 'rejected',
      code: 'AUTHENTICATION_ERROR',
      message: failureInWords('AUTHENTICATION_ERROR'),
    });
    expect(seen(await wrong.checkDeposit(request.depositId))).toMatchObject({
      kind: 'unknown',
      error: expect.stringContaining('HTTP 403'),
    });
    expect(standIn.deposits.has(request.depositId)).toBe(false);
  });

  it.each([
    ['a 23-character customerMessage', { customerMessage: 'Kafue order 1001 - 2026' }, 'INVALID_PARAMETER'],
    ['a 3-character customerMessage', { customerMessage: 'Pay' }, 'INVALID_PARAMETER'],
    ['a customerMessage with #', { customerMessage: 'Order #1001' }, 'INVALID_PARAMETER'],
    ['a depositId that is no UUID', { depositId: 'order-1001' }, 'INVALID_PARAMETER'],
    ['a negative amount', { amount: '-5' }, 'INVALID_PARAMETER'],
    ['an amount with three decimals', { amount: '5.555' }, 'INVALID_AMOUNT'],
    ['a zero amount', { amount: '0' }, 'AMOUNT_OUT_OF_BOUNDS'],
    ['a phone number with a +', { phoneNumber: '+260763456789' }, 'INVALID_PHONE_NUMBER'],
    ['a provider of another country', { provider: 'MTN_MOMO_RWA' as DepositRequest['provider'] }, 'INVALID_PROVIDER'],
  ])('with %s is refused as the docs say', async (_, overrides, code) => {
    const request = deposit(overrides);
    const before = standIn.deposits.size;
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'rejected', code, message: failureInWords(code) });
    expect(standIn.deposits.size).toBe(before);
  });

  it('against nothing listening is unknown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = new PawapayClient({ baseUrl: `http://127.0.0.1:${port}`, token: standIn.token });
    expect(seen(await away.initiateDeposit(deposit()))).toMatchObject({ kind: 'unknown', error: expect.stringContaining('ECONNREFUSED') });
  });
});

describe('the stand-in', () => {
  it('refuses what the docs refuse before the body: no token, and a body that is not JSON', async () => {
    const noToken = await fetch(`${standIn.url}/v2/deposits`, { method: 'POST', body: '{}' });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ status: 'REJECTED', failureReason: { failureCode: 'NO_AUTHENTICATION' } });
    const notJson = await fetch(`${standIn.url}/v2/deposits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${standIn.token}` },
      body: 'depositId=1',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ status: 'REJECTED', failureReason: { failureCode: 'INVALID_INPUT' } });
  });
});

describe('a deposit the operator finished', () => {
  it('completed gives the operator transaction id, the amount and the currency', async () => {
    const request = deposit({ amount: '150.5' });
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    standIn.settle(request.depositId, { status: 'COMPLETED', providerTransactionId: 'MP240601.1234.A56789' });
    expect(seen(await client.checkDeposit(request.depositId))).toEqual({
      kind: 'completed',
      providerTransactionId: 'MP240601.1234.A56789',
      amount: '150.50',
      currency: 'ZMW',
    });
  });

  it('failed gives the code and the reason in plain words', async () => {
    const request = deposit();
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    standIn.settle(request.depositId, { status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' });
    const state = seen(await client.checkDeposit(request.depositId));
    expect(state).toEqual({ kind: 'failed', code: 'INSUFFICIENT_BALANCE', message: failureInWords('INSUFFICIENT_BALANCE') });
    expect(failureInWords('INSUFFICIENT_BALANCE')).toMatch(/not enough money/);
  });
});

describe('callbacks', () => {
  it('give their depositId when well formed, nothing for junk', async () => {
    const request = deposit();
    expect(seen(await client.initiateDeposit(request))).toEqual({ kind: 'accepted' });
    standIn.settle(request.depositId, { status: 'COMPLETED' });

    const bodies: unknown[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/pawapay/callback`;
    try {
      expect(await standIn.sendCallback(url, request.depositId)).toBe(200);
      expect(await standIn.sendCallback(url, request.depositId, { depositId: 'lies', status: 'COMPLETED' })).toBe(200);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
    expect(bodies[0]).toEqual(standIn.callbackBody(request.depositId));
    expect(bodies[0]).toMatchObject({ status: 'COMPLETED', amount: '150.00', currency: 'ZMW' });
    expect(callbackDepositId(bodies[0])).toBe(request.depositId);
    expect(callbackDepositId(bodies[1])).toBeUndefined();
    for (const junk of [
      undefined,
      null,
      'x',
      42,
      [],
      {},
      { depositId: 7 },
      [{ depositId: request.depositId }],
      JSON.stringify(bodies[0]),
    ]) {
      expect(callbackDepositId(junk)).toBeUndefined();
    }
  });
});

describe('the token', () => {
  it('is in no error, even when fetch refuses it as a header value', async () => {
    // Headers.append quotes the whole value it refuses in its message.
    const broken = new PawapayClient({ baseUrl: standIn.url, token: `${standIn.token}\u0000` });
    const initiation = seen(await broken.initiateDeposit(deposit()));
    expect(initiation).toMatchObject({ kind: 'unknown', error: expect.stringContaining('[token]') });
  });

  it('is in no result the client gave', () => {
    expect(results.length).toBeGreaterThan(20);
    for (const result of results) expect(JSON.stringify(result)).not.toContain(standIn.token);
  });

  it('failureInWords has a general sentence for codes it does not know', () => {
    expect(failureInWords('SOMETHING_NEW')).toMatch(/did not go through/);
    expect(failureInWords('PAYMENT_NOT_APPROVED')).not.toBe(failureInWords('SOMETHING_NEW'));
  });
});
