/**
 * Meta's WhatsApp Cloud API (the Graph API, v23.0) in the test's process, on a free port of
 * 127.0.0.1, as Meta's developer pages describe it: POST /{phone-number-id}/messages for a text
 * message (text-messages; refused with the Graph error shape of the error codes page, code 100),
 * GET /{phone-number-id} for the number's name and quality, GET /{media-id} then the media's own
 * URL for the bytes (business-phone-numbers/media), all behind a Bearer token (401, code 190). The
 * other side is the test's: the `messages` webhook notifications a WhatsApp user's message or a
 * message's status cause (webhooks/reference/messages, .../image, .../document, .../status),
 * POSTed to the webhook with X-Hub-Signature-256, the HMAC-SHA256 of the raw body with the app
 * secret (graph-api/webhooks/getting-started), the body escaping what is not ASCII as Meta's does.
 * The 24-hour customer-service window is kept on the stand-in's clock (`now`): a text sent to
 * someone whose last message is older, or who never wrote, is accepted and then fails through the
 * webhook with 131047, "Re-engagement message".
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startStandInServer } from './standin-server.js';

/** The Graph API version in `url`. */
export const graphVersion = 'v23.0';
/** How long a WhatsApp user's message keeps the customer-service window open. */
export const serviceWindowMs = 24 * 60 * 60 * 1000;

/** A text message the business sent, as the stand-in accepted it. */
export interface WhatsAppSentMessage {
  id: string;
  to: string;
  body: string;
  previewUrl?: boolean;
  /** On the stand-in's clock. */
  at: Date;
  /** Sent with no customer-service window open: a `failed` status with 131047 follows. */
  outsideWindow: boolean;
}

/** An error of a `failed` status, as the status webhook carries it (`details` goes in error_data). */
export interface WhatsAppStatusError {
  code: number;
  title: string;
  message?: string;
  details?: string;
}

/** A notification the stand-in POSTed: the webhook's HTTP status, and the raw JSON, to send it again with post(). */
export interface WhatsAppNotified {
  status: number;
  body: string;
}

export interface WhatsAppStandIn {
  /** The Graph API's base with its version: http://127.0.0.1:PORT/v23.0. */
  url: string;
  token: string;
  phoneNumberId: string;
  /** As GET /{phone-number-id} shows it; the webhooks' metadata has its digits. */
  displayPhoneNumber: string;
  verifiedName: string;
  /** The WhatsApp Business Account: entry[].id of every notification. */
  wabaId: string;
  appSecret: string;
  /** Every request, in order; `body` is the parsed JSON, the text when it is not JSON, undefined when empty. */
  received: { method: string; path: string; body: unknown }[];
  /** Every text message accepted, in order. */
  sent: WhatsAppSentMessage[];
  /** Where notifications go (the app's webhook); undefined sends none. */
  setWebhook(url: string | undefined): void;
  /** Keeps media as Meta's media store does; answers its id. */
  putMedia(bytes: Uint8Array, mimeType: string): string;
  /** A WhatsApp user's text message to the business, notified; it opens the 24-hour window from `at`. */
  clientText(from: string, name: string, body: string, opts?: { id?: string; at?: Date }): Promise<WhatsAppNotified & { id: string }>;
  /** A WhatsApp user's image or document, kept as media then notified; it opens the 24-hour window too. */
  clientMedia(
    from: string,
    name: string,
    kind: 'image' | 'document',
    bytes: Uint8Array,
    mimeType: string,
    opts?: { caption?: string; filename?: string; id?: string; at?: Date },
  ): Promise<WhatsAppNotified & { id: string; mediaId: string }>;
  /** A status of a sent message, notified (its recipient is the message's `to`). */
  status(
    messageId: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    opts?: { at?: Date; errors?: WhatsAppStatusError[] },
  ): Promise<WhatsAppNotified>;
  /** POSTs a raw body to the webhook, signed with the app secret unless `signature` is given (null: no signature header). */
  post(rawBody: string, opts?: { signature?: string | null }): Promise<{ status: number; text: string }>;
  /** Resolves once the notifications the stand-in sent of its own accord (the 131047 failures) have been answered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The stand-in's settings. `control` (the browser suites' process, whatsapp-standin-serve.ts)
 * adds the test's side over HTTP under /_standin/, without a token: POST /_standin/text
 * {from,name,body}, POST /_standin/status {id,status}, GET /_standin/sent.
 */
export interface WhatsAppStandInOptions {
  port?: number;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Default '+260 97 5550100'. */
  displayPhoneNumber?: string;
  /** Default 'Kafue Test'. */
  verifiedName?: string;
  /** Default a random id. */
  wabaId?: string;
  /** The stand-in's clock, in ms (default Date.now), so a test can move time. */
  now?: () => number;
  control?: boolean;
}

/** 131047 as the error codes page gives it. */
export const reEngagement: WhatsAppStatusError = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
};

