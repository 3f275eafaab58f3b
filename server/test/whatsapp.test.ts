/**
 * Clients' WhatsApp messages, as the team meets them, against a stand-in of Meta's Cloud API
 * (whatsapp-standin.ts) that POSTs its notifications, signed, to the server's webhook: the
 * webhook's verification, a bad signature (nothing kept), a retried notification (kept once), on
 * two processes, text, image and document messages, a reply within and after the 24 hours, and
 * our reply's statuses in order and out of order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import type { TimelineEntry } from '@kafue/common/leads';
import { graphOf } from '../src/conversations/graph.js';
import { handleNotifications } from '../src/conversations/whatsapp.js';
import { startTestServer, until, type Client, type TestServer } from './helpers.js';
import { hubSignature, reEngagement, startWhatsAppStandIn, type WhatsAppStandIn } from './whatsapp-standin.js';

const webhook = '/api/whatsapp/webhook';
const verifyToken = 'verify-me-please';
let t: TestServer;
let stand: WhatsAppStandIn;
let admin: Client;
let adminEmail: string;

const configure = (c: TestServer['config']) => {
  c.limits.enquiriesPerAddress = 1000;
  c.whatsapp = { url: stand.url, token: stand.token, phoneNumberId: stand.phoneNumberId, appSecret: stand.appSecret, verifyToken };
};

beforeAll(async () => {
  stand = await startWhatsAppStandIn({ token: 'graph-token', phoneNumberId: '106540352242922', appSecret: 'app-secret-1' });
  t = await startTestServer({ configure });
  stand.setWebhook(`${t.url}${webhook}`);
  ({ client: admin, email: adminEmail } = await t.admin('Super Admin'));
});
afterAll(async () => {
  await stand?.close();
  await t?.close();
});

let numbers = 0;
/** A number nobody has written from yet (the database is this file's), as WhatsApp gives it: digits, country code first. */
const newNumber = () => `26097${5_550_000 + ++numbers}`;

const enquiryOfPhone = (phone: string) =>
  t.db.query<{ id: string; full_name: string; email: string | null; phone: string; kind: string; awaiting: boolean }[]>(
    `SELECT id, full_name, email, phone, kind, awaiting_reply_since IS NOT NULL AS awaiting FROM enquiries WHERE phone = $1`,
    [phone],
  );
const messagesOn = (enquiryId: string) =>
  t.db.query<{ external_id: string; body: string; direction: string }[]>(
    `SELECT external_id, body, direction FROM enquiry_messages WHERE enquiry_id = $1 ORDER BY received_at, direction`,
    [enquiryId],
  );
const timeline = async (id: string) => (await admin.get<{ entries: TimelineEntry[] }>(`${api.enquiries}/${id}/timeline`)).body.entries;
const replyBy = (id: string, body: string) => admin.post(`${api.enquiries}/${id}/replies`, { channel: 'whatsapp', body });

/** A client's text, notified; answers the enquiry it is on once it is there. */
async function clientWrites(from: string, name: string, body: string, at?: Date) {
  const sent = await stand.clientText(from, name, body, { at });
  expect(sent.status).toBe(200);
  const [e] = await until(`the message from ${from}`, async () => {
    const rows = await enquiryOfPhone(`+${from}`);
    return rows.length > 0 && (await messagesOn(rows[0].id)).some((m) => m.external_id === sent.id) && rows;
  });
  return { ...e, messageId: sent.id, body: sent.body };
}

