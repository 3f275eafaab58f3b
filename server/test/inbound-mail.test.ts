/**
 * Clients' answers by mail, as the team meets them: a real IMAP server (Dovecot, dovecot.ts)
 * watched as IMAP_URL's mailbox. Each message is threaded onto its enquiry by the rules in order
 * (our mail it answers, the reference in its subject, the sender's one open enquiry) or starts an
 * enquiry of kind email; its quoted history folded, HTML kept as text, auto-replies kept without
 * touching the clock; taken once with two processes and across a restart, never marked read, and
 * still taken after the IMAP connection was lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { checkMailbox, MailboxWatcher } from '../src/conversations/mailbox.js';
import { startDovecot, type Dovecot } from './dovecot.js';
import { startTestServer, until, type TestServer } from './helpers.js';

const mailbox = 'office@acme.test';
let t: TestServer;
let imap: Dovecot;
let admin: Awaited<ReturnType<TestServer['admin']>>;
const watchers: MailboxWatcher[] = [];
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A watcher on `server`'s database: new mail within seconds is IDLE's doing (it reads every 30 s besides); retries every half second. */
function watch(server: Pick<TestServer, 'db' | 'config'> = t): MailboxWatcher {
  const watcher = new MailboxWatcher(
    server.db,
    { url: imap.url(mailbox), publicUrl: server.config.publicUrl, pollSeconds: 30, retrySeconds: 0.5 },
    quiet,
  );
  watcher.start();
  watchers.push(watcher);
  return watcher;
}

/** The mailbox is watched: its first connection is made and its place recorded. */
const watching = () =>
  until('the mailbox watched', async () => {
    const [row] = await t.db.query<{ uid_validity: string }[]>(`SELECT uid_validity::text FROM mailbox_state WHERE mailbox = 'INBOX'`);
    return row && row.uid_validity !== '0';
  });

let sequence = 0;
/** A message's source; `headers` adds or replaces headers. */
function message(from: string, subject: string, text: string, headers: Record<string, string> = {}): string {
  sequence += 1;
  const all: Record<string, string> = {
    From: from,
    To: mailbox,
    Subject: subject,
    Date: new Date().toUTCString(),
    'Message-ID': `<client-${sequence}-${Date.now()}@client.test>`,
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  };
  return `${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n${text}\n`;
}

/** An enquiry from the contact form; answers its id and the id of its acknowledgement mail. */
async function enquiry(fullName: string, email: string): Promise<{ id: string; ackMailId: string }> {
  const sent = await t.client().post(api.enquiries, { fullName, email, message: 'Please call me.', startedAt: Date.now() - 60_000 });
  expect(sent.status).toBe(201);
  const [row] = await t.db.query<{ id: string; mail_id: string }[]>(
    `SELECT e.id, m.mail_id FROM enquiries e JOIN enquiry_mails m ON m.enquiry_id = e.id AND m.kind = 'acknowledgement'
      WHERE e.email = $1 ORDER BY e.created_at DESC LIMIT 1`,
    [email],
  );
  return { id: row.id, ackMailId: row.mail_id };
}

const messagesOn = (enquiryId: string) =>
  t.db.query<{ id: string; body: string; quoted: string; automatic: boolean; from_other_address: boolean; subject: string }[]>(
    `SELECT id, body, quoted, automatic, from_other_address, subject FROM enquiry_messages WHERE enquiry_id = $1 ORDER BY received_at`,
    [enquiryId],
  );
/** The mails queued whose subject ends with `subject`. */
const mailsAbout = (subject: string) =>
  t.db.query<{ to_address: string; reply_to: string | null; body: string }[]>(
    `SELECT to_address, reply_to, body FROM mail_queue WHERE subject LIKE '%' || $1 ORDER BY created_at`,
    [subject],
  );
const awaitingOf = async (id: string) =>
  (await t.db.query<{ awaiting_reply_since: Date | null }[]>(`SELECT awaiting_reply_since FROM enquiries WHERE id = $1`, [id]))[0]
    .awaiting_reply_since;
const reply = async (id: string) =>
  expect((await admin.client.post(`${api.enquiries}/${id}/replies`, { subject: 'Re: your enquiry', body: 'Thank you.' })).status).toBe(201);

