/** The WhatsApp Cloud API stand-in itself (no database), with a small HTTP receiver as the app's webhook. */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceWindowMs, startWhatsAppStandIn, type WhatsAppStandIn } from './whatsapp-standin.js';

const token = 'test-token';
const appSecret = 'test-app-secret';
const phoneNumberId = '106540352242922';
const client = '260971234567';

/** What the webhook got: the headers and the exact raw body. */
interface Delivery {
  headers: IncomingHttpHeaders;
  raw: string;
}

let stand: WhatsAppStandIn;
let receiver: Server;
let deliveries: Delivery[] = [];
/** The stand-in's clock; tests move it. */
let clock = Date.parse('2026-03-02T08:00:00Z');

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  stand = await startWhatsAppStandIn({ token, phoneNumberId, appSecret, now: () => clock });
  stand.setWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`);
});

afterAll(async () => {
  await stand.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

beforeEach(() => {
  deliveries = [];
});

/** A Graph API call with the Bearer token (`bearer`: another, or null for none). */
const graph = (path: string, init: RequestInit = {}, bearer: string | null = token) =>
  fetch(`${stand.url}${path}`, {
    ...init,
    headers: { ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }), 'content-type': 'application/json' },
  });

const text = (overrides: Record<string, unknown> = {}) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: client,
  type: 'text',
  text: { body: 'Your quote is ready.' },
  ...overrides,
});

const send = (body: unknown, id = phoneNumberId) => graph(`/${id}/messages`, { method: 'POST', body: JSON.stringify(body) });

const parsed = (delivery: Delivery | undefined) => JSON.parse(delivery?.raw ?? 'null');
const valueOf = (delivery: Delivery | undefined) => parsed(delivery).entry[0].changes[0].value;

describe('the token', () => {
  it('missing or wrong is refused with 401 and OAuthException 190, and nothing is sent', async () => {
    await stand.clientText(client, 'Mwansa', 'Hello');
    for (const bearer of [null, 'not-the-token']) {
      const before = stand.sent.length;
      for (const response of [
        await graph(`/${phoneNumberId}`, {}, bearer),
        await graph(`/${phoneNumberId}/messages`, { method: 'POST', body: JSON.stringify(text()) }, bearer),
      ]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: { message: expect.any(String), type: 'OAuthException', code: 190, fbtrace_id: expect.any(String) },
        });
      }
      expect(stand.sent.length).toBe(before);
    }
  });
});

describe('the phone number', () => {
  it('answers its name, number and quality', async () => {
    const response = await graph(`/${phoneNumberId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      verified_name: stand.verifiedName,
      display_phone_number: stand.displayPhoneNumber,
      quality_rating: 'GREEN',
      id: phoneNumberId,
    });
  });
});

describe('sending a text message', () => {
  it('is accepted, recorded, and answered as Meta does', async () => {
    await stand.clientText(client, 'Mwansa', 'Hello');
    const body = text({ text: { body: 'Your quote is ready.', preview_url: false } });
    const response = await send(body);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: client, wa_id: client }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9_-]+$/) }],
    });
    expect(stand.sent.at(-1)).toEqual({
      id: answer.messages[0].id,
      to: client,
      body: 'Your quote is ready.',
      previewUrl: false,
      at: new Date(clock),
      outsideWindow: false,
    });
    expect(stand.received.at(-1)).toEqual({ method: 'POST', path: `/v23.0/${phoneNumberId}/messages`, body });
    deliveries = [];
    await stand.settled();
    expect(deliveries).toEqual([]);
  });

  it('takes 4096 characters', async () => {
    await stand.clientText(client, 'Mwansa', 'Hello');
    expect((await send(text({ text: { body: 'é'.repeat(4096) } }))).status).toBe(200);
  });

  const refusals: [string, unknown, string?][] = [
    ['another messaging_product', text({ messaging_product: 'sms' })],
    ['no messaging_product', text({ messaging_product: undefined })],
    ['a recipient_type other than individual', text({ recipient_type: 'group' })],
    ['a to with a +', text({ to: `+${client}` })],
    ['a to with spaces', text({ to: '260 97 1234567' })],
    ['a type other than text', text({ type: 'image', image: { id: '1' } })],
    ['an empty body', text({ text: { body: '' } })],
    ['no text', text({ text: undefined })],
    ['a body over 4096 characters', text({ text: { body: 'a'.repeat(4097) } })],
    ['a preview_url that is not a boolean', text({ text: { body: 'Hi', preview_url: 'yes' } })],
    ['a body that is not an object', 'hello'],
    ['an unknown phone-number-id', text(), '999999999999999'],
  ];
  it.each(refusals)('refuses %s with 400 and code 100', async (_, body, id) => {
    const before = stand.sent.length;
    const response = await send(body, id);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 100, type: expect.any(String), message: expect.any(String), fbtrace_id: expect.any(String) });
    if (id === undefined) {
      expect(error).toMatchObject({ message: '(#100) Invalid parameter', type: 'OAuthException' });
      expect(error.error_data).toEqual({ messaging_product: 'whatsapp', details: expect.any(String) });
    }
    expect(stand.sent.length).toBe(before);
  });
});

