/**
 * The one way the console talks to the server. In the desktop app the preload exposes
 * `window.kafue.request` (the main process holds the session); on the web it is fetch with the
 * session cookie. Either way a screen gets an `ApiResult`, never an exception.
 *
 * A screen names its call from common's table, `call(calls.listStaff)`, and gets the answer typed
 * from the call's schema; the compiler checks the path parameters, query and body. The answers are
 * not validated at run time (the schemas stay out of the bundle: only their types are read here).
 */
import { fillPath, type PathParamNames, type Route } from '@kafue/common/calls';
import { messages, type ApiError } from '@kafue/common/contract';
import type { AnswerOf, BodyOf, QueryOf } from '@kafue/common/endpoints';
import type { BridgeForm, BridgeRequest } from '../../../shared/bridge';
import { encodeBody } from '../../../shared/bridge';
import { parseAnswerBody, parseJsonBody } from '../../../shared/json';
import { saveBlob } from './saveBlob';

export type Method = BridgeRequest['method'];

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** `status` 0 means the server could not be reached (or answered something that is not JSON). */
  | { ok: false; status: number; message?: string; errors?: Record<string, string>; twoFactorRequired?: boolean };

function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && typeof (body as ApiError).message === 'string';
}

function toResult<T>(status: number, body: unknown): ApiResult<T> {
  if (status >= 200 && status < 300) return { ok: true, status, data: body as T };
  if (isApiError(body)) {
    return {
      ok: false,
      status,
      message: body.message,
      errors: body.errors,
      ...(body.twoFactorRequired ? { twoFactorRequired: true } : {}),
    };
  }
  return { ok: false, status };
}

async function viaFetch(req: BridgeRequest): Promise<{ status: number; body: unknown }> {
  const body = req.body === undefined ? undefined : encodeBody(req.body);
  const res = await fetch(req.path, {
    method: req.method,
    credentials: 'include',
    headers: body?.type ? { Accept: 'application/json', 'Content-Type': body.type } : { Accept: 'application/json' },
    body: body?.content,
  });
  return { status: res.status, body: parseAnswerBody(res.status, res.headers.get('content-type'), await res.text()) };
}

let onUnauthorized: (() => void) | null = null;