beforeAll(async () => {
  imap = await startDovecot({ [mailbox]: 'Mailbox-pass-1' });
  t = await startTestServer({
    configure: (c) => {
      c.limits.enquiriesPerAddress = 1000;
      c.mailFrom = 'office@acme.test';
      c.imap = { url: imap.url(mailbox) };
    },
  });
  admin = await t.admin('Super Admin');
  // Mail in the mailbox before it was first watched is not imported.
  await imap.deliver(mailbox, message('Old Sender <old@client.test>', 'An old mail', 'From last year.'));
  watch();
  await watching();
}, 60_000);

afterAll(async () => {
  await Promise.all(watchers.map((w) => w.stop()));
  await t?.close();
  await imap?.stop();
});

describe('an answer by mail', () => {
  it('to our mail (In-Reply-To) lands on its enquiry within seconds, its history folded; it awaits our reply again; never marked read', async () => {
    const { id, ackMailId } = await enquiry('Mwila Banda', 'mwila@client.test');
    await reply(id);
    expect(await awaitingOf(id)).toBeNull();
    const uid = await imap.deliver(
      mailbox,
      message(
        'Mwila Banda <mwila@client.test>',
        'Re: we received your enquiry',
        'Yes, Tuesday works.\n\nOn Mon, 30 Nov 2026 at 09:00, Acme wrote:\n> Thank you for contacting Acme.\n> We will reply soon.',
        { 'In-Reply-To': `<${ackMailId}@acme.test>`, References: `<${ackMailId}@acme.test>` },
      ),
    );
    const [kept] = await until('the answer on its enquiry', async () => (await messagesOn(id)).length === 1 && messagesOn(id));
    expect(kept.body).toBe('Yes, Tuesday works.');
    expect(kept.quoted).toContain('> Thank you for contacting Acme.');
    expect(kept).toMatchObject({ automatic: false, from_other_address: false });
    expect(await awaitingOf(id)).not.toBeNull();
    // A wait of its own for the lead report: the enquiry's answered, this one awaiting.
    const waits = await t.db.query<{ answered: boolean }[]>(
      `SELECT answered_at IS NOT NULL AS answered FROM reply_waits WHERE enquiry_id = $1 ORDER BY since`,
      [id],
    );
    expect(waits).toEqual([{ answered: true }, { answered: false }]);
    // Unassigned: the admins hear of it, with what the client wrote; replying answers the client.
    const told = await mailsAbout('Mwila Banda replied by email');
    expect(told.map((r) => r.to_address)).toContain(admin.email);
    expect(told[0]).toMatchObject({ reply_to: 'mwila@client.test' });
    expect(told[0].body).toContain('> Yes, Tuesday works.');
    expect(told[0].body).toContain(`/admin/enquiries?open=${id}`);
    // On the timeline, as the client's message; the whole original one call away, as text.
    const timeline = (await admin.client.get(`${api.enquiries}/${id}/timeline`)).body.entries as {
      kind: string;
      text?: string;
      message?: Record<string, unknown>;
    }[];
    const entry = timeline.find((e) => e.kind === 'message');
    expect(entry).toMatchObject({
      text: 'Yes, Tuesday works.',
      message: { _id: kept.id, direction: 'in', channel: 'email', automatic: false, fromOtherAddress: false },
    });
    const original = await admin.client.get(`${api.enquiries}/${id}/messages/${kept.id}/original`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(original.text).toContain(`In-Reply-To: <${ackMailId}@acme.test>`);
    // Another staff member's, or no such message: 404.
    const staff = await t.staff();
    expect((await staff.client.get(`${api.enquiries}/${id}/messages/${kept.id}/original`)).status).toBe(404);
    expect((await admin.client.get(`${api.enquiries}/${id}/messages/not-an-id/original`)).status).toBe(404);
    expect(await imap.seen(mailbox, uid)).toBe(false);
  });

  it('by the reference in its subject, from another address: kept and marked so', async () => {
    const { id } = await enquiry('Chipo Zulu', 'chipo@client.test');
    const staff = await t.staff();
    await t.db.query(`UPDATE enquiries SET assignee_id = $2 WHERE id = $1`, [id, staff.id]);
    const reference = id.slice(0, 8).toUpperCase();
    await imap.deliver(mailbox, message('Chipo at work <chipo@office.test>', `Re: Your quote [Ref ${reference}]`, 'Sending from work.'));
    const [kept] = await until('the answer by its reference', async () => (await messagesOn(id)).length === 1 && messagesOn(id));
    expect(kept).toMatchObject({ body: 'Sending from work.', from_other_address: true });
    // Assigned: its assignee alone hears of it.
    expect((await mailsAbout('Chipo Zulu replied by email')).map((r) => r.to_address)).toEqual([staff.email]);
  });

  it("by its sender's one open enquiry; from a stranger it starts an enquiry of kind email, acknowledged as automatic", async () => {
    const { id } = await enquiry('Bwalya Phiri', 'bwalya@client.test');
    await imap.deliver(mailbox, message('Bwalya Phiri <BWALYA@client.test>', 'One more thing', 'Also the email accounts.'));
    await until('the answer by its sender', async () => (await messagesOn(id)).length === 1);

    await imap.deliver(mailbox, message('Natasha Mwale <natasha@newclient.test>', 'Website for my shop', 'How much is a website?'));
    const [started] = await until('a new enquiry', async () => {
      const rows = await t.db.query<{ id: string; full_name: string; kind: string; status: string; message: string }[]>(
        `SELECT id, full_name, kind, status, message FROM enquiries WHERE email = 'natasha@newclient.test'`,
      );
      return rows.length === 1 && rows;
    });
    expect(started).toMatchObject({ full_name: 'Natasha Mwale', kind: 'email', status: 'New' });
    expect(started.message).toBe('Website for my shop\n\nHow much is a website?');
    expect(await messagesOn(started.id)).toHaveLength(1);
    const [ack] = await t.db.query<{ subject: string; headers: Record<string, string> }[]>(
      `SELECT subject, headers FROM mail_queue WHERE to_address = 'natasha@newclient.test'`,
    );
    expect(ack.subject.endsWith(`: we received your enquiry [Ref ${started.id.slice(0, 8).toUpperCase()}]`)).toBe(true);
    expect(ack.headers).toEqual({ 'Auto-Submitted': 'auto-replied' });
    expect((await admin.client.get(`${api.enquiries}?kind=email&q=Natasha`)).body.total).toBe(1);
  });

  it('in HTML only is kept as text, its script as nothing', async () => {
    const { id } = await enquiry('Html Sender', 'html@client.test');
    await imap.deliver(
      mailbox,
      message(
        'Html Sender <html@client.test>',
        'Formatted',
        '<html><body><p>Hello <b>there</b></p><script>alert(1)</script><p>Call me.</p></body></html>',
        { 'Content-Type': 'text/html; charset=utf-8' },
      ),
    );
    const [kept] = await until('the HTML answer', async () => (await messagesOn(id)).length === 1 && messagesOn(id));
    expect(kept.body).toContain('Hello there');
    expect(kept.body).toContain('Call me.');
    expect(kept.body).not.toMatch(/<|alert/);
  });

  it('with attachments: each kept with its type read from its content, a program refused and noted; downloads for the team only', async () => {
    const { id } = await enquiry('Files Sender', 'files@client.test');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)]);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 1)]);
    const part = (name: string, type: string, content: Buffer) =>
      [
        '--P1',
        `Content-Type: ${type}; name="${name}"`,
        `Content-Disposition: attachment; filename="${name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        content.toString('base64'),
      ].join('\n');
    const source = message('Files Sender <files@client.test>', 'The plans', '', {
      'Content-Type': 'multipart/mixed; boundary="P1"',
    }).replace(
      /\n\n\n$/,
      [
        '',
        '',
        '--P1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Here are the plans.',
        // The sender's word for the type is not taken: the bytes say PDF.
        part('setup.exe', 'application/octet-stream', exe),
        part('plans.pdf', 'application/octet-stream', pdf),
        '--P1--',
        '',
      ].join('\n'),
    );
    await imap.deliver(mailbox, source);
    await until('the message with files', async () => (await messagesOn(id)).length === 1);
    const timeline = (await admin.client.get(`${api.enquiries}/${id}/timeline`)).body.entries as {
      kind: string;
      text?: string;
      message?: { attachments: { _id: string; fileName: string; size: number; type: string; refused?: string }[] };
    }[];
    const entry = timeline.find((e) => e.kind === 'message')!;
    expect(entry.text).toBe('Here are the plans.');
    // In the order the client attached them.
    const [refused, kept] = entry.message!.attachments;
    expect(kept).toMatchObject({ fileName: 'plans.pdf', size: pdf.length, type: 'application/pdf' });
    expect(kept.refused).toBeUndefined();
    expect(refused).toMatchObject({
      fileName: 'setup.exe',
      size: exe.length,
      refused: 'a program or script: refused to protect your computers',
    });

    const file = `${api.enquiries}/${id}/attachments/${kept._id}`;
    // Read as bytes (the test client reads text).
    const download = await fetch(`${admin.client.base}${file}`, { headers: { cookie: `kafue_session=${admin.client.cookie}` } });
    expect(download.status).toBe(200);
    // Bytes to save, never a page a browser would open or render.
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="plans.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    // Refused: nothing to download; another staff member's enquiry: 404.
    expect((await admin.client.get(`${api.enquiries}/${id}/attachments/${refused._id}`)).status).toBe(404);
    const staff = await t.staff();
    expect((await staff.client.get(file)).status).toBe(404);
    await t.db.query(`UPDATE enquiries SET assignee_id = $2 WHERE id = $1`, [id, staff.id]);
    expect((await staff.client.get(file)).status).toBe(200);
  });

  it('an auto-reply is kept as automatic and changes no clock; one for no enquiry starts none', async () => {
    const { id } = await enquiry('Away Person', 'away@client.test');
    await reply(id);
    await imap.deliver(
      mailbox,
      message('Away Person <away@client.test>', 'Out of office', 'I am away until Monday.', { 'Auto-Submitted': 'auto-replied' }),
    );
    const [kept] = await until('the auto-reply', async () => (await messagesOn(id)).length === 1 && messagesOn(id));
    expect(kept.automatic).toBe(true);
    expect(await awaitingOf(id)).toBeNull();
    const timeline = (await admin.client.get(`${api.enquiries}/${id}/timeline`)).body.entries as { kind: string; title: string }[];
    expect(timeline.find((e) => e.kind === 'message')?.title).toBe('Automatic reply from Away Person: Out of office');

    await imap.deliver(mailbox, message('Robot <robot@lists.test>', 'Weekly news', 'News.', { Precedence: 'bulk' }));
    // A later message is taken, so the bulk one before it was passed over.
    await imap.deliver(mailbox, message('Away Person <away@client.test>', 'Back now', 'I am back.'));
    await until('the message after the bulk one', async () => (await messagesOn(id)).length === 2);
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE email = 'robot@lists.test'`)).toEqual([]);
    // Mail from before the first watch was never imported.
    expect(await t.db.query(`SELECT 1 FROM enquiries WHERE email = 'old@client.test'`)).toEqual([]);
  });
});

