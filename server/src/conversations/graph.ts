/**
 * WhatsApp's Cloud API, the calls of it we make (Meta's Graph API, WHATSAPP_API_URL with its
 * version): a text message to a client (POST /{phone-number-id}/messages), a client's media (GET
 * /{media-id}, then its own URL, both with the token), and the number itself (GET
 * /{phone-number-id}) to check the connection. Every call is bounded in time; an error answer is
 * a GraphError with Meta's code and words.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppConfig } from '../config.js';

export class GraphError extends Error {
  constructor(
    message: string,
    /** Meta's error code (e.g. 131047, 190), when it gave one. */
    readonly code?: number,
  ) {
    super(message);
  }
}

export interface Graph {
  /** Sends a text; answers the message's id (wamid...). */
  sendText(to: string, body: string): Promise<string>;
  /**
   * A client's media, with its type as Meta gives it (our own reading of the bytes decides); one
   * over `maxBytes` by Meta's word comes without its bytes, with its `size`.
   */
  media(mediaId: string, maxBytes: number): Promise<{ bytes: Buffer; mimeType: string; size?: number }>;
  /** The number as Meta shows it: its display number and name. */
  phoneNumber(): Promise<{ displayPhoneNumber: string; verifiedName: string }>;
}

/** Meta's error shape: { error: { message, code, error_data: { details } } }. */
async function failure(answer: Response, what: string): Promise<GraphError> {
  const body = (await answer.json().catch(() => undefined)) as
    { error?: { message?: string; code?: number; error_data?: { details?: string } } } | undefined;
  const error = body?.error;
  const words = error?.error_data?.details || error?.message || `HTTP ${answer.status}`;
  return new GraphError(`${what}: ${words}`, error?.code);
}

export function graphOf(config: WhatsAppConfig, timeoutMs = 15_000): Graph {
  const call = async (url: string, what: string, init: RequestInit = {}) => {
    let answer: Response;
    try {
      answer = await fetch(url, {
        ...init,
        headers: { authorization: `Bearer ${config.token}`, ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GraphError(`${what}: WhatsApp could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!answer.ok) throw await failure(answer, what);
    return answer;
  };
  return {
    async sendText(to, body) {
      const answer = await call(`${config.url}/${config.phoneNumberId}/messages`, 'WhatsApp did not take the message', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { preview_url: false, body },
        }),
      });
      const sent = (await answer.json()) as { messages?: { id?: string }[] };
      const id = sent.messages?.[0]?.id;
      if (!id) throw new GraphError('WhatsApp did not take the message: its answer named no message');
      return id;
    },
    async media(mediaId, maxBytes) {
      const info = (await (await call(`${config.url}/${encodeURIComponent(mediaId)}`, 'The media could not be found')).json()) as {
        url?: string;
        mime_type?: string;
        file_size?: number;
      };
      if (!info.url) throw new GraphError('The media could not be found: no address');
      const mimeType = info.mime_type ?? 'application/octet-stream';
      // Over the limit by Meta's word: not fetched (documents may be 100 MB), only its size kept.
      if (typeof info.file_size === 'number' && info.file_size > maxBytes)
        return { bytes: Buffer.alloc(0), mimeType, size: info.file_size };
      const file = await call(info.url, 'The media could not be downloaded');
      return { bytes: Buffer.from(await file.arrayBuffer()), mimeType };
    },
    async phoneNumber() {
      const answer = await call(`${config.url}/${config.phoneNumberId}`, 'The number could not be read');
      const number = (await answer.json()) as { display_phone_number?: string; verified_name?: string };
      return { displayPhoneNumber: number.display_phone_number ?? '', verifiedName: number.verified_name ?? '' };
    },
  };
}

/** Whether `header` (X-Hub-Signature-256: sha256=<hex>) is the HMAC-SHA256 of the raw body with the app secret. */
export function signedByMeta(appSecret: string, rawBody: string, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(Buffer.from(rawBody, 'utf8')).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The Graph API of this server's number; undefined when WhatsApp is not set up. */
export const graphFor = (config: { whatsapp: WhatsAppConfig | undefined }): Graph | undefined =>
  config.whatsapp ? graphOf(config.whatsapp) : undefined;