/**
 * Registers what happens when a call answers 401 (the session ended): the protected admin area
 * uses it to return to the sign-in screen. Returns a function that removes the handler.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

export async function request<T>(method: Method, path: string, body?: unknown): Promise<ApiResult<T>> {
  try {
    const answer = window.kafue ? await window.kafue.request({ method, path, body }) : await viaFetch({ method, path, body });
    if (answer.status === 401) onUnauthorized?.();
    return toResult<T>(answer.status, answer.body);
  } catch {
    return { ok: false, status: 0 };
  }
}

/** What a call of the table takes besides its name: the path's parameters, its query and its body, each only if it has one. */
type CallOptions<R extends Route> = ([PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<R['path']>, string> }) &
  (QueryOf<R> extends undefined ? { query?: undefined } : { query?: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

/** The options argument may be left out when a call needs none of them. */
type OptionsArgument<R extends Route> = object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** The query string of a call: the values that are set, never empty ones. */
function queryString(query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== '' && value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** An upload's options: those of its call but the body, which is the file. */
type UploadOptions<R extends Route> = Omit<CallOptions<R>, 'body'>;
type UploadOptionsArgument<R extends Route> = object extends UploadOptions<R> ? [options?: UploadOptions<R>] : [options: UploadOptions<R>];

/** What the table's calls take, as the implementations below read it (their signatures check it per call). */
interface AnyCallOptions {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
}

const addressOf = (route: Route, options: AnyCallOptions | undefined) =>
  `${fillPath(route.path, options?.params)}${queryString(options?.query)}`;

/** The address of a call: its path with the parameters filled in (each encoded), then its query. */
export function callPath<R extends Route>(route: R, ...options: OptionsArgument<R>): string;
export function callPath(route: Route, options?: AnyCallOptions): string {
  return addressOf(route, options);
}

/** Makes a call of common's table (calls.ts); the answer is typed from the call's success schema. */
export function call<R extends Route>(route: R, ...options: OptionsArgument<R>): Promise<ApiResult<AnswerOf<R>>>;
export function call(route: Route, options?: AnyCallOptions): Promise<ApiResult<unknown>> {
  // A POST without a body still sends JSON (an empty object), as the server expects.
  return request(route.method, addressOf(route, options), options?.body ?? (route.method === 'POST' ? {} : undefined));
}

/** Makes a call of the table whose body is a file's bytes, sent as they are (a backup to restore). */
export function upload<R extends Route>(route: R, bytes: Uint8Array, ...options: UploadOptionsArgument<R>): Promise<ApiResult<AnswerOf<R>>>;
export function upload(route: Route, bytes: Uint8Array, options?: AnyCallOptions): Promise<ApiResult<unknown>> {
  return request(route.method, addressOf(route, options), bytes);
}

/** A FormData as the desktop app's bridge carries it: its files read into bytes. */
async function bridgeForm(form: FormData): Promise<BridgeForm> {
  const fields: BridgeForm['form'] = [];
  for (const [name, value] of form.entries()) {
    fields.push({
      name,
      value:
        typeof value === 'string' ? value : { filename: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) },
    });
  }
  return { form: fields };
}

/**
 * Sends a form with a file (multipart/form-data, a photograph to the media library) and reports
 * the share sent as it goes (0 to 1). In the desktop app the main process sends it, which tells
 * no share: the progress is then null (sending, how far unknown).
 */
export async function uploadForm<R extends Route>(
  route: R,
  form: FormData,
  onProgress: (sent: number | null) => void,
): Promise<ApiResult<AnswerOf<R>>> {
  if (window.kafue) {
    onProgress(null);
    return request(route.method, route.path, await bridgeForm(form));
  }
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, route.path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status === 401) onUnauthorized?.();
      resolve(toResult(xhr.status, parseAnswerBody(xhr.status, xhr.getResponseHeader('content-type'), xhr.responseText)));
    };
    xhr.onerror = () => resolve({ ok: false, status: 0 });
    xhr.send(form);
  });
}

/**
 * The message a failed call shows: the server's own message when it sent one, the screen's
 * fallback when it answered without one, and the network message when it could not be reached.
 */
export function failureMessage(result: { ok: false; status: number; message?: string }, fallback: string, network: string): string {
  if (result.status === 0) return network;
  return result.message ?? fallback;
}

export type ApiFailureResult = Extract<ApiResult<unknown>, { ok: false }>;

/** A failed call as an exception: the data layer (lib/query.ts) expects failing calls to throw. */
export class ApiFailure extends Error {
  constructor(readonly result: ApiFailureResult) {
    super(result.message ?? `Request failed (${result.status})`);
    this.name = 'ApiFailure';
  }
}

/** The data of a successful call; a failed one throws ApiFailure. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new ApiFailure(result);
  return result.data;
}

/** failureMessage for whatever a query or mutation threw: anything but an ApiFailure reads as the network case. */
export function failureMessageOf(error: unknown, fallback: string, network: string = messages.somethingWentWrong): string {
  return failureMessage(error instanceof ApiFailure ? error.result : { ok: false, status: 0 }, fallback, network);
}

/**
 * Downloads a file answer (the enquiries CSV export) and lets the user keep it: in the desktop
 * app through the main process (its token, a native save dialog), on the web with fetch and the
 * session cookie, then as a download of the received file. Never throws.
 */
export async function apiDownload(path: string, fileName: string): Promise<ApiResult<{ saved: boolean }>> {
  try {
    if (window.kafue) {
      const saved = await window.kafue.saveExport(path);
      return { ok: true, status: 200, data: saved };
    }
    const res = await fetch(path, { credentials: 'include' });
    if (!res.ok) {
      if (res.status === 401) onUnauthorized?.();
      return toResult(res.status, parseJsonBody(await res.text()));
    }
    saveBlob(await res.blob(), fileName);
    return { ok: true, status: 200, data: { saved: true } };
  } catch {
    return { ok: false, status: 0 };
  }
}