describe('a delivery failure', () => {
  /** A delivery-status report (RFC 3464) from the client's mail server about our mail `mailId`. */
  const report = (to: string, mailId: string, action: 'failed' | 'delayed') =>
    message('Mail Delivery System <MAILER-DAEMON@mx.client.test>', 'Undelivered Mail Returned to Sender', '', {
      'Auto-Submitted': 'auto-replied',
      'Content-Type': 'multipart/report; report-type=delivery-status; boundary="R1"',
    }).replace(
      /\n\n\n$/,
      [
        '',
        '',
        '--R1',
        'Content-Type: text/plain; charset=us-ascii',
        '',
        'Your message could not be delivered.',
        '',
        '--R1',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.client.test',
        '',
        `Final-Recipient: rfc822; ${to}`,
        `Action: ${action}`,
        action === 'failed' ? 'Status: 5.1.1' : 'Status: 4.4.1',
        `Diagnostic-Code: smtp; 550 5.1.1 <${to}>: Recipient address`,
        '    rejected: User unknown',
        '',
        '--R1',
        'Content-Type: text/rfc822-headers',
        '',
        `From: Acme <${mailbox}>`,
        `To: ${to}`,
        'Subject: Re: your enquiry',
        `Message-ID: <${mailId}@acme.test>`,
        '',
        '--R1--',
        '',
      ].join('\n'),
    );

  it('of our reply marks it Bounced with the reason, tells its author, and starts no clock; a delay marks nothing', async () => {
    const { id } = await enquiry('Gone Client', 'gone@client.test');
    await reply(id);
    const [sent] = await t.db.query<{ mail_id: string }[]>(`SELECT mail_id FROM enquiry_replies WHERE enquiry_id = $1`, [id]);
    const timeline = async () =>
      (await admin.client.get(`${api.enquiries}/${id}/timeline`)).body.entries as { kind: string; state?: string; stateReason?: string }[];

    await imap.deliver(mailbox, report('gone@client.test', sent.mail_id, 'delayed'));
    await until('the delay report kept', async () => (await messagesOn(id)).length === 1);
    expect((await timeline()).find((e) => e.kind === 'reply')).not.toMatchObject({ state: 'Bounced' });

    await imap.deliver(mailbox, report('gone@client.test', sent.mail_id, 'failed'));
    await until('the failure report kept', async () => (await messagesOn(id)).length === 2);
    expect((await timeline()).find((e) => e.kind === 'reply')).toMatchObject({
      state: 'Bounced',
      stateReason: '550 5.1.1 <gone@client.test>: Recipient address rejected: User unknown',
    });
    expect((await messagesOn(id)).every((m) => m.automatic)).toBe(true);
    expect(await awaitingOf(id)).toBeNull();
    const told = await mailsAbout('] Your reply to Gone Client was not delivered');
    expect(told.map((r) => r.to_address)).toEqual([admin.email]);
    expect(told[0].body).toContain('Reason given: 550 5.1.1 <gone@client.test>: Recipient address rejected: User unknown');
    expect(told[0].body).toContain(`/admin/enquiries?open=${id}`);
  });
});