describe('the webhook', () => {
  it("answers Meta's verification with the challenge when the token matches, 403 otherwise", async () => {
    const anyone = t.client();
    const ok = await anyone.get(`${webhook}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await anyone.get(`${webhook}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);
    expect((await anyone.get(`${webhook}?hub.mode=unsubscribe&hub.verify_token=${verifyToken}&hub.challenge=1`)).status).toBe(403);
  });

  it('refuses a notification without a valid signature with 401, and keeps nothing', async () => {
    const from = newNumber();
    const before = (await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM whatsapp_notifications`))[0].n;
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
    expect((await stand.post(body, { signature: null })).status).toBe(401);
    expect((await stand.post(body, { signature: `sha256=${'0'.repeat(64)}` })).status).toBe(401);
    // A real message, signed with another secret.
    const forged = await startWhatsAppStandIn({ token: 'x', phoneNumberId: stand.phoneNumberId, appSecret: 'not-the-secret' });
    try {
      forged.setWebhook(`${t.url}${webhook}`);
      expect((await forged.clientText(from, 'Forged', 'Send me money')).status).toBe(401);
    } finally {
      await forged.close();
    }
    expect((await t.db.query<[{ n: number }]>(`SELECT count(*)::int AS n FROM whatsapp_notifications`))[0].n).toBe(before);
    expect(await enquiryOfPhone(`+${from}`)).toEqual([]);
  });
});

describe('a client writes on WhatsApp', () => {
  it('from an unknown number: an enquiry of kind whatsapp, named from the profile, without email, awaiting our reply', async () => {
    const from = newNumber();
    const e = await clientWrites(from, 'Chanda Mwila', 'Hello, do you install CCTV in Ndola?');
    expect(e).toMatchObject({ full_name: 'Chanda Mwila', email: null, phone: `+${from}`, kind: 'whatsapp', awaiting: true });
    const enquiry = (await admin.get<{ email: string | null; kind: string; message: string }>(`${api.enquiries}/${e.id}`)).body;
    expect(enquiry).toMatchObject({ email: null, kind: 'whatsapp', message: 'Hello, do you install CCTV in Ndola?' });
    const [entry] = (await timeline(e.id)).filter((x) => x.kind === 'message');
    expect(entry).toMatchObject({
      title: 'WhatsApp message from Chanda Mwila',
      text: 'Hello, do you install CCTV in Ndola?',
      message: { direction: 'in', channel: 'whatsapp', automatic: false, fromOtherAddress: false, attachments: [] },
    });
  });

  it('a notification Meta sends again is kept once, whichever of two processes takes it', async () => {
    const from = newNumber();
    const first = await clientWrites(from, 'Retry Person', 'Are you open on Saturday?');
    const second = await startTestServer({ configure, databaseUrl: t.databaseUrl });
    try {
      const again = await Promise.all([
        stand.post(first.body),
        fetch(`${second.url}${webhook}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(stand.appSecret, first.body) },
          body: first.body,
        }),
      ]);
      expect(again.map((a) => a.status)).toEqual([200, 200]);
      await until('both handled', async () => {
        const [row] = await t.db.query<[{ n: number }]>(
          `SELECT count(*)::int AS n FROM whatsapp_notifications WHERE next_try_at IS NOT NULL`,
        );
        return row.n === 0;
      });
    } finally {
      await second.close();
    }
    expect(await messagesOn(first.id)).toHaveLength(1);
    expect(await enquiryOfPhone(`+${from}`)).toHaveLength(1);
  });

  it('on an open enquiry from the site whose phone is the number, however it was typed: it awaits our reply, the team is told', async () => {
    const from = newNumber();
    const local = `0${from.slice(3, 5)} ${from.slice(5, 8)} ${from.slice(8)}`;
    const sent = await t.client().post(api.enquiries, {
      fullName: 'Site Visitor',
      email: `visitor${from}@client.test`,
      phone: local,
      message: 'Please call me.',
      startedAt: Date.now() - 60_000,
    });
    expect(sent.status).toBe(201);
    const [site] = await t.db.query<{ id: string }[]>(`SELECT id FROM enquiries WHERE phone = $1`, [local]);
    await admin.post(`${api.enquiries}/${site.id}/replies`, { subject: 'Re: your enquiry', body: 'We will call you.' });
    const answered = await stand.clientText(from, 'Site Visitor', 'I missed your call, please try again.');
    expect(answered.status).toBe(200);
    await until('the message on the enquiry', async () => (await messagesOn(site.id)).some((m) => m.external_id === answered.id));
    const [row] = await t.db.query<{ awaiting: boolean }[]>(
      `SELECT awaiting_reply_since IS NOT NULL AS awaiting FROM enquiries WHERE id = $1`,
      [site.id],
    );
    expect(row.awaiting).toBe(true);
    const told = await t.db.query<{ body: string }[]>(`SELECT body FROM mail_queue WHERE subject LIKE '%Site Visitor replied on WhatsApp'`);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('I missed your call, please try again.');
  });

  it('an image and a document are fetched from the Graph API and kept as attachments, typed by their bytes', async () => {
    const from = newNumber();
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40)]);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
    const photo = await stand.clientMedia(from, 'Photo Sender', 'image', png, 'image/png', { caption: 'The broken camera' });
    const doc = await stand.clientMedia(from, 'Photo Sender', 'document', pdf, 'application/octet-stream', { filename: 'site-plan.pdf' });
    expect([photo.status, doc.status]).toEqual([200, 200]);
    const [e] = await until('the enquiry', async () => {
      const rows = await enquiryOfPhone(`+${from}`);
      return rows.length > 0 && (await messagesOn(rows[0].id)).length === 2 && rows;
    });
    const entries = (await timeline(e.id)).filter((x) => x.kind === 'message');
    expect(entries.map((x) => x.text)).toEqual(['The broken camera', '(a document: site-plan.pdf)']);
    expect(entries.map((x) => x.message!.attachments.map(({ fileName, size, type }) => ({ fileName, size, type })))).toEqual([
      [{ fileName: 'whatsapp-image.png', size: png.length, type: 'image/png' }],
      [{ fileName: 'site-plan.pdf', size: pdf.length, type: 'application/pdf' }],
    ]);
    const file = entries[1].message!.attachments[0];
    const download = await fetch(`${admin.base}${api.enquiries}/${e.id}/attachments/${file._id}`, {
      headers: { cookie: `kafue_session=${admin.cookie}` },
    });
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });
});

