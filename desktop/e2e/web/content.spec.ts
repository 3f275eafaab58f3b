/**
 * Services and the site's other content are edited in the console, and what is
 * published shows on the public pages the server serves (which the test reads as a visitor).
 */
import { expect, request, type Locator, type Page, type Request } from '@playwright/test';
import { messages } from '@kafue/common/contract';
import { contentIconNames } from '@kafue/common/icons';
import { apiAs, baseURL, choose, createAdmin, signIn, toasts, unique, type Credentials, test } from './support';

const services = '/api/content/services';

interface Item {
  _id: string;
  status: 'draft' | 'published';
  position: number;
  title?: string;
  question?: string;
}

/** The public page as a visitor gets it (no session). */
async function publicHtml(path: string): Promise<string> {
  const visitor = await request.newContext({ baseURL: baseURL() });
  const res = await visitor.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  await visitor.dispose();
  return html;
}

/** Waits until the public page's HTML passes `check` (publishing renders on the server, soon after the change). */
async function expectPublic(path: string, check: (html: string) => boolean, what: string): Promise<void> {
  await expect.poll(async () => check(await publicHtml(path)), { message: `${path}: ${what}`, timeout: 15_000 }).toBe(true);
}

/** Text as the page's markup writes it (the seeded titles have ampersands). */
const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const card = (page: Page, title: string): Locator =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Every text the sidebar's publish state shows from now on, in order. */
async function recordPublishState(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { publishStates: string[] };
    const el = document.querySelector('[data-testid="publish-status"]');
    w.publishStates = [el?.textContent ?? ''];
    new MutationObserver(() => w.publishStates.push(el?.textContent ?? '')).observe(el!, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { publishStates: string[] }).publishStates);
}

