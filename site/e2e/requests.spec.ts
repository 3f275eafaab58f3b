/**
 * Every call to action, followed as a visitor: from the button to the contact page showing what
 * was chosen, to a stored enquiry of the right kind whose request names it, with JavaScript and
 * without. And the pricing page's selection by keyboard alone, and axe on the new states.
 */
import type { Browser, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, named, open, revealAll, showAddOns } from './fixtures';
import { contactForm, enquiriesMatching, visitor } from './visitor';

type Stored = Record<string, unknown> & { kind: string; page: string | null; request: Record<string, unknown> | null };

/** Fills the contact form as `who` and sends it; answers the one enquiry stored. */
async function send(page: Page, who: Awaited<ReturnType<typeof visitor>>): Promise<Stored> {
  const form = contactForm(page);
  await form.name.fill(who.name);
  await form.email.fill(who.email);
  await form.message.fill(`As chosen on the site. ${who.tag}`);
  await form.send.click();
  await expect(form.status).toHaveText("Message sent! We'll get back to you shortly.");
  const stored = await enquiriesMatching(who.tag);
  expect(stored).toHaveLength(1);
  return stored[0] as Stored;
}

const yourRequest = (page: Page) => contactForm(page).region.locator('.your-request');

const addToPlan = (page: Page, name: string) => page.getByRole('button', { name: named('Add to Plan', name) });
const planButton = (page: Page, plan: string) =>
  page.locator('.plan-card', { has: page.getByRole('heading', { name: plan, exact: true }) }).getByRole('link');

/** Each call to action: where the visitor starts, what they do, what the contact page then says, what is stored. */
interface Journey {
  name: string;
  start: string;
  choose: (page: Page) => Promise<void>;
  says: string;
  stored: (enquiry: Stored) => void;
}

const serviceJourney: Journey = {
  name: 'Request This Service',
  start: '/service/Web/0',
  choose: (page) => page.getByRole('link', { name: 'Request This Service' }).click(),
  says: 'Your request: Website Creation ($499)',
  stored: (e) => {
    expect(e.kind).toBe('service');
    expect(e.request).toMatchObject({ kind: 'service', title: 'Website Creation', price: '$499' });
    // The page's own link names the service by its permanent address.
    expect(e.page).toBe('/contact?service=Web%2Fwebsite-creation');
  },
};
const contactSales: Journey = {
  name: 'Contact Sales',
  start: '/projects',
  choose: (page) => planButton(page, 'Enterprise').click(),
  says: 'Your request: Enterprise plan, Custom, estimated on request',
  stored: (e) => {
    expect(e.kind).toBe('quote');
    expect(e.request).toMatchObject({ model: 'monthly', plan: { name: 'Enterprise' }, addons: [], estimate: 'on request' });
  },
};
const consultation: Journey = {
  name: 'the consultation link',
  start: '/projects',
  choose: (page) => page.getByRole('link', { name: 'Get free consultation' }).click(),
  says: 'Your request: Free consultation',
  stored: (e) => {
    expect(e.kind).toBe('consultation');
    expect(e.request).toEqual({ kind: 'consultation' });
    expect(e.page).toBe('/contact?topic=consultation');
  },
};

const withScripts: Journey[] = [
  serviceJourney,
  {
    name: 'Get Started with an add-on',
    start: '/projects',
    choose: async (page) => {
      await showAddOns(page);
      await addToPlan(page, 'Priority Support').click();
      await expect(page.locator('.selection-bar')).toContainText('Priority Support');
      await planButton(page, 'Business').click();
    },
    says: 'Your request: Business plan, $99/month + Priority Support, $49/month, estimated $148/month',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({
        model: 'monthly',
        plan: { name: 'Business', price: '$99' },
        addons: [{ name: 'Priority Support', price: '$49/month' }],
        estimate: '$148/month',
      });
      expect(e.page).toBe('/contact?plan=Business&addon=Priority+Support');
    },
  },
  contactSales,
  {
    name: 'Add to Plan',
    start: '/projects',
    choose: async (page) => {
      await showAddOns(page);
      await addToPlan(page, 'Priority Support').click();
      await addToPlan(page, 'Advanced Security').click();
      const bar = page.getByRole('region', { name: 'Your selection' });
      await expect(bar).toContainText('Estimated $78/month');
      await bar.getByRole('link', { name: 'Request a Quote' }).click();
    },
    says: 'Your request: Priority Support, $49/month + Advanced Security, $29/month, estimated $78/month',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({
        model: 'monthly',
        plan: null,
        addons: [{ name: 'Priority Support' }, { name: 'Advanced Security' }],
      });
    },
  },
  {
    name: 'Get Quote with two items',
    start: '/projects',
    choose: async (page) => {
      await page.getByRole('button', { name: 'Project Pricing' }).click();
      await page.getByRole('button', { name: 'Web Development' }).click();
      await page.getByRole('checkbox', { name: named('Include in my quote', 'Basic Website (5 pages)') }).check();
      await page.getByRole('checkbox', { name: named('Include in my quote', 'E-commerce') }).check();
      await page.getByRole('link', { name: named('Get Quote', 'Web Development') }).click();
    },
    says: 'Your request: Basic Website (5 pages) ($499-$799) + E-commerce ($999-$2,499), estimated $1,498 - $3,298, up to 2–4 weeks',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({
        model: 'project',
        projects: [{ title: 'Basic Website (5 pages)' }, { title: 'E-commerce' }],
        estimate: '$1,498 - $3,298',
      });
    },
  },
  consultation,
];

