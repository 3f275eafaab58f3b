import { describe, expect, it } from 'vitest';
import { brand } from '@kafue/common/brand';
import { defaultCompany } from '@kafue/common/company';
import { serviceSchema } from '@kafue/common/schemas';
import { categories } from '../src/content/categories';
import {
  addOns,
  blogTeasers,
  findService,
  plans,
  pricingFaq,
  projectGroups,
  serviceDetailPaths,
  servicesByCategory,
  servicesFaq,
  testimonials,
} from '../src/content/seed';
import { pricingHero, pricingStrip, pricingSwitch } from '../src/content/pricing';
import { whyChooseUs } from '../src/content/home';
import { servicesBanner, processSection } from '../src/content/services-page';
import { contactFieldSpecs, contactFormTexts, contactServiceOptions } from '@kafue/common/contact-form';
import { notFound } from '../src/content/pages';
import { matchPage } from '@kafue/common/pages';
import { showsSharedBlocks } from '../src/routes';
import { localBusinessJsonLd, renderHead, robotsTxt, sitemapXml } from '../src/seo';

describe('services (spec sections 3 and 9)', () => {
  it('has the category counts Web 3, Digital 3, IT 3, Design 2, Security 2, Growth 2, CCTV 3', () => {
    const counts = Object.fromEntries(Object.entries(servicesByCategory).map(([k, v]) => [k, v.length]));
    expect(counts).toEqual({ Web: 3, Digital: 3, IT: 3, Design: 2, Security: 2, Growth: 2, CCTV: 3 });
    expect(categories.map((c) => c.key)).toEqual(['Web', 'Digital', 'IT', 'Design', 'Security', 'Growth', 'CCTV']);
  });

  it('has the seven category headings', () => {
    expect(categories.map((c) => c.heading)).toEqual([
      'Web & Hosting Services',
      'Digital Marketing & Branding',
      'IT & Office Solutions',
      'Design & Development',
      'Security Solutions',
      'Business Growth Tools',
      'CCTV Installation & Monitoring',
    ]);
  });

  it('has the 18 prices of section 9', () => {
    const prices = Object.fromEntries(
      Object.values(servicesByCategory)
        .flat()
        .map((s) => [s.title, s.price]),
    );
    expect(prices).toEqual({
      'Website Creation': '$499',
      'Domain & Email Hosting': '$29/mo',
      'Cloud Storage & Security': '$19/mo',
      'SEO & Google Ads': '$299/mo',
      'Social Media Management': '$199/mo',
      'Business Cards & Brand Kits': '$149',
      'Microsoft 365 Setup': '$99',
      'Data Analysis & Digitization': '$299',
      'Networking & Server Setup': '$599',
      'Logo & Graphic Design': '$199',
      'App & Software Development': '$999',
      'Cybersecurity Audit': '$249',
      'Secure Email Gateway': '$39/mo',
      'CRM Integration': '$299',
      'Business Intelligence Reporting': '$399',
      'CCTV Installation': '$499',
      'CCTV Maintenance': '$99',
      'Remote Surveillance Setup': '$299',
    });
  });

  it('gives every service a description and exactly four features', () => {
    for (const s of Object.values(servicesByCategory).flat()) {
      expect(s.description.length).toBeGreaterThan(20);
      expect(s.features).toHaveLength(4);
      expect(new Set(s.features).size).toBe(4);
    }
  });

  it('holds every service to the shared service schema', () => {
    for (const [category, list] of Object.entries(servicesByCategory)) {
      for (const s of list) expect(serviceSchema.safeParse({ ...s, category }).error).toBeUndefined();
    }
  });

  it('finds a service by category and zero-based index, and nothing otherwise', () => {
    expect(findService('Web', '0')?.title).toBe('Website Creation');
    expect(findService('CCTV', '2')?.title).toBe('Remote Surveillance Setup');
    expect(findService('Security', '1')?.title).toBe('Secure Email Gateway');
    for (const [c, i] of [
      ['Web', '3'],
      ['web', '0'],
      ['Nope', '0'],
      ['Web', '-1'],
      ['Web', '1.0'],
      ['Web', 'x'],
      ['Web', ''],
      [undefined, '0'],
    ]) {
      expect(findService(c, i)).toBeUndefined();
    }
    expect(serviceDetailPaths()).toHaveLength(18);
    expect(serviceDetailPaths()).toContain('/service/Growth/1');
  });
});

