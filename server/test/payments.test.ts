/**
 * Paying an accepted quote by mobile money, against a local stand-in of pawaPay's v2 deposits API
 * (pawapay-standin.ts) that the tests drive as the networks would: accepted then completed,
 * rejected, failed for want of money, callbacks twice, unknown, lying or never sent, a first call
 * lost (answer lost, or never arrived), two processes, a restart between the call and the
 * callback; the payer's page with and without JavaScript, receipts, payment requests, the
 * kwacha rate, the settings, and the audit rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@kafue/common/contract';
import { depositMinor, usdToZmwMinor } from '@kafue/common/payments';
import { totalsOf, type QuoteLine } from '@kafue/common/schemas';
import { checkDuePayments, firstCheckMs, pawapayOf } from '../src/payments/payments.js';
import { startTestServer, type Client, type TestServer } from './helpers.js';
import { startPawapayStandIn, type PawapayStandIn } from './pawapay-standin.js';

let t: TestServer;
let pawa: PawapayStandIn;
let admin: Client;

const withPawapay = (timeoutMs = 15_000) => ({
  configure: (c: TestServer['config']) => {
    c.trustProxy = true;
    c.pawapay = { url: pawa.url, token: pawa.token, timeoutMs };
  },
});

beforeAll(async () => {
  pawa = await startPawapayStandIn();
  t = await startTestServer(withPawapay(1_000));
  admin = (await t.admin('Super Admin')).client;
});
afterAll(async () => {
  await t?.close();
  await pawa?.close();
});

let count = 0;
const nextIp = () => `203.0.113.${++count}`;
const lines = (unitPrice: number): QuoteLine[] => [{ description: 'Website build', quantity: 1, unitPrice, period: 'once' }];

/** An accepted quote (as its enquirer accepts it on the page): its id, token and the payer's email. */
async function acceptedQuote(currency: 'ZMW' | 'USD' = 'ZMW', unitPrice = 1234.5) {
  const email = `payer${++count}@kafue.test`;
  const [{ id: enquiryId }] = await t.db.query<[{ id: string }]>(
    `INSERT INTO enquiries (full_name, email, message, kind, status) VALUES ('Mutale Banda', $1, 'A site.', 'quote', 'New') RETURNING id`,
    [email],
  );
  const created = await admin.post('/api/quotes', { enquiryId, currency, lines: lines(unitPrice), validUntil: '2099-12-31' });
  expect(created.status).toBe(201);
  const quoteId = created.body.quote._id as string;
  expect((await admin.post(`/api/quotes/${quoteId}/send`)).status).toBe(200);
  const [mail] = await t.db.query<{ body: string }[]>(`SELECT body FROM mail_queue WHERE to_address = $1`, [email]);
  const token = /\/quote\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1];
  const accepted = await t
    .client()
    .postForm(`/quote/${token}/accept`, { name: 'Mutale Banda', accept: 'yes' }, { 'x-forwarded-for': nextIp() });
  expect(accepted.status).toBe(200);
  return { quoteId, token, email, enquiryId };
}

/** Pay as JSON (the page's script): the answer. */
const pay = (token: string, network: string, phone: string, ip = nextIp()) =>
  t.client().post(`/quote/${token}/pay`, { network, phone }, { 'x-forwarded-for': ip });

const paymentRow = async (id: string) =>
  (await t.db.query<Record<string, unknown>[]>(`SELECT * FROM payments WHERE id = $1`, [id]))[0] as Record<string, unknown> & {
    status: string;
    receipt_number: string | null;
  };
const auditRows = (paymentId: string) =>
  t.db.query<{ action: string; actor_name: string | null }[]>(`SELECT action, actor_name FROM audit_log WHERE target_id = $1 ORDER BY at`, [
    paymentId,
  ]);
const callbackUrl = () => `${t.url}/api/payments/pawapay/callback`;