const withoutScripts: Journey[] = [
  serviceJourney,
  {
    name: 'Get Started',
    start: '/projects',
    choose: (page) => planButton(page, 'Business').click(),
    says: 'Your request: Business plan, $99/month, estimated $99/month',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({ model: 'monthly', plan: { name: 'Business' }, addons: [], estimate: '$99/month' });
      expect(e.page).toBe('/contact?plan=Business');
    },
  },
  contactSales,
  {
    name: 'Add to Plan',
    start: '/projects',
    choose: (page) => page.getByRole('link', { name: named('Add to Plan', 'Priority Support') }).click(),
    says: 'Your request: Priority Support, $49/month, estimated $49/month',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({ model: 'monthly', plan: null, addons: [{ name: 'Priority Support' }] });
    },
  },
  {
    name: 'Get Quote',
    start: '/projects',
    choose: (page) => page.getByRole('link', { name: named('Get Quote', 'E-commerce') }).click(),
    says: 'Your request: E-commerce ($999-$2,499), estimated $999 - $2,499, up to 2–4 weeks',
    stored: (e) => {
      expect(e.kind).toBe('quote');
      expect(e.request).toMatchObject({ model: 'project', projects: [{ group: 'web', title: 'E-commerce' }] });
      expect(e.page).toBe('/contact?project=web%3AE-commerce');
    },
  },
  consultation,
];

test.describe('calls to action to a stored enquiry, with JavaScript', () => {
  for (const journey of withScripts) {
    test(journey.name, async ({ page }) => {
      const who = await visitor(page);
      await open(page, journey.start);
      await journey.choose(page);
      await expect(yourRequest(page)).toContainText(journey.says);
      await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
      journey.stored(await send(page, who));
    });
  }
});

test.describe('calls to action to a stored enquiry, without JavaScript', () => {
  const noScripts = async (browser: Browser) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    return { context, page: await context.newPage() };
  };
  for (const journey of withoutScripts) {
    test(journey.name, async ({ browser }) => {
      const { context, page } = await noScripts(browser);
      const who = await visitor(page);
      await page.goto(journey.start);
      await journey.choose(page);
      await expect(yourRequest(page)).toContainText(journey.says);
      // The form posts to the address holding the selection, where the server reads it.
      await expect(page.locator('form.contact-form')).toHaveAttribute('action', new URL(page.url()).pathname + new URL(page.url()).search);
      journey.stored(await send(page, who));
      await context.close();
    });
  }
});

