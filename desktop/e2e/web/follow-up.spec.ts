/**
 * Following leads up as an admin meets it: a contact's page with their enquiries and history, a
 * reminder set from its enquiry (done there) and one come due on the dashboard (done from there),
 * and the Reports screen counting a won quote; each screen axe clean at desktop and phone width.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, type Page } from '@playwright/test';
import pg from 'pg';
import { api, type EnquiryList } from '@kafue/common/contract';
import { reminderMessages, type LeadReport, type Reminder, type ReminderAnswer } from '@kafue/common/schemas';
import { axeAtBothWidths, widths } from './axe';
import { createEnquiry, readBack, serverDataDir, signIn, superAdmin, toasts, unique, test } from './support';

// The screens load their own chunk first: on a busy machine that takes more than the default 5 s.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

/** The server's embedded database (its port and password are in its data folder). */
async function database(): Promise<pg.Client> {
  const port = readFileSync(join(serverDataDir(), 'pg-port'), 'utf8').trim();
  const password = readFileSync(join(serverDataDir(), 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres` });
  await client.connect();
  return client;
}

async function enquiryId(page: Page, fullName: string): Promise<string> {
  const list = await readBack<EnquiryList>(page, `${api.enquiries}?q=${encodeURIComponent(fullName)}`);
  expect(list.items).toHaveLength(1);
  return list.items[0]._id;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(widths.desktop);
  await signIn(page, superAdmin);
});

test('a contact: found on the Contacts screen, their page shows both enquiries and the history in time order', async ({ page }) => {
  const slug = unique('contact');
  const email = `${slug}@example.com`;
  const first = await createEnquiry({ fullName: `Mwila ${slug}`, email, message: 'First: a website, please.' });
  const second = await createEnquiry({ fullName: `Mwila B ${slug}`, email, message: 'Second: and a logo.', phone: '+260 97 000 2222' });

  await page.goto('/admin/contacts');
  await page.getByLabel('Search').fill(slug);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^1 contact$/ })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(second.fullName) });
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await axeAtBothWidths(page, 'Contacts');

  await row.getByRole('link', { name: second.fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: second.fullName })).toBeVisible();
  await expect(page.getByRole('link', { name: `Call ${second.fullName} on +260 97 000 2222` })).toHaveAttribute(
    'href',
    'tel:+260970002222',
  );
  const history = page.getByRole('region', { name: 'History, oldest first' });
  await expect(history.getByText(`Enquiry received from ${first.fullName}`)).toBeVisible();
  await expect(history.getByText(first.message)).toBeVisible();
  await expect(history.getByText(second.message)).toBeVisible();
  const titles = await history.getByText(/^Enquiry received from/).allTextContents();
  expect(titles).toEqual([`Enquiry received from ${first.fullName}`, `Enquiry received from ${second.fullName}`]);
  await axeAtBothWidths(page, 'a contact page');

  // The inbox marks the second as from a known contact.
  await page.goto('/admin/enquiries');
  await expect(page.getByRole('row', { name: new RegExp(second.fullName) }).getByText('Known contact')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(first.fullName) }).getByText('Known contact')).toHaveCount(0);
});

test('a reminder set from the enquiry, listed there with its note, and done there', async ({ page }) => {
  const visitor = await createEnquiry();
  const id = await enquiryId(page, visitor.fullName);
  await page.goto(`/admin/enquiries?open=${id}`);
  const drawer = page.getByRole('dialog', { name: visitor.fullName });
  const form = drawer.getByRole('form', { name: 'Set a reminder' });
  await expect(drawer.getByRole('heading', { level: 3, name: 'Reminders' })).toBeVisible();
  await expect(drawer.getByText('No reminders set.')).toBeVisible();
  const note = `Send ${visitor.fullName} the brochure`;
  await form.getByRole('textbox', { name: /^Note/ }).fill(note);
  await form.getByRole('button', { name: 'Set Reminder' }).click();
  await expect(toasts(page)).toContainText(reminderMessages.created);
  const done = drawer.getByRole('button', { name: `Done: the reminder about ${visitor.fullName}` });
  await expect(done).toBeVisible();
  await expect(form.getByRole('textbox', { name: /^Note/ })).toHaveValue('');
  // The timeline says so at once, with the note.
  const timeline = drawer.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').filter({ hasText: /^Reminder set for/ })).toContainText(note);
  // Kept by the server, a day from now as the form proposed.
  const [kept] = await readBack<Reminder[]>(page, api.enquiryReminders(id));
  expect(kept.note).toBe(note);
  expect(Math.abs(Date.parse(kept.at) - (Date.now() + 86_400_000))).toBeLessThan(10 * 60_000);
  await axeAtBothWidths(page, 'an enquiry with a reminder');

  await done.click();
  await expect(toasts(page)).toContainText(reminderMessages.done);
  await expect(drawer.getByText('No reminders set.')).toBeVisible();
  await expect(timeline.getByRole('listitem').filter({ hasText: /^Reminder done/ })).toHaveCount(1);
  expect(await readBack<Reminder[]>(page, api.enquiryReminders(id))).toEqual([]);
});

test('a reminder come due shows on the dashboard with Done and Snooze; Done takes it away', async ({ page }) => {
  const visitor = await createEnquiry();
  const id = await enquiryId(page, visitor.fullName);
  const set = await page.request.post(api.enquiryReminders(id), {
    data: { at: new Date(Date.now() + 3_600_000).toISOString(), note: `Call ${visitor.fullName} back` },
  });
  expect(set.status()).toBe(201);
  const reminder = ((await set.json()) as ReminderAnswer).reminder;

  await page.goto('/admin/dashboard');
  const panel = page.getByRole('heading', { name: 'Reminders Due' }).locator('..');
  await expect(panel.getByText(`Call ${visitor.fullName} back`)).toHaveCount(0);

  // Its time comes (set in the database: the server takes no time in the past).
  const db = await database();
  try {
    await db.query(`UPDATE enquiry_reminders SET due_at = now() - interval '1 minute' WHERE id = $1`, [reminder._id]);
  } finally {
    await db.end();
  }
  await page.reload();
  await expect(panel.getByText(`Call ${visitor.fullName} back`)).toBeVisible();
  await expect(panel.getByText('Due', { exact: true })).toBeVisible();
  await axeAtBothWidths(page, 'the dashboard with a reminder due');

  await panel.getByRole('button', { name: `Done: the reminder about ${visitor.fullName}` }).click();
  await expect(
    page.getByRole('alert').or(page.locator('.mantine-Notification-root')).filter({ hasText: 'Reminder done' }).first(),
  ).toBeVisible();
  await expect(panel.getByText(`Call ${visitor.fullName} back`)).toHaveCount(0);
});

test('the Reports screen counts a won quote, and exports its CSV', async ({ page }) => {
  // The screen's period: from the day after this one a year ago up to today (a fixed 364 days back
  // missed that day by one whenever the year held a 29 February).
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1)).toISOString().slice(0, 10);
  const before = await readBack<LeadReport>(page, `${api.leadReport}?from=${yearAgo}&to=${today}&by=month`);
  const accepted = (r: LeadReport) => r.periods.reduce((n, p) => n + p.quotesAccepted, 0);

  const visitor = await createEnquiry();
  const id = await enquiryId(page, visitor.fullName);
  // The quote, accepted (quotes are made by another part of the product; here its row as accepted).
  const db = await database();
  try {
    const [{ id: adminId }] = (await db.query(`SELECT id FROM admins ORDER BY created_at LIMIT 1`)).rows as [{ id: string }];
    const seq = 9000 + Math.floor(Math.random() * 999);
    await db.query(
      `INSERT INTO quotes (number, year, seq, enquiry_id, status, currency, lines, valid_until, total_once, total_monthly, sent_at, accepted_at, created_by_kind, created_by_id)
       VALUES ($1, 2099, $2, $3, 'accepted', 'USD', '[]', current_date + 30, 1200, 50, now(), now(), 'admin', $4)`,
      [`Q-2099-${seq}`, seq, id, adminId],
    );
    await db.query(`UPDATE enquiries SET stage = 'won', status = 'Closed' WHERE id = $1`, [id]);
  } finally {
    await db.end();
  }

  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByTestId('total Quotes accepted')).toHaveText(String(accepted(before) + 1));
  await expect(page.getByRole('region', { name: 'The report per period' }).getByText(/USD 1200 \+ USD 50\/month/)).toBeVisible();
  await axeAtBothWidths(page, 'Reports');

  await page.getByText('Week', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Per week' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`lead-report-${yearAgo}-to-${today}.csv`);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^"Period","Enquiries",/);
  expect(text).toContain('USD 1200 + USD 50/month');
});
