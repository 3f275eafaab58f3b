/**
 * The staff portal following a lead up, as the staff member meets it: the stage and time left on
 * each of their enquiries, the move to another stage from the enquiry (Lost asks why, as in the
 * inbox), a note added, and a WhatsApp link beside the phone number once the company uses
 * WhatsApp. axe on the list, the enquiry and the Lost dialog at 1366 and 390 px.
 */
import { expect, type Page } from '@playwright/test';
import type { CompanyProfile } from '@kafue/common/company';
import { api, messages, type EnquiryDetail, type EnquiryList } from '@kafue/common/contract';
import { axeAtBothWidths, widths } from './axe';
import { apiAs, choose, createEnquiry, readBack, readyStaff, staffSignIn, superAdmin, toasts, test } from './support';

test.describe.configure({ timeout: 120_000 });

/** The cells of the staff member's row for `name`, by column (a card's lines on a phone). */
function rowOf(page: Page, name: string) {
  const row = page.getByRole('region', { name: 'Your enquiries' }).getByRole('row').filter({ hasText: name });
  return { row, status: row.getByRole('cell').nth(3), stage: row.getByRole('cell').nth(4), timeLeft: row.getByRole('cell').nth(5) };
}

test(
  'a staff member moves their enquiry through the stages (Lost with a reason) and chats on WhatsApp once the company uses it',
  { tag: '@alone' },
  async ({ page }) => {
    const enquiry = await createEnquiry({ phone: '+260 97 000 3333' });
    const staff = await readyStaff();
    const admin = await apiAs(superAdmin);
    const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
    const id = found.items[0]._id;
    expect((await admin.put(api.enquiryById(id), { data: { assigneeId: staff._id } })).status()).toBe(200);
    const company = (await (await admin.get(api.companySettings)).json()) as CompanyProfile;
    const setWhatsapp = async (whatsapp: string) =>
      expect((await admin.put(api.companySettings, { data: { ...company, whatsapp } })).status()).toBe(200);

    try {
      await setWhatsapp('');
      await page.setViewportSize(widths.desktop);
      await staffSignIn(page, staff.email, staff.password);
      const mine = rowOf(page, enquiry.fullName);
      await expect(mine.row.getByRole('link', { name: `Call ${enquiry.fullName} on +260 97 000 3333` })).toHaveAttribute(
        'href',
        'tel:+260970003333',
      );
      await expect(mine.stage).toHaveText('Stage: New');
      await expect(mine.timeLeft).toHaveText(/left$|^Overdue/);
      // Without the company's WhatsApp, no chat link.
      await expect(mine.row.getByRole('link', { name: /^WhatsApp/ })).toHaveCount(0);

      await setWhatsapp('+260971234567');
      await page.reload();
      const chat = mine.row.getByRole('link', { name: `WhatsApp ${enquiry.fullName} on +260 97 000 3333` });
      await expect(chat).toHaveAttribute('href', `https://wa.me/260970003333?text=${encodeURIComponent(`Hello ${enquiry.fullName},`)}`);
      await axeAtBothWidths(page, 'the staff portal with an enquiry');

      await mine.row.getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` }).click();
      const drawer = page.getByRole('dialog', { name: enquiry.fullName });
      await expect(drawer.getByRole('link', { name: `WhatsApp ${enquiry.fullName} on +260 97 000 3333` })).toBeVisible();
      await expect(drawer.getByText(/^Reply due /)).toBeVisible();
      const moveTo = drawer.getByRole('button', { name: `Move to another stage: ${enquiry.fullName}` });
      await moveTo.click();
      await page.getByRole('menuitem', { name: 'Contacted' }).click();
      await expect(toasts(page)).toContainText(`${enquiry.fullName} moved to Contacted`);
      await expect(drawer.getByText('Stage: Contacted', { exact: true })).toBeVisible();
      await expect(mine.stage).toHaveText('Stage: Contacted');
      await axeAtBothWidths(page, 'the staff portal enquiry');
      // Its toast gone first: one fading out while axe reads the dialog has colours between two.
      await expect(toasts(page).getByText(`${enquiry.fullName} moved to Contacted`)).toHaveCount(0);

      // Lost asks why; "Other" needs words.
      await moveTo.click();
      await page.getByRole('menuitem', { name: 'Lost' }).click();
      const why = page.getByRole('dialog', { name: `Why was the enquiry from ${enquiry.fullName} lost?` });
      await why.getByRole('button', { name: 'Move to Lost' }).click();
      await expect(why.getByText('Choose why it was lost.')).toBeVisible();
      await choose(why, 'Reason', 'Other');
      await why.getByRole('button', { name: 'Move to Lost' }).click();
      await expect(why.getByText('Say why it was lost.')).toBeVisible();
      await why.getByRole('textbox', { name: /^In a few words/ }).fill('Went with a cousin');
      await axeAtBothWidths(page, 'the staff portal Lost dialog');
      const unchanged = await readBack<EnquiryDetail>(page, api.enquiryById(id));
      expect(unchanged.stage).toBe('contacted');
      await why.getByRole('button', { name: 'Move to Lost' }).click();
      await expect(toasts(page)).toContainText(`${enquiry.fullName} moved to Lost`);
      await expect(why).toBeHidden();
      await expect(drawer.getByText('Lost: Other (Went with a cousin)')).toBeVisible();
      await expect(mine.stage).toHaveText('Stage: Lost');
      // A lost lead is closed.
      await expect(mine.status).toHaveText('Status: Closed');
      const stored = await readBack<EnquiryDetail>(page, api.enquiryById(id));
      expect(stored).toMatchObject({ stage: 'lost', lostReason: 'other', lostReasonText: 'Went with a cousin', status: 'Closed' });
    } finally {
      await setWhatsapp(company.whatsapp);
      await admin.dispose();
    }
  },
);

test('a staff member adds a note to their enquiry, which shows once on its timeline', async ({ page }) => {
  const enquiry = await createEnquiry();
  const staff = await readyStaff();
  const admin = await apiAs(superAdmin);
  const found = (await (await admin.get(`${api.enquiries}?q=${encodeURIComponent(enquiry.fullName)}`)).json()) as EnquiryList;
  expect((await admin.put(api.enquiryById(found.items[0]._id), { data: { assigneeId: staff._id } })).status()).toBe(200);
  await admin.dispose();

  await staffSignIn(page, staff.email, staff.password);
  await rowOf(page, enquiry.fullName)
    .row.getByRole('button', { name: `Open the enquiry from ${enquiry.fullName}` })
    .click();
  const drawer = page.getByRole('dialog', { name: enquiry.fullName });
  const note = `Called back, will visit ${enquiry.fullName}.`;
  await drawer.getByRole('textbox', { name: 'Add a note' }).fill(note);
  await drawer.getByRole('button', { name: 'Add Note' }).click();
  await expect(toasts(page)).toContainText(messages.enquiryNoteAdded);
  await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: note })).toHaveText(/^Note added/);
  await expect(drawer.getByText(note)).toHaveCount(1);
  await expect(drawer.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
});
