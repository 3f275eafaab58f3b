/**
 * The conversation with a client, as the team meets it: the client answers our reply by mail, the
 * answer reaches the company's mailbox (a real IMAP server, which the test server watches) and
 * shows on the enquiry the admin has open, without a reload, within 10 s, its files to download (a
 * program refused); the inbox then shows the enquiry awaiting our reply, and answered once the
 * admin replies from the same drawer; a client's WhatsApp message (from a stand-in of WhatsApp's
 * Cloud API, which signs its notifications to the server's webhook) starts an enquiry the admin
 * answers on WhatsApp, its delivery shown as the statuses come; axe clean at 1366 and 390 px.
 */
import { expect } from '@playwright/test';
import { mailboxControl, whatsappStandIn } from '../../playwright.config';
import { expectNoViolations } from './axe';
import { createAdmin, enquiryWithId, openEnquiry, sendReply, signIn, superAdmin, toasts, test } from './support';

/** Puts a client's mail in the company's mailbox, as their mail program would send it, with `files` attached. */
async function deliver(from: string, subject: string, text: string, files: Record<string, Buffer>): Promise<void> {
  const source = [
    `From: ${from}`,
    'To: office@kafue.test',
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@client.test>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="F1"',
    '',
    '--F1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    ...Object.entries(files).flatMap(([name, content]) => [
      '--F1',
      `Content-Type: application/octet-stream; name="${name}"`,
      `Content-Disposition: attachment; filename="${name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      content.toString('base64'),
    ]),
    '--F1--',
    '',
  ].join('\r\n');
  const answer = await fetch(`${mailboxControl}/deliver`, { method: 'POST', body: source });
  expect(answer.status, await answer.text()).toBe(200);
}

test("a client's answer by mail shows on the open enquiry within 10 s; the inbox says it awaits our reply, then answered", async ({
  page,
}) => {
  const enquiry = await enquiryWithId();
  await signIn(page, superAdmin, `/admin/enquiries?open=${enquiry.id}`);
  const drawer = page.getByRole('dialog', { name: enquiry.fullName });
  await expect(drawer).toBeVisible({ timeout: 20_000 });
  const timeline = drawer.getByRole('list', { name: 'Timeline' });
  await drawer.getByRole('textbox', { name: 'Message' }).fill('We can visit on Monday.');
  await sendReply(page, drawer, 2);
  const row = page.getByRole('row').filter({ hasText: enquiry.fullName });
  await expect(row).toContainText('Answered');

  // The reference in the subject is what our reply carried: the answer finds its enquiry by it.
  await deliver(
    `${enquiry.fullName} <${enquiry.email}>`,
    `Re: your enquiry [Ref ${enquiry.id.slice(0, 8).toUpperCase()}]`,
    'Monday is fine. Can you also quote for email accounts?\r\n\r\nOn Monday, Kafue wrote:\r\n> We can visit on Monday.',
    // The refused file first: the download below it must still be a target a finger can hit.
    { 'setup.exe': Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'office-plan.txt': Buffer.from('Ground floor: 6 desks.\n') },
  );
  const answer = timeline.locator(':scope > li[data-kind="message"]');
  await expect(answer).toContainText(`Email from ${enquiry.fullName}`, { timeout: 10_000 });
  await expect(answer).toContainText('Monday is fine. Can you also quote for email accounts?');
  // What they quoted is folded away: there, behind its summary, not shown.
  await expect(answer.getByText('Show the quoted text')).toBeVisible();
  await expect(answer.getByText('> We can visit on Monday.')).toBeHidden();
  // The files it brought: one to download, the program refused, saying why.
  const files = answer.getByRole('list', { name: 'Attachments' });
  await expect(files.getByRole('listitem')).toHaveText([/^setup\.exe/, /^office-plan\.txt/]);
  await expect(files.getByRole('button', { name: 'office-plan.txt (23 B)' })).toBeVisible();
  await expect(files).toContainText('setup.exe (66 B) was not kept: a program or script');
  const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: /^office-plan\.txt/ }).click()]);
  expect(download.suggestedFilename()).toBe('office-plan.txt');
  await expect(drawer.getByText(/^Client wrote again .+\. Reply due .+:$/)).toBeVisible();
  await expect(row).toContainText(/\d+ \w+ left|Overdue by/);
  for (const [width, size] of Object.entries({ desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `a client's answer on the timeline at ${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 800 });

  await drawer.getByRole('textbox', { name: 'Message' }).fill('Yes: the quote will include email accounts.');
  await sendReply(page, drawer, 4);
  await expect(row).toContainText('Answered');
});