describe('a document over 10 MB', () => {
  it('is not downloaded: Meta gives its size, and the timeline says why it was not kept', async () => {
    const from = newNumber();
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const sent = await stand.clientMedia(from, 'Big Sender', 'document', big, 'application/pdf', { filename: 'scan.pdf' });
    expect(sent.status).toBe(200);
    const [e] = await until('the enquiry', async () => {
      const rows = await enquiryOfPhone(`+${from}`);
      return rows.length > 0 && (await messagesOn(rows[0].id)).length === 1 && rows;
    });
    const [entry] = (await timeline(e.id)).filter((x) => x.kind === 'message');
    expect(entry.message!.attachments).toMatchObject([
      { fileName: 'scan.pdf', size: big.length, refused: 'over 10 MB: ask the client for a link instead' },
    ]);
    const asked = stand.received.map((r) => r.path);
    expect(asked).toContain(`/v23.0/${sent.mediaId}`);
    expect(asked).not.toContain(`/media-download/${sent.mediaId}`);
  });
});

describe('a notification that cannot be handled yet', () => {
  it('is kept and tried again, less often; a media never downloaded leaves its message kept, saying so', async () => {
    const from = newNumber();
    const id = `wamid.gone-${from}`;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '260975550100', phone_number_id: stand.phoneNumberId },
                contacts: [{ profile: { name: 'Gone Media' }, wa_id: from }],
                messages: [
                  {
                    from,
                    id,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'image',
                    image: { id: 'no-such-media', mime_type: 'image/jpeg' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect((await stand.post(raw)).status).toBe(200);
    const kept = () =>
      t.db.query<{ attempts: number; next_try_at: Date | null; last_error: string | null }[]>(
        `SELECT attempts, next_try_at, last_error FROM whatsapp_notifications WHERE body = $1`,
        [raw],
      );
    const first = await until('the first try', async () => (await kept()).find((r) => r.last_error));
    expect(first.attempts).toBe(1);
    expect(first.last_error).toMatch(/^The media could not be found/);
    expect(await enquiryOfPhone(`+${from}`)).toEqual([]);
    // Later tries (the worker's, on any process): the fifth keeps the message without the photo.
    const graph = graphOf(t.config.whatsapp!);
    for (let hour = 2; hour <= 10; hour += 2) {
      await handleNotifications(t.db, graph, t.config.publicUrl, new Date(Date.now() + hour * 60 * 60 * 1000));
    }
    const [e] = await enquiryOfPhone(`+${from}`);
    const [message] = await messagesOn(e.id);
    expect(message.body).toMatch(
      /^\(an image message\)\n\(The image could not be downloaded from WhatsApp: The media could not be found: .+\)$/,
    );
    expect((await kept())[0]).toMatchObject({ attempts: 5, next_try_at: null });
  });
});

describe('our reply on WhatsApp', () => {
  it('within 24 hours goes to the number; its state follows the statuses, forward only, whatever their order', async () => {
    const from = newNumber();
    const e = await clientWrites(from, 'Reply Person', 'How much is a website?');
    const sent = await replyBy(e.id, 'From K 4,500. May we call you?');
    expect(sent.status, sent.text).toBe(201);
    const ours = stand.sent.at(-1)!;
    expect(ours).toMatchObject({ to: from, body: 'From K 4,500. May we call you?' });
    const state = async () => (await timeline(e.id)).find((x) => x.kind === 'reply')!;
    expect(await state()).toMatchObject({
      title: 'WhatsApp reply sent',
      text: 'From K 4,500. May we call you?',
      state: 'Sent',
      message: { direction: 'out', channel: 'whatsapp' },
    });
    // Answered: it no longer awaits us.
    expect((await enquiryOfPhone(`+${from}`))[0].awaiting).toBe(false);

    // Read arrives before delivered (Meta does not promise order): read stays.
    expect((await stand.status(ours.id, 'read')).status).toBe(200);
    await until('read', async () => (await state()).state === 'Read');
    expect((await stand.status(ours.id, 'delivered')).status).toBe(200);
    await until('the late status handled', async () => {
      const [row] = await t.db.query<[{ n: number }]>(
        `SELECT count(*)::int AS n FROM whatsapp_notifications WHERE next_try_at IS NOT NULL`,
      );
      return row.n === 0;
    });
    expect((await state()).state).toBe('Read');
  });

  it('a failed one says so with the reason Meta gives, and its author is mailed', async () => {
    const from = newNumber();
    const e = await clientWrites(from, 'Failing Person', 'Hello?');
    expect((await replyBy(e.id, 'Hello, how can we help?')).status).toBe(201);
    const ours = stand.sent.at(-1)!;
    await stand.status(ours.id, 'sent');
    await stand.status(ours.id, 'failed', { errors: [reEngagement] });
    await until('failed', async () => (await timeline(e.id)).find((x) => x.kind === 'reply')?.state === 'Failed');
    expect((await timeline(e.id)).find((x) => x.kind === 'reply')!.stateReason).toBe(reEngagement.details);
    // Its author hears of it, as of a bounced mail; the client has no address, so: call them.
    const told = await t.db.query<{ to_address: string; body: string }[]>(
      `SELECT to_address, body FROM mail_queue WHERE subject LIKE '%Your reply to Failing Person was not delivered'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0].to_address).toBe(adminEmail);
    expect(told[0].body).toContain(`Your WhatsApp reply to Failing Person (WhatsApp +${from}) did not reach them: WhatsApp refused it.`);
    expect(told[0].body).toContain(`Reason given: ${reEngagement.details}`);
    expect(told[0].body).toContain('Call them, and log the contact: ');
  });

  it('more than 24 hours after their last message is refused with 409, offering email when there is one; by email without an address, 409', async () => {
    const from = newNumber();
    const e = await clientWrites(from, 'Late Person', 'Any news?', new Date(Date.now() - 25 * 60 * 60 * 1000));
    const count = stand.sent.length;
    const late = await replyBy(e.id, 'Sorry for the wait.');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      "Late Person last wrote on WhatsApp more than 24 hours ago: WhatsApp lets a business answer only within 24 hours of the client's last message. Call them, or answer when they write again.",
    );
    expect(stand.sent).toHaveLength(count);
    const byMail = await admin.post(`${api.enquiries}/${e.id}/replies`, { subject: 'Your enquiry', body: 'Hello.' });
    expect(byMail.status).toBe(409);
    expect(byMail.body.message).toBe('Late Person wrote on WhatsApp and gave no email address: reply by WhatsApp.');

    // The client gives an address on the phone: an admin adds it (once: the address given stays), and email is offered.
    const address = `late${from}@client.test`;
    const added = await admin.put(`${api.enquiries}/${e.id}`, { email: address });
    expect(added.status, added.text).toBe(200);
    expect(added.body.enquiry.email).toBe(address);
    expect((await admin.put(`${api.enquiries}/${e.id}`, { email: `other${from}@client.test` })).status).toBe(409);
    expect((await admin.put(`${api.enquiries}/${e.id}`, { email: address.toUpperCase() })).status).toBe(200);
    expect((await replyBy(e.id, 'Sorry for the wait.')).body.message).toMatch(/Reply by email instead\.$/);
    // A site enquiry whose client never wrote on WhatsApp.
    const form = await t
      .client()
      .post(api.enquiries, { fullName: 'Form Only', email: `form${from}@client.test`, message: 'Hi.', startedAt: Date.now() - 60_000 });
    const [site] = await t.db.query<{ id: string }[]>(`SELECT id FROM enquiries WHERE email = $1`, [`form${from}@client.test`]);
    expect(form.status).toBe(201);
    expect((await replyBy(site.id, 'Hello')).body.message).toMatch(/^Form Only has not written on WhatsApp: /);
    // A reply needs a subject by email, not on WhatsApp; WhatsApp's length limit.
    expect((await admin.post(`${api.enquiries}/${site.id}/replies`, { body: 'No subject' })).body.errors).toEqual({ subject: 'Required.' });
    expect((await replyBy(site.id, 'x'.repeat(4097))).body.errors).toEqual({ body: 'At most 4096 characters on WhatsApp.' });
  });
});

describe('Settings: the channel', () => {
  it('is configured; a check reads the number and then shows it connected', async () => {
    const check = await admin.post<{ ok: boolean; message: string }>('/api/channels/whatsapp/check', {});
    expect(check.body).toEqual({
      ok: true,
      message: `Connected: WhatsApp answers for ${stand.verifiedName}, ${stand.displayPhoneNumber}.`,
    });
    const status = (
      await admin.get<{
        whatsapp: { configured: boolean; connected: boolean; lastCheckedAt: string | null; lastMessageAt: string | null };
      }>('/api/channels/status')
    ).body.whatsapp;
    expect(status).toMatchObject({ configured: true, connected: true });
    expect(status.lastCheckedAt).not.toBeNull();
    expect(status.lastMessageAt).not.toBeNull();
  });
});