describe('the mailbox', () => {
  it('is watched by one process at a time: with two, each message is taken once; a restart takes what came meanwhile', async () => {
    const second = await startTestServer({ databaseUrl: t.databaseUrl, configure: (c) => void (c.mailFrom = 'office@acme.test') });
    try {
      const other = watch(second);
      const { id } = await enquiry('Twice Sender', 'twice@client.test');
      for (let i = 1; i <= 3; i++) await imap.deliver(mailbox, message('Twice Sender <twice@client.test>', `Note ${i}`, `Note ${i}.`));
      await until('three notes', async () => (await messagesOn(id)).length === 3);

      // Every watcher stops; mail arrives; a new one takes it, once.
      await Promise.all(watchers.splice(0).map((w) => w.stop()));
      void other;
      await imap.deliver(mailbox, message('Twice Sender <twice@client.test>', 'While down 1', 'First while down.'));
      await imap.deliver(mailbox, message('Twice Sender <twice@client.test>', 'While down 2', 'Second while down.'));
      watch(second);
      watch();
      await until('both taken after the restart', async () => (await messagesOn(id)).length === 5);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await messagesOn(id)).map((m) => m.subject)).toEqual(['Note 1', 'Note 2', 'Note 3', 'While down 1', 'While down 2']);
    } finally {
      await Promise.all(watchers.splice(0).map((w) => w.stop()));
      await second.close();
      watch();
    }
  });

  it('is watched again once a lost IMAP connection can be made again', async () => {
    await watching();
    const { id } = await enquiry('Lost Connection', 'lost@client.test');
    await imap.restart();
    await imap.deliver(mailbox, message('Lost Connection <lost@client.test>', 'After the outage', 'Still there?'));
    await until('taken after the reconnection', async () => (await messagesOn(id)).length === 1, 15_000);
  });
});