test.describe('the contact page with a selection', () => {
  test('an unknown item in the address is left out with a note; each kept item can be removed', async ({ page }) => {
    await open(page, '/contact?plan=Business&addon=Gold&addon=Priority%20Support');
    const request = yourRequest(page);
    await expect(request).toContainText('"Gold" is not one of our add-ons, so it was left out.');
    await expect(request).toContainText('Your request: Business plan, $99/month + Priority Support, $49/month, estimated $148/month');
    await request.getByRole('link', { name: named('Remove', 'Business plan') }).click();
    await expect(page).toHaveURL(/\/contact\?addon=Priority\+Support$/);
    await expect(request).toContainText('Your request: Priority Support, $49/month, estimated $49/month');
    await expect(request).not.toContainText('Gold');
    await request.getByRole('link', { name: named('Remove', 'Priority Support') }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(request).toHaveCount(0);
  });

  test('an address that names nothing we offer is a contact page with notes, never an error', async ({ page }) => {
    for (const query of ['service=..%2F..%2Fetc', 'project=nope%3ANothing', 'plan=%25ZZ&topic=other']) {
      const response = await open(page, `/contact?${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get in Touch');
      await expect(yourRequest(page).locator('.request-note')).toHaveCount(1);
    }
  });

  test('"Open the map" leads to the office on openstreetmap.org', async ({ page }) => {
    await open(page, '/contact');
    const link = page.getByRole('link', { name: 'Open the map' });
    await expect(link).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=-15\.4167&mlon=28\.2833/);
  });
});

test.describe('the pricing selection', () => {
  test('two taps before the page could redraw keep both add-ons', async ({ page }) => {
    await open(page, '/projects');
    await showAddOns(page);
    await expect(addToPlan(page, 'Advanced Security')).toBeVisible();
    // Both in one task, as a busy phone delivers two quick taps: React redraws only after them.
    await page.evaluate(() => {
      for (const name of ['Priority Support', 'Advanced Security'])
        document.querySelector<HTMLButtonElement>(`button[data-addon="${name}"]`)!.click();
    });
    await expect(page.getByRole('region', { name: 'Your selection' })).toContainText('Estimated $78/month');
  });

  test('by keyboard alone: added, announced, kept on reload, removed, sent', async ({ page }) => {
    await open(page, '/projects');
    const status = page.locator('p[role="status"]');
    const bar = page.getByRole('region', { name: 'Your selection' });
    // From the add-ons' toggle on, only keys.
    const toggle = page.getByRole('button', { name: 'View Add-ons' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    // Tab skips the panel until React has opened it and its first frame is visible (a person cannot be faster).
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(addToPlan(page, 'Priority Support')).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(addToPlan(page, 'Priority Support')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(addToPlan(page, 'Priority Support')).toHaveAttribute('aria-pressed', 'true');
    await expect(status).toHaveText('Priority Support added to your selection.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(status).toHaveText('Advanced Security added to your selection.');
    await expect(bar).toContainText('Estimated $78/month');
    // Get Started now carries the add-ons.
    await expect(planButton(page, 'Business')).toHaveAttribute(
      'href',
      '/contact?plan=Business&addon=Priority+Support&addon=Advanced+Security',
    );

    await page.reload();
    await expect(page.locator('html[data-ready="true"]')).toHaveCount(1);
    await expect(bar.getByRole('listitem')).toHaveCount(2);
    const cookies = await page.context().cookies();
    expect(cookies).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await bar.getByRole('button', { name: named('Remove', 'Priority Support') }).focus();
    await page.keyboard.press('Enter');
    await expect(status).toHaveText('Priority Support removed from your selection.');
    await expect(bar.getByRole('button', { name: named('Remove', 'Advanced Security') })).toBeFocused();
    await expect(bar).toContainText('Estimated $29/month');
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('link', { name: 'Request a Quote' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact\?addon=Advanced\+Security$/);
    await expect(yourRequest(page)).toContainText('Your request: Advanced Security, $29/month, estimated $29/month');
  });

  test('removing the last add-on hides the bar and returns focus to its Add to Plan', async ({ page }) => {
    await open(page, '/projects');
    await showAddOns(page);
    await addToPlan(page, 'Additional Website').click();
    const bar = page.getByRole('region', { name: 'Your selection' });
    await bar.getByRole('button', { name: named('Remove', 'Additional Website') }).click();
    await expect(bar).toHaveCount(0);
    await expect(addToPlan(page, 'Additional Website')).toBeFocused();
    await expect(addToPlan(page, 'Additional Website')).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('axe-core finds no violation in the new states', { tag: '@layout' }, () => {
  const axe = async (page: Page, label: string) => {
    await revealAll(page);
    await expectNoAxeViolations(page, label);
  };

  test('the contact page with a request and a note', async ({ page }) => {
    await open(page, '/contact?plan=Business&addon=Priority%20Support&addon=Gold');
    await axe(page, 'contact with a request');
  });

  test('the pricing page with the selection bar and ticked project items', async ({ page }) => {
    await open(page, '/projects');
    await showAddOns(page);
    await addToPlan(page, 'Priority Support').click();
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    await axe(page, 'pricing with the selection bar');
    await page.getByRole('button', { name: 'Project Pricing' }).click();
    await page.getByRole('button', { name: 'Web Development' }).click();
    await page.getByRole('checkbox', { name: named('Include in my quote', 'E-commerce') }).check();
    await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));
    await axe(page, 'pricing with a ticked project item');
  });
});