describe('pricing (spec section 9)', () => {
  it('has the three monthly plans', () => {
    expect(plans.map((p) => [p.name, p.price, p.period ?? null])).toEqual([
      ['Starter', '$29', '/month'],
      ['Business', '$99', '/month'],
      ['Enterprise', 'Custom', null],
    ]);
    const [starter, business, enterprise] = plans;
    expect(starter.features).toEqual([
      '5 email accounts',
      'Up to 5 pages',
      '10GB storage',
      'Support response: 24–48 hours',
      'Monthly reports',
    ]);
    expect(business.badge).toBe('Most Popular');
    expect(business.note).toBe('Save $200/year');
    expect(business.features).toEqual(
      expect.arrayContaining(['Unlimited emails', 'Unlimited pages', '50GB storage', 'Support response: 4–8 hours', 'Weekly reports']),
    );
    expect(enterprise.features).toEqual(expect.arrayContaining(['Unlimited storage', 'Support response: 1–2 hours', 'Daily reports']));
    expect(plans.map((p) => p.cta)).toEqual(['Get Started', 'Get Started', 'Contact Sales']);
  });

  it('has the four add-ons', () => {
    expect(addOns.map((a) => [a.name, a.price])).toEqual([
      ['Priority Support', '$49/month'],
      ['Advanced Security', '$29/month'],
      ['Additional Website', '$19/month'],
      ['Custom Reporting', '$39/month'],
    ]);
  });

  it('has the twelve project ranges and times in three groups', () => {
    expect(projectGroups).toHaveLength(3);
    const items = projectGroups.flatMap((g) => g.items.map((i) => [i.title, i.price, i.time]));
    expect(items).toEqual([
      ['Basic Website (5 pages)', '$499-$799', '1–2 weeks'],
      ['E-commerce', '$999-$2,499', '2–4 weeks'],
      ['Custom Web Application', '$2,499-$9,999', '4–12 weeks'],
      ['Website Redesign', '$299-$1,499', '1–3 weeks'],
      ['SEO Audit & Setup', '$299-$599', '1 week'],
      ['Social Media Campaign', '$499-$1,299', '1 month'],
      ['Google Ads Setup', '$199-$499', '3–5 days'],
      ['Brand Identity Package', '$599-$1,999', '2–3 weeks'],
      ['Office Network Setup', '$599-$1,999', '1–2 weeks'],
      ['CCTV Installation', '$799-$2,499', '3–5 days'],
      ['Cloud Migration', '$999-$4,999', '2–6 weeks'],
      ['IT Consultation', '$99-$199', '1 day'],
    ]);
  });

  it('has the hero badges, strip, switch labels and the pricing policies in the FAQ', () => {
    expect(pricingHero.heading).toBe('Simple, Transparent Pricing');
    expect(pricingHero.badges).toEqual(['30-Day Money Back Guarantee', 'No Setup Fees', 'Cancel Anytime']);
    expect(pricingStrip.map((s) => s.title)).toEqual(['No Hidden Fees', '30-Day Guarantee', 'Flexible Terms', 'Scalable Solutions']);
    expect([pricingSwitch.monthly, pricingSwitch.project]).toEqual(['Monthly Plans', 'Project Pricing']);
    const answers = pricingFaq.items.map((i) => i.answer).join(' ');
    for (const phrase of [
      'next billing cycle',
      'prorated',
      '30-day money-back guarantee',
      'no setup fees',
      'up to 3 months',
      '24/7 email and chat support',
    ]) {
      expect(answers.toLowerCase()).toContain(phrase.toLowerCase());
    }
  });
});