/** The WhatsApp stand-in's side: a client's message, a status of ours, what we sent. */
async function standIn<T>(path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${whatsappStandIn}/_standin/${path}`, body ? { method: 'POST', body: JSON.stringify(body) } : {});
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as T;
}

test("a client's WhatsApp message starts an enquiry awaiting our reply; the admin answers it on WhatsApp and sees it read", async ({
  page,
}) => {
  const from = `26097${Date.now() % 10_000_000}`.padEnd(12, '0');
  const name = `Mutale Banda ${Date.now().toString(36)}`;
  await standIn('text', { from, name, body: 'Do you install solar-powered CCTV?' });
  await signIn(page, superAdmin, '/admin/enquiries');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/\d+ \w+ left|Overdue by/);
  const drawer = await openEnquiry(page, name);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('None given (wrote on WhatsApp)')).toBeVisible();
  const timeline = drawer.getByRole('list', { name: 'Timeline' });
  const theirs = timeline.locator(':scope > li[data-kind="message"]');
  await expect(theirs).toContainText(`WhatsApp message from ${name}`);
  // Not answered yet: marked, until the reply.
  await expect(theirs.getByText('Awaiting reply', { exact: true })).toBeVisible();
  // No address to mail: the reply goes on WhatsApp, without a subject.
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toBeHidden();
  await drawer.getByRole('textbox', { name: 'Message' }).fill('Yes: a site visit is free. When suits you?');
  await drawer.getByRole('button', { name: 'Send on WhatsApp' }).click();
  await expect(toasts(page).getByText('Reply sent').last()).toBeVisible();
  const ours = timeline.locator(':scope > li[data-kind="reply"]');
  await expect(ours).toContainText('WhatsApp reply sent');
  await expect(ours).toContainText('Sent');
  await expect(row).toContainText('Answered');
  await expect(theirs.getByText('Awaiting reply', { exact: true })).toBeHidden();
  const [sent] = (await standIn<{ id: string; to: string; body: string }[]>('sent')).filter((m) => m.to === from);
  expect(sent.body).toBe('Yes: a site visit is free. When suits you?');
  // Read on the client's phone: the open drawer says so within seconds.
  await standIn('status', { id: sent.id, status: 'delivered' });
  await standIn('status', { id: sent.id, status: 'read' });
  await expect(ours.getByText('Read', { exact: true })).toBeVisible({ timeout: 10_000 });
  // They give an address: an admin adds it, and the reply box offers email (the default) beside WhatsApp.
  const address = `${from}@client.test`;
  await drawer.getByRole('textbox', { name: 'Add an email address' }).fill(address);
  await drawer.getByRole('button', { name: 'Add Email' }).click();
  await expect(drawer.getByText(address, { exact: true })).toBeVisible();
  await expect(drawer.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toBeVisible();
  await drawer.getByRole('radiogroup', { name: 'Reply by' }).getByText('WhatsApp', { exact: true }).click();
  await expect(drawer.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toBeHidden();
  await expect(drawer.getByRole('button', { name: 'Send on WhatsApp' })).toBeVisible();
  for (const [width, size] of Object.entries({ desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `a WhatsApp conversation at ${width}`);
  }
});

test('Client Messages shows the mailbox and WhatsApp connected, and a check says what each holds; another role is told whose page it is', async ({
  page,
}) => {
  await signIn(page, superAdmin, '/admin/client-messages');
  await expect(page.getByRole('heading', { name: 'Client Messages', level: 1 })).toBeVisible();
  const email = page.getByRole('region', { name: 'Email', exact: true });
  await expect(email.getByText('Connected', { exact: true })).toBeVisible();
  // In the configured timezone, as every time in the console.
  await expect(email).toContainText(/Last checked: \d+ \w+ \d{4}, \d{2}:\d{2} \(UTC[+-]\d+\)/);
  await email.getByRole('button', { name: 'Check connection' }).click();
  await expect(toasts(page)).toContainText(/Connected: the mailbox INBOX holds \d+ messages\./);
  // WhatsApp's number, checked now (the server also checks it at start, perhaps before the stand-in was up).
  const whatsapp = page.getByRole('region', { name: 'WhatsApp', exact: true });
  await whatsapp.getByRole('button', { name: 'Check connection' }).click();
  await expect(toasts(page)).toContainText('Connected: WhatsApp answers for Kafue Test, +260 97 5550100.');
  await expect(whatsapp.getByText('Connected', { exact: true })).toBeVisible();
  for (const [width, size] of Object.entries({ desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } })) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `Client Messages at ${width}`);
  }
  // Another role is told whose page it is, and asks the server nothing.
  const editor = await createAdmin('Editor');
  const other = await page.context().browser()!.newContext();
  const editorPage = await other.newPage();
  let asked = false;
  editorPage.on('request', (r) => void (r.url().includes('/api/channels/') && (asked = true)));
  await signIn(editorPage, editor, '/admin/client-messages');
  await expect(editorPage.getByText('Client messages are for a Super Admin.')).toBeVisible();
  expect(asked).toBe(false);
  await other.close();
});