describe('Settings', () => {
  it('shows the Super Admin the mailbox connected and its last message; checks it now; refuses the other roles', async () => {
    await watching();
    const status = await admin.client.get('/api/channels/status');
    expect(status.status).toBe(200);
    expect(status.body.email).toMatchObject({ configured: true, connected: true, lastError: null });
    expect(Date.parse(status.body.email.lastCheckedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(status.body.email.lastMessageAt).not.toBeNull();
    const check = await admin.client.post('/api/channels/email/check');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ ok: true, message: expect.stringMatching(/^Connected: the mailbox INBOX holds \d+ messages\.$/) });
    const editor = await t.admin('Editor');
    expect((await editor.client.get('/api/channels/status')).status).toBe(403);
    expect((await editor.client.post('/api/channels/email/check')).status).toBe(403);
    // A wrong password: said plainly, and the password is not repeated.
    const wrong = await checkMailbox(imap.url(mailbox).replace('Mailbox-pass-1', 'Wrong-pass-9'));
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toMatch(/^Could not connect to the mailbox: /);
    expect(wrong.message).not.toContain('Wrong-pass-9');
    expect(await checkMailbox(undefined)).toEqual({ ok: false, message: 'Inbound mail is not set up: IMAP_URL is not set on the server.' });
  });
});
