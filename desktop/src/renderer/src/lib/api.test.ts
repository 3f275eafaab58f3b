import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KafueBridge } from '../../../shared/bridge';
import { ApiFailure, apiGet, apiPost, failureMessage, failureMessageOf, request, setUnauthorizedHandler, unwrap } from './api';

const g = globalThis as unknown as { window?: { kafue?: KafueBridge }; fetch: typeof fetch };

afterEach(() => {
  delete g.window;
  vi.restoreAllMocks();
});

/** A bridge whose only working part is `request`. */
const bridgeWith = (request: KafueBridge['request']): KafueBridge => ({ request, saveBackup: vi.fn(), saveExport: vi.fn(), copyText: vi.fn() });

describe('request through the desktop bridge', () => {
  it('hands method, path and body to window.kafue.request and reads its answer', async () => {
    const bridgeRequest = vi.fn(async () => ({ status: 200, body: { admin: { _id: 'a' } } }));
    g.window = { kafue: bridgeWith(bridgeRequest) };
    const result = await apiPost('/api/settings/login', { email: 'a@b.co', password: 'x' });
    expect(bridgeRequest).toHaveBeenCalledWith({ method: 'POST', path: '/api/settings/login', body: { email: 'a@b.co', password: 'x' } });
    expect(result).toEqual({ ok: true, status: 200, data: { admin: { _id: 'a' } } });
  });

  it('turns an error answer into its message and field errors', async () => {
    g.window = { kafue: bridgeWith(async () => ({ status: 400, body: { message: 'Invalid input.', errors: { email: 'Bad' } } })) };
    expect(await apiGet('/api/staff')).toEqual({ ok: false, status: 400, message: 'Invalid input.', errors: { email: 'Bad' } });
  });

  it('reports a failed bridge call as unreachable (status 0)', async () => {
    g.window = { kafue: bridgeWith(async () => Promise.reject(new Error('offline'))) };
    expect(await apiGet('/api/staff')).toEqual({ ok: false, status: 0 });
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
    vi.spyOn(g, 'fetch').mockResolvedValueOnce(new Response('<html>', { status: 502 })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await apiGet('/api/staff')).toEqual({ ok: false, status: 502 });
    expect(await apiGet('/api/staff')).toEqual({ ok: false, status: 0 });
  });

  it('calls the unauthorized handler on a 401 until it is removed', async () => {
    g.window = {};
    vi.spyOn(g, 'fetch').mockImplementation(async () => new Response('{"message":"Not signed in."}', { status: 401 }));
    const handler = vi.fn();
    const remove = setUnauthorizedHandler(handler);
    await apiGet('/api/staff');
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    await apiGet('/api/staff');
    expect(handler).toHaveBeenCalledTimes(1);
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