async function createService(creds: Credentials, body: Record<string, unknown>): Promise<Item> {
  const api = await apiAs(creds);
  const res = await api.post(services, {
    data: { category: 'Web', price: '$10', description: 'Made by the test.', features: [], ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { item } = (await res.json()) as { item: Item };
  await api.dispose();
  return item;
}

test.describe('services in the console and on the public site', () => {
  test('adding, editing, restoring, reordering, unpublishing and deleting a service changes the public Services page', async ({ page }) => {
    test.setTimeout(120_000);
    const editor = await createAdmin('Editor');
    const slug = unique('svc');
    const title = `Managed Backups ${slug}`;
    // Its published neighbour in the list, so that the reorder shows on the public page whatever
    // other tests left in the category (a draft neighbour would not). Business Growth: a category
    // no other console test adds to, so that no test running beside this one puts a service
    // between the two or after them.
    const neighbour = `Offsite Vault ${slug}`;
    await createService(editor, { title: neighbour, status: 'published', category: 'Growth' });
    await signIn(page, editor);

    // Add a New Service, published at once.
    await page.goto('/admin/add-service');
    await page.getByRole('textbox', { name: /^Service Title/ }).fill(title);
    await choose(page, 'Category', 'Business Growth');
    await page.getByRole('textbox', { name: /^Price/ }).fill('$49/mo');
    await page.getByRole('textbox', { name: /^Description/ }).fill(`Nightly off-site backups ${slug}.`);
    await page
      .getByRole('textbox', { name: /^Key Features/ })
      .fill('Nightly copies\nOff-site storage\nRestore on request\nMonthly test restore');
    await page.getByRole('textbox', { name: /^More Information/ }).fill('Kept for 30 days.');
    await page.getByRole('switch', { name: 'Publish now' }).check({ force: true });
    const states = await recordPublishState(page);
    await page.getByRole('button', { name: 'Add Service' }).last().click();
    await expect(toasts(page)).toContainText('Service added');
    await expect(page.getByRole('textbox', { name: /^Service Title/ })).toHaveValue('');
    await expectPublic('/services', (html) => html.includes(title), 'shows the new service');
    await expect(page.getByTestId('publish-status')).toContainText('Live');
    expect(
      (await states()).some((s) => s.includes('Publishing...')),
      'showed Publishing... before Live',
    ).toBe(true);

    // Manage Services: the card, filtered to its category, published.
    await page.goto('/admin/manage-services');
    await choose(page, 'Filter by category', 'Business Growth');
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toHaveCount(0);
    const newCard = card(page, title);
    await expect(newCard).toContainText('Business Growth');
    await expect(newCard).toContainText(`Nightly off-site backups ${slug}.`);
    await expect(newCard).toContainText('Published');

    // Edit in the modal: the preview shows the title as typed, before it is saved.
    const renamed = `Off-site Backups ${slug}`;
    await newCard.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Service' });
    await dialog.getByRole('textbox', { name: /^Service Title/ }).fill(renamed);
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await expect(dialog).toContainText('Your unsaved changes, as the page would show them');
    await expect(page.frameLocator(`iframe[title="Preview of ${title}"]`).getByRole('heading', { level: 1 })).toHaveText(renamed);
    await dialog.getByRole('tab', { name: 'Details' }).click();
    // Saved, the edit of a published service is pending: visitors still see the published title.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText(messages.draftSaved);
    const pending = dialog.getByRole('alert').filter({ hasText: 'Pending changes' });
    await expect(pending).toContainText('visitors still see the published version');
    await expect(card(page, title)).toContainText('Pending changes');
    expect(await publicHtml('/services')).not.toContain(renamed);
    await pending.getByRole('button', { name: 'Publish changes' }).click();
    await expect(toasts(page)).toContainText(messages.draftPublished);
    await expect(pending).toBeHidden();
    await expectPublic('/services', (html) => html.includes(renamed) && !html.includes(title), 'shows the new title');

    // History: who saved it and when, and what changed; restoring the first version brings the old title back.
    await dialog.getByRole('tab', { name: 'History' }).click();
    const history = dialog.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText(renamed);
    await expect(history.getByRole('listitem').first().getByRole('definition')).toHaveText(`${title} → ${renamed}`);
    await expect(history.getByRole('listitem').first()).toContainText(editor.name);
    await expect(history.getByRole('listitem').first()).toContainText('Current');
    await history
      .getByRole('listitem')
      .nth(1)
      .getByRole('button', { name: /^Restore the version of / })
      .click();
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').first()).toContainText(title);
    await expectPublic('/services', (html) => html.includes(title) && !html.includes(renamed), 'shows the restored title');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card(page, title)).toBeVisible();

    // Reorder by keyboard: the new service (last of its category) moves above its neighbour.
    const headings = page.getByRole('region', { name: 'Business Growth' }).getByRole('heading', { level: 3 });
    const before = await headings.allTextContents();
    expect(before.slice(-2)).toEqual([neighbour, title]);
    // One change: the collection's new order in one call, not a write per moved item.
    const writes: string[] = [];
    const recordWrite = (request: Request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', recordWrite);
    // Move up is in the card's More actions menu (the last card cannot move down).
    await card(page, title)
      .getByRole('button', { name: `More actions for ${title}` })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Move down' })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Move up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => headings.allTextContents()).toEqual([...before.slice(0, -2), title, neighbour]);
    page.off('request', recordWrite);
    expect(writes).toEqual(['PUT /api/content/services/order']);
    await expect(page.getByRole('button', { name: `More actions for ${title}` })).toBeFocused();
    await expectPublic(
      '/services',
      (html) => html.indexOf(title) >= 0 && html.indexOf(asHtml(neighbour)) > html.indexOf(title),
      'lists it above its neighbour',
    );

    // Unpublish, after the confirmation: a draft, gone from the public page; publish again, back.
    await card(page, title)
      .getByRole('button', { name: `Unpublish ${title}` })
      .click();
    const confirmUnpublish = page.getByRole('dialog', { name: 'Confirm Unpublish' });
    await expect(confirmUnpublish).toContainText(`Unpublish ${title}? Visitors will no longer see it`);
    await confirmUnpublish.getByRole('button', { name: 'Unpublish' }).click();
    await expect(confirmUnpublish).toBeHidden();
    await expect(card(page, title)).toContainText('Draft');
    await expect(card(page, title).getByRole('button', { name: `Publish ${title}` })).toBeFocused();
    await expectPublic('/services', (html) => !html.includes(title), 'no longer shows the draft');
    await card(page, title)
      .getByRole('button', { name: `Publish ${title}` })
      .click();
    await expect(card(page, title)).toContainText('Published');
    await expectPublic('/services', (html) => html.includes(title), 'shows it again');

    // Delete (in More actions) after the confirmation.
    await card(page, title)
      .getByRole('button', { name: `More actions for ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${title}?`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Service deleted');
    await expect(card(page, title)).toHaveCount(0);
    await expectPublic('/services', (html) => !html.includes(title), 'no longer shows the deleted service');
  });

  test('a title with markup is shown as text in the console, the preview and the public page', async ({ page }) => {
    const editor = await createAdmin('Editor');
    const slug = unique('xss');
    const title = `<img src=x onerror=alert(1)></script><b>${slug}</b>`;
    await createService(editor, { title, status: 'published' });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    await signIn(page, editor, '/admin/manage-services');
    const shown = card(page, title);
    await expect(shown.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(shown.locator('img, b')).toHaveCount(0);

    await shown.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    const frame = page.frameLocator(`iframe[title="Preview of ${title}"]`);
    await expect(frame.getByText(title).first()).toBeVisible();
    await page.keyboard.press('Escape');

    await expectPublic('/services', (html) => html.includes(slug), 'shows the service');
    const html = await publicHtml('/services');
    expect(html).not.toContain(`<b>${slug}</b>`);
    expect(html).not.toContain('<img src=x');
    await page.goto('/services');
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('Add a New Service checks its fields as the server does and sends nothing invalid', async ({ page }) => {
    const editor = await createAdmin('Editor');
    await signIn(page, editor, '/admin/add-service');
    await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveAttribute('rows', '4');
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes(services) && sent.push(r.url()));
    await page.getByRole('button', { name: 'Add Service' }).last().click();
    for (const name of [/^Service Title/, /^Price/, /^Description/]) {
      await expect(page.getByRole('textbox', { name })).toHaveAttribute('aria-invalid', 'true');
    }
    await page.getByRole('textbox', { name: /^Service Title/ }).fill('x'.repeat(101));
    await page.getByRole('textbox', { name: /^Price/ }).fill('$1');
    await choose(page, 'Category', 'CCTV');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Fine.');
    await page.getByRole('textbox', { name: /^Key Features/ }).fill(Array.from({ length: 9 }, (_, i) => `Feature ${i + 1}`).join('\n'));
    await page.getByRole('button', { name: 'Add Service' }).last().click();
    await expect(page.getByRole('textbox', { name: /^Service Title/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: /^Key Features/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: /^Price/ })).not.toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test('a draft service is not on the public page; its preview shows it to the admin', async ({ page }) => {
    const editor = await createAdmin('Editor');
    const title = `Draft Service ${unique('draft')}`;
    await createService(editor, { title });
    await signIn(page, editor, '/admin/manage-services');
    await expect(card(page, title)).toContainText('Draft');
    await card(page, title)
      .getByRole('button', { name: `More actions for ${title}` })
      .click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Service' });
    await expect(dialog.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.frameLocator(`iframe[title="Preview of ${title}"]`).getByText(title).first()).toBeVisible();
    expect(await publicHtml('/services')).not.toContain(title);
  });
});

test.describe('Site Content', () => {
  test('an FAQ is added, published, edited and deleted, and the public page follows', async ({ page }) => {
    test.setTimeout(90_000);
    const editor = await createAdmin('Editor');
    const question = `Do you keep backups ${unique('faq')}?`;
    await signIn(page, editor, '/admin/site-content');
    await page.getByRole('tab', { name: 'FAQs' }).click();
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add FAQ' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('textbox', { name: /^Question/ })).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByRole('textbox', { name: /^Question/ }).fill(question);
    await dialog.getByRole('textbox', { name: /^Answer/ }).fill('Every night, kept for 30 days.');
    await dialog.getByRole('switch', { name: 'Published' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Saved');
    await expect(dialog).toBeHidden();
    await expect(card(page, question)).toContainText('Published');
    await expectPublic('/services', (html) => html.includes(question), 'shows the FAQ');

    const edited = question.replace('Do you keep', 'Do you make');
    await card(page, question)
      .getByRole('button', { name: `Edit ${question}` })
      .click();
    const editing = page.getByRole('dialog', { name: 'Edit FAQ' });
    await editing.getByRole('textbox', { name: /^Question/ }).fill(edited);
    await editing.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText(messages.draftSaved);
    await editing.getByRole('button', { name: 'Publish changes' }).click();
    await expect(toasts(page)).toContainText(messages.draftPublished);
    await page.keyboard.press('Escape');
    await expectPublic('/services', (html) => html.includes(edited), 'shows the edited FAQ');

    await card(page, edited)
      .getByRole('button', { name: `More actions for ${edited}` })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirm Deletion' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('Deleted');
    await expect(card(page, edited)).toHaveCount(0);
    await expectPublic('/services', (html) => !html.includes(edited), 'no longer shows the FAQ');
  });
});

test.describe('plain words in the content editors', () => {
  test('a service card shows its price and keeps Edit, Publish and a menu for the rest', async ({ page }) => {
    const editor = await createAdmin('Editor');
    const title = `Priced ${unique('svc')}`;
    await createService(editor, { title, price: '$77/mo' });
    await signIn(page, editor, '/admin/manage-services');
    await expect(page.getByRole('combobox', { name: 'Filter by category' })).toHaveValue('All categories');
    const shown = card(page, title);
    await expect(shown).toContainText('Starting at $77/mo');
    await expect(shown.getByRole('button')).toHaveText(['Edit', 'Publish', 'More actions']);
    await shown.getByRole('button', { name: `More actions for ${title}` }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Preview', 'Move up', 'Move down', 'Delete']);
  });

  test('an add-on icon is picked from the drawn icons by keyboard', async ({ page }) => {
    const editor = await createAdmin('Editor');
    const name = `Backups ${unique('addon')}`;
    await signIn(page, editor, '/admin/site-content');
    await page.getByRole('tab', { name: 'Add-ons' }).click();
    await page.getByRole('button', { name: 'Add Add-on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Add-on' });
    const icons = dialog.getByRole('radiogroup', { name: /^Icon/ });
    await expect(icons.getByRole('radio')).toHaveCount(contentIconNames.length);
    await expect(icons.getByRole('radio', { name: 'spark' })).toBeChecked();
    // The chosen icon is the group's one tab stop; arrow keys move the choice (from the last to the first, then on).
    await icons.getByRole('radio', { name: 'spark' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(icons.getByRole('radio', { name: 'globe' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(icons.getByRole('radio', { name: 'mail' })).toBeChecked();
    await expect(icons.getByRole('radio', { name: 'mail' })).toBeFocused();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: /^Price/ }).fill('$5/month');
    await dialog.getByRole('textbox', { name: /^Description/ }).fill('Copies kept off-site.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const api = await apiAs(editor);
    const items = (await (await api.get('/api/content/addons')).json()) as { name: string; icon: string }[];
    await api.dispose();
    expect(items.find((i) => i.name === name)?.icon).toBe('mail');
  });

  test("a project group's short name is made from its name, and kept once saved", async ({ page }) => {
    const editor = await createAdmin('Editor');
    const slug = unique('grp');
    const name = `Mobile Apps ${slug}`;
    await signIn(page, editor, '/admin/site-content');
    await page.getByRole('tab', { name: 'Project Pricing' }).click();
    await page.getByRole('button', { name: 'Add Price Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Price Group' });
    const key = dialog.getByRole('textbox', { name: /^Short name in links/ });
    await expect(key).toHaveAttribute('readonly', '');
    await dialog.getByRole('textbox', { name: /^Group name/ }).fill(name);
    await expect(key).toHaveValue(`mobile-apps-${slug.toLowerCase()}`);
    await dialog.getByRole('textbox', { name: 'Project 1 name' }).fill('Simple app');
    await dialog.getByRole('textbox', { name: 'Project 1 price range' }).fill('$999-$1,999');
    await dialog.getByRole('textbox', { name: 'Project 1 time it takes' }).fill('3–5 weeks');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const editing = page.getByRole('dialog', { name: 'Edit Price Group' });
    await editing.getByRole('textbox', { name: /^Group name/ }).fill(`Apps ${slug}`);
    await expect(editing.getByRole('textbox', { name: /^Short name in links/ })).toHaveValue(`mobile-apps-${slug.toLowerCase()}`);
    await editing.getByRole('button', { name: 'Save' }).click();
    // Read until the rename is stored: the add's "Saved" toast may still show, so a toast says nothing.
    const api = await apiAs(editor);
    await expect
      .poll(async () => {
        const groups = (await (await api.get('/api/content/projectPrices')).json()) as { name: string; key: string }[];
        return groups.find((g) => g.name === `Apps ${slug}`)?.key;
      })
      .toBe(`mobile-apps-${slug.toLowerCase()}`);
    await api.dispose();
  });
});