describe('notifications', () => {
  it("are signed with the app secret over the exact raw body, which escapes what isn't ASCII", async () => {
    const { status, id, body } = await stand.clientText(client, 'Chipo Mulenga-Bwalya', 'Muli bwanji? Café ☕', { at: new Date(clock) });
    expect(status).toBe(200);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery.raw).toBe(body);
    expect(delivery.raw).toMatch(/^[\x20-\x7e]*$/);
    expect(delivery.raw).toContain('Caf\\u00e9 \\u2615');
    expect(delivery.headers['content-type']).toBe('application/json');
    const expected = `sha256=${createHmac('sha256', appSecret).update(delivery.raw).digest('hex')}`;
    expect(delivery.headers['x-hub-signature-256']).toBe(expected);
    expect(parsed(delivery)).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: stand.wabaId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: stand.displayPhoneNumber.replace(/\D/g, ''), phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: 'Chipo Mulenga-Bwalya' }, wa_id: client }],
                messages: [
                  { from: client, id, timestamp: String(Math.floor(clock / 1000)), type: 'text', text: { body: 'Muli bwanji? Café ☕' } },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    });
  });

  it('can be sent again as they were, or with a wrong signature, or none', async () => {
    const { body } = await stand.clientText(client, 'Mwansa', 'Twice', { id: 'wamid.fixed-id' });
    expect(await stand.post(body)).toEqual({ status: 200, text: 'EVENT_RECEIVED' });
    await stand.post(body, { signature: 'sha256=00' });
    await stand.post(body, { signature: null });
    expect(deliveries.map((delivery) => delivery.raw)).toEqual([body, body, body, body]);
    expect(deliveries.map((delivery) => delivery.headers['x-hub-signature-256'])).toEqual([
      deliveries[0].headers['x-hub-signature-256'],
      deliveries[0].headers['x-hub-signature-256'],
      'sha256=00',
      undefined,
    ]);
    expect(valueOf(deliveries[0]).messages[0].id).toBe('wamid.fixed-id');
  });

  it("of a message's status carry its recipient and time", async () => {
    await stand.clientText(client, 'Mwansa', 'Hello');
    const { messages } = await (await send(text())).json();
    deliveries = [];
    const at = new Date(clock + 5_000);
    expect((await stand.status(messages[0].id, 'delivered', { at })).status).toBe(200);
    expect(valueOf(deliveries[0]).statuses).toEqual([
      { id: messages[0].id, status: 'delivered', timestamp: String(Math.floor(at.getTime() / 1000)), recipient_id: client },
    ]);
    await expect(stand.status('wamid.unknown', 'read')).rejects.toThrow(/no sent message/);
  });
});