describe('home, services and contact content', () => {
  it('has four testimonials rated 5, 4, 5, 5 and three blog teasers', () => {
    expect(testimonials.map((t) => t.rating)).toEqual([5, 4, 5, 5]);
    for (const t of testimonials) expect(t.avatarInitial).toBe(t.name[0]);
    expect(blogTeasers.map((b) => b.category)).toEqual(['Web Hosting', 'Security', 'Marketing']);
  });

  it('has the stats and claims of the specification', () => {
    expect(whyChooseUs.stats.map((s) => `${s.value} ${s.label}`)).toEqual([
      '200+ Happy Clients',
      '10+ Years Experience',
      '500+ Projects Completed',
      '24/7 Support Available',
    ]);
    expect(servicesBanner.badges).toEqual(['50+ Successful Projects', '10+ Years Experience', '24/7 Support']);
    expect(processSection.steps.map((s) => s.title)).toEqual([
      'Discovery & Consultation',
      'Strategy & Planning',
      'Implementation',
      'Launch & Support',
    ]);
    expect(servicesFaq.items).toHaveLength(4);
    expect(servicesFaq.items[0].answer).toContain('2-4 weeks');
  });

  it('has the contact form options and texts', () => {
    expect([contactFieldSpecs.service.placeholder, ...contactServiceOptions]).toEqual([
      'Select a service',
      'Web Development',
      'Cybersecurity',
      'Digital Marketing',
      'Other',
    ]);
    expect(contactFormTexts.failed).toBe('Your message could not be sent. Please try again or email us.');
    expect(contactFormTexts.sent).toBe("Message sent! We'll get back to you shortly.");
    expect(notFound.text).toBe('Oops! The page you’re looking for doesn’t exist.');
  });
});

describe('routes', () => {
  it('matches every public route and sends the rest to the 404 page', () => {
    expect(matchPage('/').page).toBe('home');
    expect(matchPage('/services').page).toBe('services');
    expect(matchPage('/projects').page).toBe('pricing');
    expect(matchPage('/about/').page).toBe('about');
    expect(matchPage('/contact').page).toBe('contact');
    expect(matchPage('/service/CCTV/1')).toEqual({ page: 'serviceDetail', params: { category: 'CCTV', key: '1' } });
    expect(matchPage('/service/Web').page).toBe('notFound');
    expect(matchPage('/pricing').page).toBe('notFound');
  });

  it('hides the second and fourth shared blocks only on /contact and /service/*', () => {
    for (const p of ['/contact', '/contact/', '/service/Web/0', '/service/x']) expect(showsSharedBlocks(p)).toBe(false);
    for (const p of ['/', '/services', '/projects', '/about', '/contactus', '/nope']) expect(showsSharedBlocks(p)).toBe(true);
  });
});

describe('SEO', () => {
  it('describes the business in Lusaka, open Mon-Sat 9am-6pm', () => {
    const ld = localBusinessJsonLd(defaultCompany, 'https://example.test');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.address.addressLocality).toBe('Lusaka');
    expect(ld.openingHoursSpecification?.[0]).toMatchObject({
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      opens: '09:00',
      closes: '18:00',
    });
    expect(ld.name).toBe(brand.company);
  });

  it("takes the company's contact points from its profile, and leaves out hours it cannot read", () => {
    const company = { ...defaultCompany, phone: '+260 96 111 2222', openingHours: 'Mon - Fri, 8:30am - 5pm', x: '', latitude: -12.8 };
    const ld = localBusinessJsonLd(company, 'https://example.test');
    expect(ld).toMatchObject({ telephone: '+260 96 111 2222', email: defaultCompany.email, geo: { latitude: -12.8 } });
    expect(ld.sameAs).toEqual([defaultCompany.facebook, defaultCompany.linkedin]);
    expect(ld.openingHoursSpecification?.[0]).toMatchObject({
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '08:30',
      closes: '17:00',
    });
    expect(localBusinessJsonLd({ ...company, openingHours: 'By appointment' }).openingHoursSpecification).toBeUndefined();
  });

  it('renders title, description, canonical and Open Graph, escaped', () => {
    const head = renderHead({ title: 'A & B', description: 'Say "hi" <now>' }, defaultCompany, '/services', 'https://example.test');
    expect(head).toContain('<title>A &amp; B</title>');
    expect(head).toContain('<meta name="description" content="Say &quot;hi&quot; &lt;now&gt;">');
    expect(head).toContain('<link rel="canonical" href="https://example.test/services">');
    expect(head).toContain('<meta property="og:url" content="https://example.test/services">');
    expect(head).toContain('application/ld+json');
    const notFoundHead = renderHead({ title: 'x', description: 'y' }, defaultCompany, null, 'https://example.test');
    expect(notFoundHead).not.toContain('canonical');
    expect(notFoundHead).toContain('noindex');
  });

  it('lists pages in the sitemap and points robots.txt at it', () => {
    const xml = sitemapXml(['/', '/service/Web/0'], 'https://example.test');
    expect(xml).toContain('<loc>https://example.test/</loc>');
    expect(xml).toContain('<loc>https://example.test/service/Web/0</loc>');
    expect(robotsTxt('https://example.test')).toContain('Sitemap: https://example.test/sitemap.xml');
  });
});
