import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { calls } from '@kafue/common/calls';
import type { ActiveSession, ContentItem, EnquiryList, StaffCreateAnswer } from '@kafue/common/contract';
import type { KafueBridge } from '../../../shared/bridge';
import {
  ApiFailure,
  call,
  callPath,
  failureMessage,
  failureMessageOf,
  request,
  setUnauthorizedHandler,
  unwrap,
  type ApiResult,
} from './api';

const g = globalThis as unknown as { window?: { kafue?: KafueBridge }; fetch: typeof fetch };

afterEach(() => {
  delete g.window;
  vi.restoreAllMocks();
});

/** A bridge whose only working part is `request`. */
const bridgeWith = (request: KafueBridge['request']): KafueBridge => ({
  request,
  saveBackup: vi.fn(),
  saveExport: vi.fn(),
  copyText: vi.fn(),
  mediaFile: vi.fn(),
});

describe('request through the desktop bridge', () => {
  it('hands method, path and body to window.kafue.request and reads its answer', async () => {
    const bridgeRequest = vi.fn(async () => ({ status: 200, body: { admin: { _id: 'a' } } }));
    g.window = { kafue: bridgeWith(bridgeRequest) };
    const result = await call(calls.adminLogin, { body: { email: 'a@b.co', password: 'x' } });
    expect(bridgeRequest).toHaveBeenCalledWith({ method: 'POST', path: '/api/settings/login', body: { email: 'a@b.co', password: 'x' } });
    expect(result).toEqual({ ok: true, status: 200, data: { admin: { _id: 'a' } } });
  });

  it('turns an error answer into its message and field errors', async () => {
    g.window = { kafue: bridgeWith(async () => ({ status: 400, body: { message: 'Invalid input.', errors: { email: 'Bad' } } })) };
    expect(await call(calls.listStaff)).toEqual({ ok: false, status: 400, message: 'Invalid input.', errors: { email: 'Bad' } });
  });

  it('reports a failed bridge call as unreachable (status 0)', async () => {
    g.window = { kafue: bridgeWith(async () => Promise.reject(new Error('offline'))) };
    expect(await call(calls.listStaff)).toEqual({ ok: false, status: 0 });
  });
});