describe('the 24-hour customer-service window', () => {
  const failures = () =>
    deliveries.flatMap((delivery) => (valueOf(delivery).statuses ?? []).filter((status: { status: string }) => status.status === 'failed'));

  it('still open 23 hours after the last message: the message is sent', async () => {
    const other = '260961111111';
    await stand.clientText(other, 'Bupe', 'Any news?');
    clock += 23 * 60 * 60 * 1000;
    expect((await send(text({ to: other }))).status).toBe(200);
    await stand.settled();
    expect(failures()).toEqual([]);
  });

  it('closed after 24 hours: the message is accepted, then fails with 131047 through the webhook', async () => {
    const other = '260962222222';
    await stand.clientText(other, 'Bupe', 'Any news?');
    clock += serviceWindowMs + 1_000;
    const response = await send(text({ to: other }));
    expect(response.status).toBe(200);
    const { messages } = await response.json();
    expect(stand.sent.at(-1)).toMatchObject({ id: messages[0].id, outsideWindow: true });
    await stand.settled();
    expect(failures()).toEqual([
      {
        id: messages[0].id,
        status: 'failed',
        timestamp: String(Math.floor(clock / 1000)),
        recipient_id: other,
        errors: [
          {
            code: 131047,
            title: 'Re-engagement message',
            message: 'Re-engagement message',
            error_data: { details: expect.stringContaining('24 hours') },
            href: expect.stringContaining('error-codes'),
          },
        ],
      },
    ]);
    const signed = deliveries.at(-1)!;
    expect(signed.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', appSecret).update(signed.raw).digest('hex')}`);
  });

  it('never opened, to someone who never wrote: the message fails with 131047 too', async () => {
    const response = await send(text({ to: '260963333333' }));
    expect(response.status).toBe(200);
    await stand.settled();
    expect(failures().map((failure: { errors: { code: number }[] }) => failure.errors[0].code)).toEqual([131047]);
  });

  it('reopened by a new message', async () => {
    const other = '260964444444';
    await stand.clientText(other, 'Bupe', 'Hello', { at: new Date(clock - 2 * serviceWindowMs) });
    await stand.clientText(other, 'Bupe', 'Hello again');
    expect((await send(text({ to: other }))).status).toBe(200);
    await stand.settled();
    expect(failures()).toEqual([]);
  });
});

describe('media', () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]);

  it('goes round: the media id, its URL, then the bytes with the token', async () => {
    const id = stand.putMedia(bytes, 'image/jpeg');
    expect(id).toMatch(/^\d+$/);
    const response = await graph(`/${id}`);
    expect(response.status).toBe(200);
    const info = await response.json();
    expect(info).toEqual({
      messaging_product: 'whatsapp',
      url: expect.any(String),
      mime_type: 'image/jpeg',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      file_size: bytes.length,
      id,
    });
    const download = await fetch(info.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    expect((await fetch(info.url)).status).toBe(401);
    expect((await fetch(info.url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it('an unknown media id is refused', async () => {
    const response = await graph('/123456789');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 100 });
  });

  it('a client image and a client document are notified with their media ids', async () => {
    const image = await stand.clientMedia(client, 'Mwansa', 'image', bytes, 'image/jpeg', { caption: 'The roof' });
    const pdf = new TextEncoder().encode('%PDF-1.4 test');
    const document = await stand.clientMedia(client, 'Mwansa', 'document', pdf, 'application/pdf', { filename: 'plan.pdf' });
    expect(valueOf(deliveries[0]).messages[0]).toEqual({
      from: client,
      id: image.id,
      timestamp: String(Math.floor(clock / 1000)),
      type: 'image',
      image: {
        caption: 'The roof',
        mime_type: 'image/jpeg',
        sha256: createHash('sha256').update(bytes).digest('base64'),
        id: image.mediaId,
      },
    });
    expect(valueOf(deliveries[1]).messages[0]).toEqual({
      from: client,
      id: document.id,
      timestamp: String(Math.floor(clock / 1000)),
      type: 'document',
      document: {
        filename: 'plan.pdf',
        mime_type: 'application/pdf',
        sha256: createHash('sha256').update(pdf).digest('base64'),
        id: document.mediaId,
      },
    });
    const info = await (await graph(`/${document.mediaId}`)).json();
    const download = await fetch(info.url, { headers: { authorization: `Bearer ${token}` } });
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
  });
});