const errorCodesPage = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

interface Media {
  bytes: Buffer;
  mimeType: string;
  /** The download URL's `hash`, as Meta's URLs carry one. */
  hash: string;
}

interface GraphError {
  http: number;
  error: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const traceId = () => randomBytes(8).toString('base64url');
const wamid = () => `wamid.${randomBytes(30).toString('base64url')}`;
/** Graph ids are decimal strings. */
const graphId = () => `${randomInt(1, 10)}${Array.from({ length: 15 }, () => randomInt(0, 10)).join('')}`;
const seconds = (ms: number) => String(Math.floor(ms / 1000));

/**
 * JSON as Meta sends it: what is not ASCII escaped as \uXXXX with lowercase hex digits (the
 * webhooks page: the signature is of "an escaped unicode version of the payload").
 */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The X-Hub-Signature-256 value of a raw body. */
export function hubSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

/** A refusal of the messages endpoint, as the error codes page shows one: "(#code) title" and details. */
const invalid = (details: string): GraphError => ({
  http: 400,
  error: {
    message: '(#100) Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_data: { messaging_product: 'whatsapp', details },
    fbtrace_id: traceId(),
  },
});

/** What the Graph API answers for an id it does not have (or may not show). */
const unsupported = (method: string, id: string): GraphError => ({
  http: 400,
  error: {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
    fbtrace_id: traceId(),
  },
});

/** The refusal the messages endpoint gives this text message, if any. */
function check(body: unknown): GraphError | undefined {
  if (!isObject(body)) return invalid('The request body must be a JSON object.');
  if (body.messaging_product !== 'whatsapp') return invalid(`Param messaging_product must be 'whatsapp'.`);
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual')
    return invalid(`Param recipient_type must be 'individual'.`);
  if (typeof body.to !== 'string' || !/^\d+$/.test(body.to)) return invalid('Param to must be the phone number in digits.');
  if (body.type !== 'text') return invalid(`Param type must be 'text' (the stand-in sends text messages only).`);
  const text = body.text;
  if (!isObject(text) || typeof text.body !== 'string' || text.body === '') return invalid("Param text['body'] is required.");
  if ([...text.body].length > 4096) return invalid("Param text['body'] must be at most 4096 characters long.");
  if (text.preview_url !== undefined && typeof text.preview_url !== 'boolean')
    return invalid("Param text['preview_url'] must be a boolean.");
  return undefined;
}

function answer(res: ServerResponse, http: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(http, { 'content-type': 'application/json; charset=UTF-8', ...headers }).end(JSON.stringify(body));
}

const refused = (res: ServerResponse, { http, error }: GraphError) => answer(res, http, { error });

export async function startWhatsAppStandIn(options: WhatsAppStandInOptions): Promise<WhatsAppStandIn> {
  const { token, phoneNumberId, appSecret } = options;
  const now = options.now ?? Date.now;
  const displayPhoneNumber = options.displayPhoneNumber ?? '+260 97 5550100';
  const verifiedName = options.verifiedName ?? 'Kafue Test';
  const wabaId = options.wabaId ?? graphId();
  const received: WhatsAppStandIn['received'] = [];
  const sent: WhatsAppSentMessage[] = [];
  const media = new Map<string, Media>();
  /** When each WhatsApp user last wrote to the business, in ms on the stand-in's clock. */
  const lastFromClient = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  let webhook: string | undefined;
  let origin = '';

  const authorized = (req: IncomingMessage, res: ServerResponse): boolean => {
    const authorization = req.headers.authorization;
    if (authorization === `Bearer ${token}`) return true;
    const message = authorization
      ? 'Invalid OAuth access token - Cannot parse access token'
      : 'An access token is required to request this resource.';
    answer(
      res,
      401,
      { error: { message, type: 'OAuthException', code: 190, fbtrace_id: traceId() } },
      { 'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"` },
    );
    return false;
  };

  function sendText(res: ServerResponse, body: Record<string, unknown>): void {
    const to = body.to as string;
    const text = body.text as { body: string; preview_url?: boolean };
    const at = now();
    const last = lastFromClient.get(to);
    const message: WhatsAppSentMessage = {
      id: wamid(),
      to,
      body: text.body,
      ...(text.preview_url === undefined ? {} : { previewUrl: text.preview_url }),
      at: new Date(at),
      outsideWindow: last === undefined || at - last > serviceWindowMs,
    };
    sent.push(message);
    const reply = { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: message.id }] };
    if (res.destroyed) return;
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(reply), () => {
      // Meta accepts the message, then reports through the webhook that it could not be delivered.
      if (!message.outsideWindow || webhook === undefined) return;
      const delivery = stand.status(message.id, 'failed', { errors: [reEngagement] }).catch(() => undefined);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    });
  }

  function download(req: IncomingMessage, res: ServerResponse, id: string, query: URLSearchParams): void {
    if (!authorized(req, res)) return;
    const item = media.get(id);
    if (req.method !== 'GET' || !item || query.get('hash') !== item.hash) return answer(res, 404, {});
    res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.bytes.length) }).end(item.bytes);
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const address = new URL(req.url ?? '/', 'http://stand-in');
    const path = address.pathname;
    const method = req.method ?? '';
    if (options.control && path.startsWith('/_standin/')) return void controlled(method, path, body, res);
    received.push({ method, path, body });
    const downloaded = /^\/media-download\/(\d+)$/.exec(path);
    if (downloaded) return download(req, res, downloaded[1], address.searchParams);
    if (!authorized(req, res)) return;
    const [, version, id, edge, ...rest] = path.split('/');
    if (version !== graphVersion || !id || rest.length > 0) {
      return answer(res, 400, {
        error: { message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500, fbtrace_id: traceId() },
      });
    }
    if (edge === 'messages' && method === 'POST') {
      if (id !== phoneNumberId) return refused(res, unsupported(method, id));
      const refusal = check(body);
      return refusal ? refused(res, refusal) : sendText(res, body as Record<string, unknown>);
    }
    if (edge === undefined && method === 'GET' && id === phoneNumberId) {
      return answer(res, 200, { verified_name: verifiedName, display_phone_number: displayPhoneNumber, quality_rating: 'GREEN', id });
    }
    const item = edge === undefined && method === 'GET' ? media.get(id) : undefined;
    if (item) {
      return answer(res, 200, {
        messaging_product: 'whatsapp',
        url: `${origin}/media-download/${id}?mid=${id}&hash=${item.hash}`,
        mime_type: item.mimeType,
        sha256: createHash('sha256').update(item.bytes).digest('hex'),
        file_size: item.bytes.length,
        id,
      });
    }
    refused(res, unsupported(method, id));
  }

  /** The test's side, over HTTP: a user's text message, a message's status, the messages sent. */
  async function controlled(method: string, path: string, body: unknown, res: ServerResponse): Promise<void> {
    const fields: Record<string, unknown> = isObject(body) ? body : {};
    const str = (key: string) => {
      const value = fields[key];
      return typeof value === 'string' ? value : undefined;
    };
    try {
      if (method === 'GET' && path === '/_standin/sent') return answer(res, 200, sent);
      if (method === 'POST' && path === '/_standin/text') {
        const [from, name, text] = [str('from'), str('name'), str('body')];
        if (!from || name === undefined || !text) return answer(res, 400, { message: 'from, name and body are required' });
        return answer(res, 200, await stand.clientText(from, name, text));
      }
      if (method === 'POST' && path === '/_standin/status') {
        const [id, status] = [str('id'), str('status')];
        if (!id || !sent.some((message) => message.id === id)) return answer(res, 404, { message: `no sent message ${String(id)}` });
        if (status !== 'sent' && status !== 'delivered' && status !== 'read' && status !== 'failed') {
          return answer(res, 400, { message: 'status is sent, delivered, read or failed' });
        }
        return answer(res, 200, await stand.status(id, status));
      }
      answer(res, 404, {});
    } catch (error) {
      answer(res, 502, { message: error instanceof Error ? error.message : String(error) });
    }
  }

  const server = await startStandInServer(options.port, handle);
  origin = server.url;

  /** The `messages` notification of one change's value, as every WhatsApp webhook wraps it. */
  const notification = (value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhoneNumber.replace(/\D/g, ''), phone_number_id: phoneNumberId },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  });

  /** A WhatsApp user's message: it opens (or keeps open) the customer-service window, then is notified. */
  async function fromClient(from: string, name: string, message: Record<string, unknown>, at: number): Promise<WhatsAppNotified> {
    lastFromClient.set(from, Math.max(at, lastFromClient.get(from) ?? at));
    const body = metaJson(notification({ contacts: [{ profile: { name }, wa_id: from }], messages: [message] }));
    return { status: (await stand.post(body)).status, body };
  }

  const stand: WhatsAppStandIn = {
    url: `${origin}/${graphVersion}`,
    token,
    phoneNumberId,
    displayPhoneNumber,
    verifiedName,
    wabaId,
    appSecret,
    received,
    sent,
    setWebhook(url) {
      webhook = url;
    },
    putMedia(bytes, mimeType) {
      const id = graphId();
      media.set(id, { bytes: Buffer.from(bytes), mimeType, hash: randomBytes(16).toString('base64url') });
      return id;
    },
    async clientText(from, name, body, opts = {}) {
      const id = opts.id ?? wamid();
      const at = opts.at?.getTime() ?? now();
      return { id, ...(await fromClient(from, name, { from, id, timestamp: seconds(at), type: 'text', text: { body } }, at)) };
    },
    async clientMedia(from, name, kind, bytes, mimeType, opts = {}) {
      const mediaId = stand.putMedia(bytes, mimeType);
      const id = opts.id ?? wamid();
      const at = opts.at?.getTime() ?? now();
      // The webhooks' sha256 is base64 (GET /{media-id} answers it in hex).
      const sha256 = createHash('sha256').update(bytes).digest('base64');
      const caption = opts.caption === undefined ? {} : { caption: opts.caption };
      const content =
        kind === 'image'
          ? { ...caption, mime_type: mimeType, sha256, id: mediaId }
          : { ...caption, filename: opts.filename ?? 'document', mime_type: mimeType, sha256, id: mediaId };
      const message = { from, id, timestamp: seconds(at), type: kind, [kind]: content };
      return { id, mediaId, ...(await fromClient(from, name, message, at)) };
    },
    async status(messageId, status, opts = {}) {
      const message = sent.find((candidate) => candidate.id === messageId);
      if (!message) throw new Error(`stand-in: no sent message ${messageId}`);
      const errors = opts.errors?.map(({ code, title, message: text, details }) => ({
        code,
        title,
        ...(text === undefined ? {} : { message: text }),
        ...(details === undefined ? {} : { error_data: { details } }),
        href: errorCodesPage,
      }));
      const body = metaJson(
        notification({
          statuses: [
            {
              id: messageId,
              status,
              timestamp: seconds(opts.at?.getTime() ?? now()),
              recipient_id: message.to,
              ...(errors === undefined ? {} : { errors }),
            },
          ],
        }),
      );
      return { status: (await stand.post(body)).status, body };
    },
    async post(rawBody, opts = {}) {
      if (webhook === undefined) throw new Error('stand-in: no webhook set (setWebhook)');
      const signed = opts.signature === undefined;
      const signature = signed ? hubSignature(appSecret, rawBody) : opts.signature;
      const response = await fetch(webhook, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
          // Meta sends the older SHA-1 signature beside it.
          ...(signed ? { 'x-hub-signature': `sha1=${createHmac('sha1', appSecret).update(rawBody, 'utf8').digest('hex')}` } : {}),
        },
        body: rawBody,
        // A webhook that never answers fails the notification rather than hanging close().
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, text: await response.text() };
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await stand.settled();
      await server.close();
    },
  };
  return stand;
}