/** The mails to `to` whose subject names `word`, as recorded about their enquiry: the reference in the subject, and the kind. */
const enquiryMailsTo = (to: string, word: string) =>
  t.db.query(
    `SELECT q.subject ~ '\\[Ref [0-9A-F]{8}\\]$' AS tagged, m.kind FROM mail_queue q JOIN enquiry_mails m ON m.mail_id = q.id
      WHERE q.to_address = $1 AND q.subject LIKE $2`,
    [to, `%${word}%`],
  );

describe('paying the deposit', () => {
  it('stores the payment before pawaPay hears of it, asks the amount the server decides, and records the completion once', async () => {
    const { token, email, quoteId } = await acceptedQuote('ZMW', 1234.5);
    const answer = await pay(token, 'AIRTEL', '0971 234 567');
    expect(answer.status, answer.text).toBe(200);
    const payment = answer.body.payment;
    expect(payment).toMatchObject({ status: 'waiting', amount: '617.25', currency: 'ZMW', network: 'AIRTEL' });
    expect(answer.body.message).toMatch(/Approve the payment on your phone/);
    // What pawaPay received: the depositId stored first, the deposit (50% of the once total), the number as pawaPay writes it.
    const sent = pawa.received.filter((r) => r.method === 'POST').at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      depositId: payment._id,
      currency: 'ZMW',
      payer: { type: 'MMO', accountDetails: { phoneNumber: '260971234567', provider: 'AIRTEL_OAPI_ZMB' } },
    });
    expect(Number(sent.amount)).toBe(617.25);
    expect(String(sent.customerMessage).length).toBeGreaterThanOrEqual(4);
    expect(String(sent.customerMessage).length).toBeLessThanOrEqual(22);

    // The same callback twice: one completion, one receipt, one mail each.
    pawa.settle(payment._id, { status: 'COMPLETED', providerTransactionId: 'AIR-778899' });
    expect(await pawa.sendCallback(callbackUrl(), payment._id)).toBe(200);
    expect(await pawa.sendCallback(callbackUrl(), payment._id)).toBe(200);
    const row = await paymentRow(payment._id);
    expect(row).toMatchObject({ status: 'completed', provider_transaction_id: 'AIR-778899' });
    expect(row.receipt_number).toMatch(/^RCT-\d{4}-\d{4}$/);
    expect((await auditRows(payment._id)).map((a) => a.action)).toEqual(['payment.start', 'payment.complete']);
    const receipts = await t.db.query<{ attachments: { filename: string; contentType: string; content: string }[] }[]>(
      `SELECT attachments FROM mail_queue WHERE to_address = $1 AND subject LIKE '%Receipt%'`,
      [email],
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0].attachments[0]).toMatchObject({ filename: `${row.receipt_number}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(receipts[0].attachments[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // A mail about the enquiry: its reference in the subject, recorded for the client's answer to find it.
    expect(await enquiryMailsTo(email, 'Receipt')).toEqual([{ tagged: true, kind: 'receipt' }]);

    // The payer's page follows it; the receipt downloads from the quote page.
    const state = await t.client().get(`/quote/${token}/payments/${payment._id}`);
    expect(state.body).toMatchObject({ status: 'completed', message: 'Payment received. Thank you.', receiptNumber: row.receipt_number });
    const pdf = await t.client().get(state.body.receiptUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);

    // The console: the balance in the quote's currency.
    const listed = await admin.get(`/api/quotes/${quoteId}/payments`);
    expect(listed.body).toMatchObject({ payable: '1234.50', paid: '617.25', balance: '617.25', currency: 'ZMW' });
    // Nothing more is due until the team asks for it.
    expect((await pay(token, 'AIRTEL', '0971234567')).status).toBe(409);
  });

  it('refuses a number of another network or not Zambian, with the reason, before anything is stored', async () => {
    const { token, quoteId } = await acceptedQuote();
    const wrong = await pay(token, 'MTN', '0971234567');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.phone).toMatch(/not a MTN MoMo number: MTN MoMo numbers start with 096 or 076/);
    expect((await pay(token, 'ZAMTEL', '+44 7700 900123')).body.message).toMatch(/Zambian mobile number/);
    expect((await pay(token, 'MPESA', '0971234567')).status).toBe(400);
    expect((await admin.get(`/api/quotes/${quoteId}/payments`)).body.items).toEqual([]);
  });

  it('a rejected deposit fails at once in plain words; a payment that fails on the phone offers another try', async () => {
    const { token } = await acceptedQuote();
    pawa.nextInitiation({ reject: 'AMOUNT_OUT_OF_BOUNDS' });
    const rejected = await pay(token, 'ZAMTEL', '0955123456');
    expect(rejected.body.payment).toMatchObject({ status: 'failed' });
    expect(rejected.body.payment.message).toMatch(/outside what this mobile money network allows/);

    const second = await pay(token, 'MTN', '0961234567');
    expect(second.body.payment.status).toBe('waiting');
    // One waits: a second Pay is refused with its state.
    const third = await pay(token, 'MTN', '0961234567');
    expect(third.status).toBe(409);
    expect(third.body.payment._id).toBe(second.body.payment._id);
    pawa.settle(second.body.payment._id, { status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' });
    await pawa.sendCallback(callbackUrl(), second.body.payment._id);
    const failed = await t.client().get(`/quote/${token}/payments/${second.body.payment._id}`);
    expect(failed.body).toMatchObject({ status: 'failed', message: 'There is not enough money in the mobile money account.' });
    // Another try: a new depositId.
    const retry = await pay(token, 'MTN', '0761234567');
    expect(retry.body.payment.status).toBe('waiting');
    expect(retry.body.payment._id).not.toBe(second.body.payment._id);
  });

  it('records what the status check answers, never what a callback claims; an unknown id changes nothing', async () => {
    const { token } = await acceptedQuote();
    const { payment } = (await pay(token, 'MTN', '0967000001')).body;
    pawa.settle(payment._id, { status: 'FAILED', failureCode: 'PAYMENT_NOT_APPROVED' });
    const lie = { ...pawa.callbackBody(payment._id), status: 'COMPLETED', providerTransactionId: 'FAKE-1' };
    expect(await pawa.sendCallback(callbackUrl(), payment._id, lie)).toBe(200);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'failed', receipt_number: null, provider_transaction_id: null });

    const unknown = '3f1d2c4b-5a6e-4f70-8a9b-0c1d2e3f4a5b';
    expect(await pawa.sendCallback(callbackUrl(), unknown, { depositId: unknown, status: 'COMPLETED' })).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM payments WHERE id = $1`, [unknown])).toEqual([]);
    expect((await t.client().post('/api/payments/pawapay/callback', { nothing: 1 })).status).toBe(400);
  });

  it('finds a completed deposit whose callback never comes, by the status check on the clock', async () => {
    const { token } = await acceptedQuote();
    const { payment } = (await pay(token, 'MTN', '0967000002')).body;
    pawa.settle(payment._id, { status: 'COMPLETED', providerTransactionId: 'MTN-1' });
    const client = pawapayOf(t.config)!;
    // Not before its first check is due.
    expect(await checkDuePayments(t.db, client, new Date())).toBe(0);
    expect(await checkDuePayments(t.db, client, new Date(Date.now() + firstCheckMs + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(payment._id)).toMatchObject({ status: 'completed', provider_transaction_id: 'MTN-1' });
  });

  it('a first call whose answer is lost, or that never arrived, is resolved under the same depositId', async () => {
    // The answer lost (pawaPay has it): the page says approve on the phone; the check finds it.
    const first = await acceptedQuote();
    pawa.nextInitiation({ hang: 3_000 });
    const lost = await pay(first.token, 'AIRTEL', '0771234567');
    expect(lost.body.payment.status).toBe('waiting');
    // The call never arrived (500, nothing made): the check finds nothing and sends the same id again.
    const second = await acceptedQuote();
    pawa.nextInitiation({ serverError: true });
    const never = await pay(second.token, 'AIRTEL', '0771234568');
    expect(never.body.payment.status).toBe('waiting');
    expect(pawa.deposits.has(never.body.payment._id)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const client = pawapayOf(t.config)!;
    await checkDuePayments(t.db, client, new Date(Date.now() + firstCheckMs + 1_000));
    expect(pawa.deposits.has(lost.body.payment._id)).toBe(true);
    expect(pawa.deposits.has(never.body.payment._id)).toBe(true);
    const sentFor = (id: string) =>
      pawa.received.filter((r) => r.method === 'POST' && (r.body as { depositId?: string })?.depositId === id).length;
    expect(sentFor(never.body.payment._id)).toBe(2);
    pawa.settle(never.body.payment._id, { status: 'COMPLETED' });
    await pawa.sendCallback(callbackUrl(), never.body.payment._id);
    expect((await paymentRow(never.body.payment._id)).status).toBe('completed');
  });
});

describe('the payer page without JavaScript', () => {
  it('offers the deposit, posts the form, reloads itself while waiting, then shows the receipt', async () => {
    const { token } = await acceptedQuote('ZMW', 800);
    const page = await t.client().get(`/quote/${token}`);
    expect(page.text).toContain('Deposit due now: <strong>ZMW 400.00</strong>');
    expect(page.text).toContain(`action="/quote/${token}/pay"`);
    const posted = await t
      .client()
      .postForm(`/quote/${token}/pay`, { network: 'MTN', phone: '0961111111' }, { 'x-forwarded-for': nextIp() });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('content-type')).toMatch(/text\/html/);
    // It reloads the quote's own address (the form's answers only a post).
    expect(posted.text).toContain(`<meta http-equiv="refresh" content="5;url=/quote/${token}">`);
    expect(posted.text).toContain('Check payment');
    const [{ id }] = await t.db.query<[{ id: string }]>(
      `SELECT p.id FROM payments p JOIN quotes q ON q.id = p.quote_id WHERE p.phone = '260961111111'`,
    );
    pawa.settle(id, { status: 'COMPLETED' });
    await pawa.sendCallback(callbackUrl(), id);
    const after = await t.client().get(`/quote/${token}`);
    expect(after.text).not.toContain('http-equiv="refresh"');
    expect(after.text).toContain('<p class="note ok" role="status">Payment received. Thank you. Your receipt RCT-');
    expect(after.text).toMatch(/Received · <a href="\/quote\/[^"]+\/payments\/[^"]+\/receipt"/);

    // A refused form keeps what was typed and says why.
    const second = await acceptedQuote('ZMW', 800);
    const refused = await t
      .client()
      .postForm(`/quote/${second.token}/pay`, { network: 'ZAMTEL', phone: '0971234567' }, { 'x-forwarded-for': nextIp() });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('not a Zamtel Kwacha number');
    expect(refused.text).toContain('value="0971234567"');
  });

  it('limits Pay to 10 an address in 10 minutes (reading the state is not counted)', async () => {
    const { token } = await acceptedQuote();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await pay(token, 'MTN', '123', ip)).status).toBe(400);
    const refused = await pay(token, 'MTN', '0961234567', ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});

describe('kwacha for a USD quote, payment requests and settings', () => {
  it('converts at the owner’s rate rounded up to the kwacha, records the rate, and refuses without one', async () => {
    const { token, quoteId } = await acceptedQuote('USD', 99.99);
    expect((await pay(token, 'MTN', '0961230000')).body.message).toMatch(/not available for this quote yet/);
    const saved = await admin.put('/api/settings/payments', { depositPercent: 40, usdToZmw: '26.8525' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({ depositPercent: 40, usdToZmw: '26.8525', pawapayConfigured: true });
    const rateSetAt = saved.body.settings.rateSetAt as string;
    expect(rateSetAt).toBeTruthy();
    // Saving the percent alone keeps the rate's date.
    const again = await admin.put('/api/settings/payments', { depositPercent: 50, usdToZmw: '26.8525' });
    expect(again.body.settings.rateSetAt).toBe(rateSetAt);

    const page = await t.client().get(`/quote/${token}`);
    expect(page.text).toContain(`rate of ${rateSetAt.slice(0, 10)}`);
    const { payment } = (await pay(token, 'MTN', '0961230000')).body;
    const cents = depositMinor(totalsOf(lines(99.99), null), 50); // 5000 cents (49.995 up)
    expect(cents).toBe(5000);
    expect(payment.amount).toBe(String(usdToZmwMinor(cents, '26.8525') / 100)); // 1342.625 up to 1343
    expect(payment.amount).toBe('1343');
    const listed = await admin.get(`/api/quotes/${quoteId}/payments`);
    expect(listed.body.items[0]).toMatchObject({ rate: '26.8525', quoteAmount: '50', quoteCurrency: 'USD' });
    const audit = await t.db.query<{ action: string }[]>(
      `SELECT action FROM audit_log WHERE target_type = 'settings' AND target_id = 'payments'`,
    );
    expect(audit.length).toBeGreaterThanOrEqual(2);
    await admin.put('/api/settings/payments', { depositPercent: 50, usdToZmw: null });
  });

  it('a payment request is paid after the deposit, and is refused above the balance less the open requests', async () => {
    const { token, quoteId } = await acceptedQuote('ZMW', 1000);
    const { payment } = (await pay(token, 'MTN', '0961239999')).body;
    pawa.settle(payment._id, { status: 'COMPLETED' });
    await pawa.sendCallback(callbackUrl(), payment._id);
    expect((await admin.post(`/api/quotes/${quoteId}/payment-requests`, { amount: '500.01', currency: 'ZMW' })).status).toBe(409);
    expect((await admin.post(`/api/quotes/${quoteId}/payment-requests`, { amount: 300, currency: 'USD' })).status).toBe(400);
    const request = await admin.post(`/api/quotes/${quoteId}/payment-requests`, { amount: 300, currency: 'ZMW' });
    expect(request.status, request.text).toBe(201);
    expect((await admin.post(`/api/quotes/${quoteId}/payment-requests`, { amount: '200.01', currency: 'ZMW' })).status).toBe(409);
    const second = (await pay(token, 'MTN', '0961239999')).body.payment;
    expect(second).toMatchObject({ amount: '300' });
    pawa.settle(second._id, { status: 'COMPLETED' });
    await pawa.sendCallback(callbackUrl(), second._id);
    const listed = (await admin.get(`/api/quotes/${quoteId}/payments`)).body;
    expect(listed).toMatchObject({ paid: '800', balance: '200' });
    expect(listed.requests[0]).toMatchObject({ amount: '300', status: 'paid' });
    // The lead report: the cash of the month, in kwacha; this quote's deposit is no longer outstanding.
    const today = new Date().toISOString().slice(0, 10);
    const report = (await admin.get(`/api/reports/leads?from=${today}&to=${today}&by=month`)).body;
    expect(report.periods.at(-1).cashCollected[0]).toMatchObject({ currency: 'ZMW' });
    expect(report.periods.at(-1).cashCollected[0].amount).toBeGreaterThanOrEqual(800);
    const outstanding = report.depositsOutstanding.find((d: { currency: string }) => d.currency === 'ZMW');
    await acceptedQuote('ZMW', 300);
    const after = (await admin.get(`/api/reports/leads?from=${today}&to=${today}&by=month`)).body;
    expect(after.depositsOutstanding.find((d: { currency: string }) => d.currency === 'ZMW')).toEqual({
      currency: 'ZMW',
      count: (outstanding?.count ?? 0) + 1,
      amount: (outstanding?.amount ?? 0) + 150,
    });
    const receipts = listed.items.map((p: { receiptNumber: string }) => p.receiptNumber);
    expect(new Set(receipts).size).toBe(2);
    const pdf = await admin.get(`/api/receipts/${listed.items[1]._id}/pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // Its enquiry is kept: the record of the money.
    const { enquiryId } = (
      await t.db.query<{ enquiryId: string }[]>(`SELECT enquiry_id AS "enquiryId" FROM quotes WHERE id = $1`, [quoteId])
    )[0];
    const deleted = await admin.delete(`/api/enquiries/${enquiryId}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toMatch(/has payments/);
    // A staff member not assigned to the enquiry reads none of it.
    const staff = await t.staff();
    expect((await staff.client.get(`/api/quotes/${quoteId}/payments`)).status).toBe(404);
    expect((await staff.client.get(`/api/receipts/${listed.items[1]._id}/pdf`)).status).toBe(404);
  });
});

describe('invoices', () => {
  it('freezes the quote with the payments applied and the TPIN, numbered without gaps, and mails a link to pay the balance', async () => {
    const { token, quoteId, email } = await acceptedQuote('ZMW', 1000);
    expect((await admin.put(api.companySettings, { ...(await admin.get(api.companySettings)).body, tpin: '1002003004' })).status).toBe(200);
    expect((await admin.put(api.companySettings, { ...(await admin.get(api.companySettings)).body, tpin: '12' })).status).toBe(400);
    const { payment } = (await pay(token, 'MTN', '0961235555')).body;
    pawa.settle(payment._id, { status: 'COMPLETED' });
    await pawa.sendCallback(callbackUrl(), payment._id);

    const first = await admin.post(`/api/quotes/${quoteId}/invoice`);
    expect(first.status, first.text).toBe(201);
    expect(first.body.invoice).toMatchObject({ paid: '500', balance: '500', currency: 'ZMW', sentAt: null });
    const second = await admin.post(`/api/quotes/${quoteId}/invoice`);
    const [year, seq] = /^INV-(\d{4})-(\d{4})$/.exec(first.body.invoice.number)!.slice(1).map(Number);
    expect(second.body.invoice.number).toBe(`INV-${year}-${String(seq + 1).padStart(4, '0')}`);

    const pdf = await fetch(`${t.url}/api/invoices/${first.body.invoice._id}/pdf`, {
      headers: { cookie: `kafue_session=${admin.cookie}` },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);

    const sent = await admin.post(`/api/invoices/${first.body.invoice._id}/send`);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.invoice.sentAt).toBeTruthy();
    const [mail] = await t.db.query<{ body: string; attachments: { filename: string }[] }[]>(
      `SELECT body, attachments FROM mail_queue WHERE to_address = $1 AND subject LIKE '%Invoice%'`,
      [email],
    );
    expect(mail.attachments[0].filename).toBe(`${first.body.invoice.number}.pdf`);
    expect(await enquiryMailsTo(email, 'Invoice')).toEqual([{ tagged: true, kind: 'invoice' }]);
    expect(mail.body).toContain('the balance due is ZMW 500.00');
    // The invoice's own link opens the quote's page, where the balance can be paid; the first link still works.
    const link = /\/quote\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1];
    expect(link).not.toBe(token);
    const page = await t.client().get(`/quote/${link}`);
    expect(page.status).toBe(200);
    // Sending requested the balance: the page asks it.
    expect(page.text).toContain('Payment requested: <strong>ZMW 500.00</strong>');
    expect((await t.client().get(`/quote/${token}`)).status).toBe(200);
    // The frozen copy: a later payment does not change the invoice made before it.
    const listed = (await admin.get(`/api/quotes/${quoteId}/payments`)).body;
    expect(listed.invoices.map((i: { balance: string }) => i.balance)).toEqual(['500', '500']);
    await admin.put(api.companySettings, { ...(await admin.get(api.companySettings)).body, tpin: '' });
  });

  it('only for an accepted quote, and only the team that may see it', async () => {
    const [{ id: enquiryId }] = await t.db.query<[{ id: string }]>(
      `INSERT INTO enquiries (full_name, email, message) VALUES ('Draft Only', 'draft.only@kafue.test', 'x') RETURNING id`,
    );
    const draft = await admin.post('/api/quotes', { enquiryId, currency: 'ZMW', lines: lines(100), validUntil: '2099-12-31' });
    expect((await admin.post(`/api/quotes/${draft.body.quote._id}/invoice`)).status).toBe(409);
    const { quoteId } = await acceptedQuote();
    const made = await admin.post(`/api/quotes/${quoteId}/invoice`);
    const staff = await t.staff();
    expect((await staff.client.post(`/api/quotes/${quoteId}/invoice`)).status).toBe(404);
    expect((await staff.client.get(`/api/invoices/${made.body.invoice._id}/pdf`)).status).toBe(404);
    expect((await staff.client.post(`/api/invoices/${made.body.invoice._id}/send`)).status).toBe(404);
  });
});

describe('across processes and restarts', () => {
  it('two processes check the same payments at once: each recorded once, each receipt number used once', async () => {
    const second = await startTestServer({ ...withPawapay(), databaseUrl: t.databaseUrl });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { token } = await acceptedQuote();
        const { payment } = (await pay(token, 'MTN', `09612300${10 + i}`)).body;
        pawa.settle(payment._id, { status: 'COMPLETED' });
        ids.push(payment._id);
      }
      const later = new Date(Date.now() + firstCheckMs + 1_000);
      const client = pawapayOf(t.config)!;
      await Promise.all([
        checkDuePayments(t.db, client, later),
        checkDuePayments(second.db, client, later),
        ...ids.map((id) => pawa.sendCallback(`${second.url}/api/payments/pawapay/callback`, id)),
      ]);
      const rows = await t.db.query<{ receipt_number: string; status: string }[]>(
        `SELECT receipt_number, status FROM payments WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'completed'));
      expect(new Set(rows.map((r) => r.receipt_number)).size).toBe(ids.length);
      const completions = await t.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'payment.complete' AND target_id = ANY($1)`,
        [ids],
      );
      expect(completions[0].n).toBe(ids.length);
    } finally {
      await second.close();
    }
  });

  it('a restart between the call and the callback: the next process records it', async () => {
    const first = await startTestServer({ ...withPawapay(), databaseUrl: t.databaseUrl });
    const { token } = await acceptedQuote();
    const answer = await first
      .client()
      .post(`/quote/${token}/pay`, { network: 'AIRTEL', phone: '0977000111' }, { 'x-forwarded-for': nextIp() });
    expect(answer.body.payment.status).toBe('waiting');
    await first.close();
    const next = await startTestServer({ ...withPawapay(), databaseUrl: t.databaseUrl });
    try {
      pawa.settle(answer.body.payment._id, { status: 'COMPLETED' });
      expect(await pawa.sendCallback(`${next.url}/api/payments/pawapay/callback`, answer.body.payment._id)).toBe(200);
      expect((await paymentRow(answer.body.payment._id)).status).toBe('completed');
    } finally {
      await next.close();
    }
  });
});

describe('without pawaPay configured', () => {
  it('says mobile money is not available, and the settings say pawaPay is not configured', async () => {
    const bare = await startTestServer({ databaseUrl: t.databaseUrl });
    try {
      const { token } = await acceptedQuote();
      expect((await bare.client().get(`/quote/${token}`)).text).toContain('Payment by mobile money is not available yet');
      const su = (await bare.admin('Super Admin')).client;
      expect((await su.get('/api/settings/payments')).body.pawapayConfigured).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