describe('request through fetch', () => {
  it('sends JSON with the session cookie', async () => {
    g.window = {};
    const fetchMock = vi.spyOn(g, 'fetch').mockResolvedValue(new Response(JSON.stringify({ message: 'ok' }), { status: 200 }));
    await request('PUT', '/api/staff/1', { name: 'N' });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/staff/1');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"name":"N"}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('treats an answer without JSON as a failure without a message, and a network error as status 0', async () => {
    g.window = {};
    vi.spyOn(g, 'fetch')
      .mockResolvedValueOnce(new Response('<html>', { status: 502 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await call(calls.listStaff)).toEqual({ ok: false, status: 502 });
    expect(await call(calls.listStaff)).toEqual({ ok: false, status: 0 });
  });

  it('calls the unauthorized handler on a 401 until it is removed', async () => {
    g.window = {};
    vi.spyOn(g, 'fetch').mockImplementation(async () => new Response('{"message":"Not signed in."}', { status: 401 }));
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    await call(calls.listStaff);
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    await call(calls.listStaff);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('call: a call of the table', () => {
  it('fills the path parameters, each encoded, and sends the body through the bridge', async () => {
    const bridgeRequest = vi.fn(async () => ({ status: 200, body: { message: 'Session ended' } }));
    g.window = { kafue: bridgeWith(bridgeRequest) };
    await call(calls.endAdminSession, { params: { id: 'a b', sessionId: '../x?y' } });
    expect(bridgeRequest).toHaveBeenLastCalledWith({
      method: 'DELETE',
      path: '/api/settings/admins/a%20b/sessions/..%2Fx%3Fy',
      body: undefined,
    });
    const staff = { name: 'N', email: 'n@x.co', role: 'Staff', status: 'Active' } as const;
    await call(calls.updateStaff, { params: { id: '1' }, body: staff });
    expect(bridgeRequest).toHaveBeenLastCalledWith({ method: 'PUT', path: '/api/staff/1', body: staff });
  });

  it('sends a POST without a body as an empty JSON object, with the session cookie on the web', async () => {
    g.window = {};
    const fetchMock = vi.spyOn(g, 'fetch').mockResolvedValue(new Response('{"message":"Logged out"}', { status: 200 }));
    expect(await call(calls.adminLogout)).toEqual({ ok: true, status: 200, data: { message: 'Logged out' } });
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/settings/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
  });

  it('puts the query after the path, leaving out the values that are not set', () => {
    expect(callPath(calls.listEnquiries, { query: { q: 'a&b', status: '', service: undefined, page: 2, pageSize: 25 } })).toBe(
      '/api/enquiries?q=a%26b&page=2&pageSize=25',
    );
    expect(callPath(calls.exportAudit, { query: { actor: '' } })).toBe('/api/settings/audit/export.csv');
    expect(callPath(calls.listStaff)).toBe('/api/staff');
  });

  it("types the answer from the call's success schema and checks parameters, query and body", () => {
    // Mostly compile-time checks (npm run typecheck).
    g.window = { kafue: bridgeWith(async () => ({ status: 200, body: null })) };
    expectTypeOf(call(calls.listEnquiries)).resolves.toEqualTypeOf<ApiResult<EnquiryList>>();
    expectTypeOf(call(calls.createStaff, { body: { name: 'N', email: 'n@x.co', role: 'Staff', status: 'Active' } })).resolves.toEqualTypeOf<
      ApiResult<StaffCreateAnswer>
    >();
    expectTypeOf(call(calls.listAdminSessions, { params: { id: '1' } })).resolves.toEqualTypeOf<ApiResult<ActiveSession[]>>();
    // A content item is typed by its collection's schema: each collection's fields, not a record of anything.
    expectTypeOf(call(calls.listContent, { params: { collection: 'plans' } })).resolves.toEqualTypeOf<ApiResult<ContentItem[]>>();
    expectTypeOf<Extract<ContentItem, { cta: string }>['features']>().toEqualTypeOf<string[]>();
    // A missing path parameter is refused by the compiler, and at run time before anything is sent.
    // @ts-expect-error: the path's :id is required
    expect(() => call(calls.getEnquiry)).toThrow('/api/enquiries/:id: no value for :id');
    // @ts-expect-error: :sessionId is missing
    expect(() => call(calls.endAdminSession, { params: { id: '1' } })).toThrow('no value for :sessionId');
    // @ts-expect-error: the body must be the call's (a note's text)
    void call(calls.addEnquiryNote, { params: { id: '1' }, body: { note: 'x' } });
    // @ts-expect-error: no such filter in the enquiries' query
    void callPath(calls.listEnquiries, { query: { colour: 'red' } });
    // @ts-expect-error: a call without a body takes none
    void call(calls.listStaff, { body: {} });
    // @ts-expect-error: a new order is the items' ids
    void call(calls.reorderContent, { params: { collection: 'plans' }, body: { order: ['1'] } });
  });
});

describe('failureMessage', () => {
  it('prefers the server message, then the fallback; unreachable gives the network message', () => {
    expect(failureMessage({ ok: false, status: 403, message: 'No.' }, 'Failed', 'Net')).toBe('No.');
    expect(failureMessage({ ok: false, status: 500 }, 'Failed', 'Net')).toBe('Failed');
    expect(failureMessage({ ok: false, status: 0 }, 'Failed', 'Net')).toBe('Net');
  });
});

describe('unwrap and failureMessageOf', () => {
  it('hands back the data of a success and throws an ApiFailure carrying a failed result', async () => {
    expect(await unwrap(Promise.resolve({ ok: true as const, status: 200, data: 'x' }))).toBe('x');
    const failed = unwrap(Promise.resolve({ ok: false as const, status: 403, message: 'No.' }));
    await expect(failed).rejects.toBeInstanceOf(ApiFailure);
    const error: unknown = await failed.catch((e: unknown) => e);
    expect(failureMessageOf(error, 'Fallback')).toBe('No.');
  });

  it('reads anything but an ApiFailure as the network case', () => {
    expect(failureMessageOf(new Error('bug'), 'Fallback', 'Offline')).toBe('Offline');
    expect(failureMessageOf(new ApiFailure({ ok: false, status: 500 }), 'Fallback', 'Offline')).toBe('Fallback');
  });
});
