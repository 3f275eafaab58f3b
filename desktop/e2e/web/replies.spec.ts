/**
 * Answering an enquiry from the console, as its users meet it: a saved reply kept under Settings,
 * a reply started from it and sent from the enquiry (opened by the link a mail gives), the mail
 * as the server delivered it (read from its outbox), threaded with the next reply; a contact
 * logged; the staff portal doing the same on its own enquiry; axe clean at 1366 and 390 px.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { api, messages } from '@kafue/common/contract';
import { expectNoViolations } from './axe';
import {
  choose,
  enquiryWithId,
  readyStaff,
  sendReply,
  serverDataDir,
  signIn,
  staffSignIn,
  superAdmin,
  toasts,
  unique,
  test,
} from './support';

// Several axe passes and mail deliveries on a shared machine.
test.describe.configure({ timeout: 180_000 });

const widths = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } };

/** A header's value from a raw message (unfolded). */
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1].trim();

/** The replies in the server's outbox to `to`, oldest first (waits until there are `count`). */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const outbox = join(serverDataDir(), 'outbox');
  let found: { raw: string; date: number }[] = [];
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        found = [];
        for (const file of files) {
          const raw = (await readFile(join(outbox, file), 'utf8'))
            .replace(/\r\n[ \t]/g, ' ')
            .replace(/=\r\n/g, '')
            .replace(/=3D/g, '=');
          // The acknowledgement the enquirer got on sending is not a reply.
          if (header(raw, 'To') === to && !/we received your enquiry/.test(header(raw, 'Subject') ?? ''))
            found.push({ raw, date: Date.parse(header(raw, 'Date') ?? '') });
        }
        return found.length;
      },
      { message: `${count} mails to ${to}`, timeout: 20_000 },
    )
    .toBe(count);
  // The Message-ID is <queue row id@domain>: order by the In-Reply-To chain, not by file name.
  return found.sort((a, b) => (header(b.raw, 'In-Reply-To') === header(a.raw, 'Message-ID') ? -1 : a.date - b.date)).map((m) => m.raw);
}

test('reply to an enquiry from a saved reply and see the captured mail, threaded with the next', async ({ page }) => {
  const name = unique('Thanks');
  const enquiry = await enquiryWithId();
  await signIn(page, superAdmin);

  // Settings > Saved Replies: one added, with the placeholders explained.
  await page.goto('/admin/settings/saved-replies');
  await expect(page.getByText('{name} becomes the enquirer')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Subject' }).fill('About {request}');
  await page.getByRole('textbox', { name: 'Message' }).fill('Dear {name},\n\nThank you for asking about {request}.');
  await page.getByRole('button', { name: 'Add Saved Reply' }).click();
  await expect(toasts(page).getByText(messages.savedReplySaved)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved replies' })).toContainText(name);
  for (const [widthName, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `saved replies at ${widthName}`);
  }
  await page.setViewportSize(widths.desktop);

  // The link a new-enquiry mail gives opens the enquiry.
  await page.goto(`/admin/enquiries?open=${enquiry.id}`);
  const drawer = page.getByRole('dialog', { name: enquiry.fullName });
  // The inbox's code loads first (a shared machine can be slow).
  await expect(drawer).toBeVisible({ timeout: 20_000 });
  await expect(drawer.getByRole('link', { name: `Call ${enquiry.fullName} on +260 97 123 4567` })).toHaveAttribute(
    'href',
    'tel:+260971234567',
  );
  const timeline = drawer.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([new RegExp(`^Enquiry received from ${enquiry.fullName}`)]);
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: your enquiry');
  await choose(drawer, 'Start from a saved reply', name);
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toHaveValue('About Web Development');
  await expect(drawer.getByRole('textbox', { name: 'Message' })).toHaveValue(
    `Dear ${enquiry.fullName},\n\nThank you for asking about Web Development.`,
  );
  await sendReply(page, drawer, 2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Reply sent: About Web Development');
  await expect(drawer.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: your enquiry');

  const [first] = await mailsTo(enquiry.email, 1);
  // The enquiry's reference rides in the subject, for mail programs that drop the threading headers.
  expect(header(first, 'Subject')).toMatch(/^About Web Development \[Ref [0-9A-F]{8}\]$/);
  // Reply-To the company's email (Settings, Company), so that the enquirer's answer reaches the office.
  const company = (await (await page.request.get(api.companySettings)).json()) as { email: string };
  expect(header(first, 'Reply-To')).toBe(company.email);
  expect(first).toContain(`Dear ${enquiry.fullName},`);

  // The second reply threads on the first.
  await drawer.getByRole('textbox', { name: 'Message' }).fill('Here is our offer.');
  await sendReply(page, drawer, 3);
  const [, second] = await mailsTo(enquiry.email, 2);
  expect(header(second, 'In-Reply-To')).toBe(header(first, 'Message-ID'));
  expect(header(second, 'References')).toBe(header(first, 'Message-ID'));

  // Delivered: read again, the timeline says so.
  await page.reload();
  await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').nth(1)).toContainText('Delivered', {
    timeout: 20_000,
  });

  // A phone call, logged.
  await choose(drawer, 'How', 'Phone call');
  // The Log a contact form's Note (a reminder has a Note of its own).
  await drawer
    .getByRole('form', { name: 'Log a contact' })
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Called back, visiting Monday.');
  await drawer.getByRole('button', { name: 'Log Contact' }).click();
  await expect(toasts(page).getByText(messages.enquiryContactLogged)).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').last()).toContainText(
    'Contact logged: Phone callCalled back, visiting Monday.',
  );
  for (const [widthName, size] of Object.entries(widths)) {
    await page.setViewportSize(size);
    await expectNoViolations(page, `the enquiry's timeline and reply at ${widthName}`);
  }
});

test('a staff member replies to an enquiry assigned to them from the portal', async ({ page }) => {
  const staff = await readyStaff();
  const enquiry = await enquiryWithId(staff._id);

  await page.setViewportSize(widths.phone);
  await staffSignIn(page, staff.email, staff.password);
  await page.getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` }).click();
  const drawer = page.getByRole('dialog', { name: enquiry.fullName });
  await drawer.getByRole('textbox', { name: 'Message' }).fill('I will call you this afternoon.');
  await drawer.getByRole('button', { name: 'Send Reply' }).click();
  await expect(toasts(page).getByText(messages.enquiryReplySent)).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Timeline' })).toContainText('Reply sent: Re: your enquiry');
  const [mail] = await mailsTo(enquiry.email, 1);
  expect(mail).toContain('I will call you this afternoon.');
  expect(mail).toContain(staff.name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoViolations(page, 'staff portal reply at 390 px');
});
