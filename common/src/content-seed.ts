/**
 * The public site's content as it was before it moved into the database (spec sections 2, 3
 * and 9), word for word: migration 1764000000000-Content seeded the collections from a copy of it, and the
 * site's own build (`npm run build -w site`) prerenders with it. Plain data, no zod.
 */
import type { SiteContent } from './content';

export const seedContent: SiteContent = {
  services: [
    {
      category: 'Web',
      title: 'Website Creation',
      slug: 'website-creation',
      price: '$499',
      description: 'Fast, mobile-first websites that present your business professionally and turn visitors into enquiries.',
      features: [
        'Responsive design for every screen',
        'Search engine friendly structure',
        'Content management training',
        'Free SSL certificate and launch support',
      ],
      details:
        'We plan the site with you, write or polish the copy, design the pages around your brand and build them to load quickly on mobile networks. Most websites are live within 2-4 weeks, and we stay on hand after launch for updates and questions.',
    },
    {
      category: 'Web',
      title: 'Domain & Email Hosting',
      slug: 'domain-email-hosting',
      price: '$29/mo',
      description: 'Your own domain with professional email addresses, hosted on reliable servers with 99.9% uptime.',
      features: [
        'Domain registration and renewal',
        'Professional email on your domain',
        'Spam and virus filtering',
        'Daily backups with 99.9% uptime',
      ],
      details:
        'We register or transfer your domain, set up mailboxes for your team on phones and computers, and keep everything patched and backed up. Support is available 24/7 if something stops working.',
    },
    {
      category: 'Web',
      title: 'Cloud Storage & Security',
      slug: 'cloud-storage-security',
      price: '$19/mo',
      description: 'Secure cloud storage for your files, with encrypted backups and access from anywhere.',
      features: ['Encrypted file storage', 'Automatic daily backups', 'Shared folders with permissions', 'Access from any device'],
    },
    {
      category: 'Digital',
      title: 'SEO & Google Ads',
      slug: 'seo-google-ads',
      price: '$299/mo',
      description: 'Get found by customers searching for what you offer, with search optimisation and well-managed ad campaigns.',
      features: [
        'Keyword research and on-page SEO',
        'Google Ads setup and management',
        'Google Business Profile optimisation',
        'Monthly performance reports',
      ],
      details:
        'We audit your site, fix what holds it back in search results and run targeted campaigns with a budget you control. Every month you receive a plain-language report of visits, leads and cost per enquiry.',
    },
    {
      category: 'Digital',
      title: 'Social Media Management',
      slug: 'social-media-management',
      price: '$199/mo',
      description: 'Consistent, on-brand posts and community management across the platforms your customers use.',
      features: [
        'Content calendar and post design',
        'Facebook, Instagram and LinkedIn',
        'Community replies and moderation',
        'Audience growth insights',
      ],
    },
    {
      category: 'Digital',
      title: 'Business Cards & Brand Kits',
      slug: 'business-cards-brand-kits',
      price: '$149',
      description: 'Print-ready business cards and a brand kit that keeps every document and post looking consistent.',
      features: [
        'Business card design',
        'Letterhead and email signature',
        'Colour palette and typography guide',
        'Print-ready and digital files',
      ],
    },
    {
      category: 'IT',
      title: 'Microsoft 365 Setup',
      slug: 'microsoft-365-setup',
      price: '$99',
      description: 'Move your team to Microsoft 365 with email, Teams and OneDrive configured securely.',
      features: [
        'Tenant and licence setup',
        'Email migration without downtime',
        'Teams and OneDrive configuration',
        'Staff onboarding session',
      ],
      details:
        'We configure your Microsoft 365 tenant with multi-factor authentication, migrate existing mailboxes and files, and train your staff so the switch is smooth from day one.',
    },
    {
      category: 'IT',
      title: 'Data Analysis & Digitization',
      slug: 'data-analysis-digitization',
      price: '$299',
      description: 'Turn paper records and scattered spreadsheets into organised, searchable digital data.',
      features: [
        'Document scanning and indexing',
        'Spreadsheet clean-up and consolidation',
        'Dashboards for key figures',
        'Secure archiving',
      ],
    },
    {
      category: 'IT',
      title: 'Networking & Server Setup',
      slug: 'networking-server-setup',
      price: '$599',
      description: 'Reliable office networks, Wi-Fi and servers designed, installed and documented by certified engineers.',
      features: [
        'Structured cabling and Wi-Fi',
        'Router, firewall and switch setup',
        'File and print servers',
        'Network documentation and handover',
      ],
      details:
        'We survey your premises, design a network that fits your team and budget, install it with minimal disruption and leave you with clear documentation. Maintenance plans are available.',
    },
    {
      category: 'Design',
      title: 'Logo & Graphic Design',
      slug: 'logo-graphic-design',
      price: '$199',
      description: 'Memorable logos and graphics that give your business a professional, recognisable identity.',
      features: [
        'Three initial logo concepts',
        'Unlimited revisions on the chosen concept',
        'Social media graphics',
        'Files for print and web',
      ],
    },
    {
      category: 'Design',
      title: 'App & Software Development',
      slug: 'app-software-development',
      price: '$999',
      description: 'Custom web and mobile applications built around the way your business actually works.',
      features: [
        'Requirements workshop',
        'Web and mobile apps',
        'Integration with your existing systems',
        'Testing, launch and ongoing support',
      ],
      details:
        'From booking systems to internal tools, we design, build and maintain software in short iterations so you can see progress every week and change course early.',
    },
    {
      category: 'Security',
      title: 'Cybersecurity Audit',
      slug: 'cybersecurity-audit',
      price: '$249',
      description: 'Find and fix the weaknesses in your systems before attackers do.',
      features: [
        'Vulnerability scanning',
        'Password and access review',
        'Staff phishing awareness check',
        'Prioritised remediation report',
      ],
      details:
        'Our audit covers your website, email, network and devices. You receive a clear report ranking each risk and the steps to close it, and we can carry out the fixes for you.',
    },
    {
      category: 'Security',
      title: 'Secure Email Gateway',
      slug: 'secure-email-gateway',
      price: '$39/mo',
      description: 'Stop phishing, spam and malware before they reach your inbox.',
      features: ['Advanced spam and phishing filtering', 'Attachment and link scanning', 'Email encryption', 'Quarantine dashboard'],
    },
    {
      category: 'Growth',
      title: 'CRM Integration',
      slug: 'crm-integration',
      price: '$299',
      description: 'Keep every customer, lead and follow-up in one place with a CRM connected to your tools.',
      features: ['CRM selection and setup', 'Website form and email integration', 'Sales pipeline configuration', 'Team training'],
    },
    {
      category: 'Growth',
      title: 'Business Intelligence Reporting',
      slug: 'business-intelligence-reporting',
      price: '$399',
      description: 'Clear dashboards that show how your business is performing, updated automatically.',
      features: ['Data source connections', 'Custom KPI dashboards', 'Scheduled email reports', 'Forecasting and trend analysis'],
      details:
        'We connect your sales, accounting and operations data and build dashboards your managers will actually use, so decisions rest on current figures rather than guesswork.',
    },
    {
      category: 'CCTV',
      title: 'CCTV Installation',
      slug: 'cctv-installation',
      price: '$499',
      description: 'High-definition cameras installed to protect your premises, viewable from your phone.',
      features: ['Site survey and camera planning', 'HD day and night cameras', 'Recorder with secure storage', 'Mobile viewing setup'],
      details:
        'We recommend camera positions after a free site survey, install and test the system, and show you how to review footage on your phone. Installations typically take 3-5 days.',
    },
    {
      category: 'CCTV',
      title: 'CCTV Maintenance',
      slug: 'cctv-maintenance',
      price: '$99',
      description: 'Keep your cameras recording reliably with scheduled checks and fast repairs.',
      features: ['Scheduled health checks', 'Lens cleaning and alignment', 'Firmware updates', 'Priority repair callouts'],
    },
    {
      category: 'CCTV',
      title: 'Remote Surveillance Setup',
      slug: 'remote-surveillance-setup',
      price: '$299',
      description: 'Watch your sites live from anywhere, with alerts when something needs your attention.',
      features: ['Secure remote access', 'Motion and intrusion alerts', 'Multi-site viewing', 'Cloud backup of footage'],
    },
  ],
  plans: [
    {
      name: 'Starter',
      price: '$29',
      period: '/month',
      description: 'For small businesses getting online.',
      features: ['5 email accounts', 'Up to 5 pages', '10GB storage', 'Support response: 24–48 hours', 'Monthly reports'],
      cta: 'Get Started',
      comparison: [
        'Email accounts: 5',
        'Website pages: Up to 5',
        'Storage: 10GB',
        'Support response: 24–48 hours',
        'Reports: Monthly',
        '24/7 email and chat support',
        'Free SSL certificate',
        'No setup fees',
      ],
    },
    {
      name: 'Business',
      price: '$99',
      period: '/month',
      note: 'Save $200/year',
      badge: 'Most Popular',
      description: 'For growing teams that need more.',
      features: ['Unlimited emails', 'Unlimited pages', '50GB storage', 'Support response: 4–8 hours', 'Weekly reports'],
      cta: 'Get Started',
      highlighted: true,
      comparison: [
        'Email accounts: Unlimited',
        'Website pages: Unlimited',
        'Storage: 50GB',
        'Support response: 4–8 hours',
        'Reports: Weekly',
        '24/7 email and chat support',
        'Free SSL certificate',
        'No setup fees',
      ],
    },
    {
      name: 'Enterprise',
      price: 'Custom',
      description: 'For organisations with advanced needs.',
      features: [
        'Unlimited emails and pages',
        'Unlimited storage',
        'Support response: 1–2 hours',
        'Daily reports',
        'Dedicated account manager',
      ],
      cta: 'Contact Sales',
      comparison: [
        'Email accounts: Unlimited',
        'Website pages: Unlimited',
        'Storage: Unlimited',
        'Support response: 1–2 hours',
        'Reports: Daily',
        '24/7 email and chat support',
        'Free SSL certificate',
        'No setup fees',
        'Dedicated account manager',
      ],
    },
  ],
  addons: [
    {
      icon: 'headset',
      name: 'Priority Support',
      price: '$49/month',
      description: 'Jump the queue with a dedicated support line.',
    },
    {
      icon: 'lock',
      name: 'Advanced Security',
      price: '$29/month',
      description: 'Malware scanning, firewall rules and security alerts.',
    },
    {
      icon: 'globe',
      name: 'Additional Website',
      price: '$19/month',
      description: 'Host another website under the same plan.',
    },
    {
      icon: 'chart',
      name: 'Custom Reporting',
      price: '$39/month',
      description: 'Reports built around the figures you care about.',
    },
  ],
  projectPrices: [
    {
      key: 'web',
      icon: 'code',
      name: 'Web Development',
      items: [
        {
          title: 'Basic Website (5 pages)',
          price: '$499-$799',
          time: '1–2 weeks',
        },
        {
          title: 'E-commerce',
          price: '$999-$2,499',
          time: '2–4 weeks',
        },
        {
          title: 'Custom Web Application',
          price: '$2,499-$9,999',
          time: '4–12 weeks',
        },
        {
          title: 'Website Redesign',
          price: '$299-$1,499',
          time: '1–3 weeks',
        },
      ],
    },
    {
      key: 'marketing',
      icon: 'megaphone',
      name: 'Digital Marketing & Branding',
      items: [
        {
          title: 'SEO Audit & Setup',
          price: '$299-$599',
          time: '1 week',
        },
        {
          title: 'Social Media Campaign',
          price: '$499-$1,299',
          time: '1 month',
        },
        {
          title: 'Google Ads Setup',
          price: '$199-$499',
          time: '3–5 days',
        },
        {
          title: 'Brand Identity Package',
          price: '$599-$1,999',
          time: '2–3 weeks',
        },
      ],
    },
    {
      key: 'it',
      icon: 'server',
      name: 'IT & Infrastructure',
      items: [
        {
          title: 'Office Network Setup',
          price: '$599-$1,999',
          time: '1–2 weeks',
        },
        {
          title: 'CCTV Installation',
          price: '$799-$2,499',
          time: '3–5 days',
        },
        {
          title: 'Cloud Migration',
          price: '$999-$4,999',
          time: '2–6 weeks',
        },
        {
          title: 'IT Consultation',
          price: '$99-$199',
          time: '1 day',
        },
      ],
    },
  ],
  faqs: [
    {
      page: 'services',
      question: 'How long does a typical project take?',
      answer:
        'Most projects are completed within 2-4 weeks. Larger builds such as custom applications take longer; we agree a timeline with you before any work starts.',
    },
    {
      page: 'services',
      question: 'Do you offer ongoing support after launch?',
      answer:
        'Yes. Every project includes support after launch, and our maintenance plans give you updates, monitoring and 24/7 help whenever you need it.',
    },
    {
      page: 'services',
      question: 'Can you work with our existing systems?',
      answer:
        'Absolutely. We regularly integrate with existing websites, email, accounting software and networks, and we improve what you already have rather than replacing it unnecessarily.',
    },
    {
      page: 'services',
      question: 'What makes Kafue Technologies different?',
      answer:
        'We are a Zambian-owned team with more than 10 years of experience, transparent pricing and a 100% satisfaction guarantee. One local partner handles your web, IT, marketing and security.',
    },
    {
      page: 'pricing',
      question: 'Can I change my plan later?',
      answer:
        'Yes. Plan changes take effect from your next billing cycle. If you upgrade mid-cycle, the difference is prorated so you only pay for what you use.',
    },
    {
      page: 'pricing',
      question: 'Is there a money-back guarantee?',
      answer: 'All monthly plans come with a 30-day money-back guarantee. If you are not satisfied, we refund you in full.',
    },
    {
      page: 'pricing',
      question: 'Are there any setup fees?',
      answer: 'No. There are no setup fees on any monthly plan.',
    },
    {
      page: 'pricing',
      question: 'Can I pause my subscription?',
      answer: 'Yes, you can pause your plan for up to 3 months, for example during a seasonal quiet period.',
    },
    {
      page: 'pricing',
      question: 'What support is included?',
      answer:
        'Every plan includes 24/7 email and chat support. Response times depend on your plan, from 24–48 hours on Starter to 1–2 hours on Enterprise.',
    },
  ],
  testimonials: [
    {
      rating: 5,
      quote:
        'Kafue rebuilt our website and moved our email to our own domain in under three weeks. Enquiries through the site have doubled since launch.',
      name: 'Chanda Mwale',
      title: 'Managing Director',
      company: 'Mwale Logistics',
      avatarInitial: 'C',
    },
    {
      rating: 4,
      quote:
        'Their engineers set up our office network and Microsoft 365 over a weekend. Monday morning everything simply worked, and support has been quick ever since.',
      name: 'Natasha Banda',
      title: 'Operations Manager',
      company: 'Zambezi Agro Supplies',
      avatarInitial: 'N',
    },
    {
      rating: 5,
      quote:
        'The CCTV system they installed lets me check all three shops from my phone. Professional, tidy work and honest advice on what we actually needed.',
      name: 'Mulenga Phiri',
      title: 'Owner',
      company: 'Phiri Hardware',
      avatarInitial: 'M',
    },
    {
      rating: 5,
      quote:
        'Our Google Ads and social media are finally bringing in the right clients. The monthly reports are clear and the team explains every number.',
      name: 'Thandiwe Zulu',
      title: 'Marketing Lead',
      company: 'Lusaka Dental Studio',
      avatarInitial: 'T',
    },
  ],
  insights: [
    {
      slug: 'choosing-the-right-hosting-plan-for-your-business-website',
      category: 'Web Hosting',
      title: 'Choosing the right hosting plan for your business website',
      description: 'Shared, cloud or dedicated? What each option means for speed, uptime and cost, and how to pick the one that fits.',
      date: '2026-10-14',
      author: 'Kafue Technologies',
      body: 'A business website lives on a server somewhere, and the kind of hosting you choose decides how fast it loads, how often it is down and what you pay each month.\n\n## Shared hosting\n\nYour site shares one server with many others. It is the cheapest option and suits a small brochure site with modest traffic. The trade-off: a busy neighbour can slow you down.\n\n## Cloud hosting\n\nYour site runs on resources that can grow when traffic grows, and move to healthy hardware when something fails. It costs more than shared hosting but keeps an online shop or booking system steady.\n\n## Dedicated servers\n\nA whole machine is yours. It makes sense for heavy applications or strict data rules, and it needs someone to look after it.\n\n## How to choose\n\n- Count your visitors and what they do on the site.\n- Ask what uptime the host promises and how backups work.\n- Check that support answers when you need it.\n\nIf you are unsure, [talk to us](/contact) and we will suggest a plan that fits.',
    },
    {
      slug: 'five-cybersecurity-habits-every-small-business-needs',
      category: 'Security',
      title: 'Five cybersecurity habits every small business needs',
      description: 'Most attacks exploit simple gaps. These five habits close the biggest ones without slowing your team down.',
      date: '2026-09-30',
      author: 'Kafue Technologies',
      body: 'Most attacks on small businesses do not need clever tricks: they use a reused password, a missed update or an email that looked real. Five habits close the biggest gaps.\n\n1. **Turn on two-step sign-in** for email, banking and any tool that offers it.\n2. **Update** computers, phones and routers when updates arrive.\n3. **Back up** important files automatically, and keep one copy away from the office network.\n4. **Use a password manager** so that every account has its own long password.\n5. **Pause before you click**: check the sender of any email that asks for money, passwords or urgent action.\n\nNone of these slows your team down for long, and together they stop most everyday attacks. We can help you set them up: see our [security services](/services).',
    },
    {
      slug: 'getting-found-on-google-local-seo-for-zambian-businesses',
      category: 'Marketing',
      title: 'Getting found on Google: local SEO for Zambian businesses',
      description: 'How a complete Google Business Profile, reviews and local keywords bring nearby customers to your door.',
      date: '2026-09-12',
      author: 'Kafue Technologies',
      body: 'When someone nearby searches for what you sell, local search decides whether they find you or a competitor.\n\n## Complete your Google Business Profile\n\nAdd your address, opening hours, phone number, photos and the services you offer. Keep them current: a closed shop that still shows as open loses trust.\n\n## Ask for reviews\n\nHappy customers are usually glad to leave a review when asked. Answer every review, good or bad, politely.\n\n## Use the words your customers use\n\nName your town and your services plainly on your website, the way customers search for them.\n\nWant help with any of this? [Contact us](/contact).',
    },
  ],
  legalPages: [
    {
      key: 'privacy',
      title: 'Privacy Policy',
      updated: '2026-11-25',
      needsReview: true,
      body: `Kafue Technologies runs this website. This page says, in plain words, what the site collects about you, why, how long we keep it and what you can ask of us. We follow Zambia's Data Protection Act, 2021.

## What we collect

**When you send the contact form**, we receive what you type in it: your full name, your email address, your phone number (if you give it), the service you chose and your message. We also keep the internet address (IP address) your message came from, because we limit how many messages one address can send, to keep out spam.

**When you subscribe to our newsletter**, we keep your email address, the page you subscribed from and the dates you subscribed, confirmed and unsubscribed. You are only subscribed after you confirm from the email we send you (double opt-in).

**When you visit the site**, each page you open sends us a short note: the page's address, the address of the page that linked to it (a search engine or a Facebook post, for example), the campaign named in that link if any, the width of your screen (to tell phones from computers), and how fast the page loaded and answered you. To count how many different people visit without knowing who they are, our server mixes your internet address and the name of your browser with a random value that it replaces every day, and keeps only the scrambled result (a salted hash) for that one day: it cannot be turned back into your address, and from the next day your visits can no longer be linked to earlier ones. We never store your internet address or your browser's name for this. The site sets no cookies and keeps nothing in your browser's local storage. While your browser tab is open, the page you arrived on and where you came from are kept in that tab's session storage (gone when you close the tab), and are sent with the contact form or the newsletter sign-up if you send one, so that we know which pages and links bring enquiries.

We do not collect anything else about visitors: no advertising trackers, no analytics profiles, no data bought from others. All of it stays in our own database; none of it is sent to any other company.

## Why we use it

- To answer your enquiry, prepare a quote and follow up on the work you asked about.
- To send the newsletter you asked for, and nothing else.

We do not sell your details or share them for anyone else's marketing. Our staff see enquiries in our back office, which only signed-in staff can open.

## How long we keep it

- Enquiries are kept until we delete them.
- Newsletter addresses are kept while you are subscribed. A sign-up that is not confirmed within 7 days is deleted. You can unsubscribe at any time with the link in every newsletter; it takes effect at once.
- The scrambled visitor value is kept for one day, and each day's random value is deleted after its day.
- The record of each page view is kept for 30 days, then deleted.
- Daily totals (how many people visited each page on a day, from which sources and on which kinds of device) are kept; they say nothing about any one visitor.

## Your rights

You may ask us what we hold about you, ask us to correct it, or ask us to delete it. Write to us at [info@kafue.example](mailto:info@kafue.example) (or the email address at the foot of every page) and we will answer within 30 days.

See also our [Cookie Policy](/cookies) and [Terms of Service](/terms).`,
    },
    {
      key: 'terms',
      title: 'Terms of Service',
      updated: '2026-11-24',
      needsReview: true,
      body: `These terms apply to your use of the Kafue Technologies website. By using the site you accept them.

## The website

The site describes our services and prices and lets you contact us. Prices and descriptions are given in good faith and may change; the price that applies to your work is the one in the quote we send you.

## Enquiries and quotes

Sending the contact form does not create a contract. We reply to your enquiry and, when you ask, send you a written quote. Work begins once you accept a quote.

## Your use of the site

Please do not send spam, try to break into the site, or send anything unlawful through the contact form.

## Our content

The text, images and logos on this site belong to Kafue Technologies unless stated otherwise. You may share links to our pages.

## Liability

We work to keep the site correct and available, but we cannot promise it will always be free of errors or interruptions.

## Privacy

How we handle your details is described in our [Privacy Policy](/privacy).

## Law

These terms are governed by the laws of the Republic of Zambia.

## Contact

Questions about these terms: [info@kafue.example](mailto:info@kafue.example) (or the email address at the foot of every page).`,
    },
    {
      key: 'cookies',
      title: 'Cookie Policy',
      updated: '2026-11-24',
      needsReview: true,
      body: `## Visitors to the public site

The public pages of this site set no cookies. There are no advertising trackers, no analytics cookies and no social media tracking pixels.

If you use the "add to your request" buttons on the pricing pages, your choices are kept in your browser's session storage (not a cookie) until you close the tab, so that the contact form can show them. They are never sent to us until you send the form.

## Staff of Kafue Technologies

Our back office sets one cookie, its sign-in cookie, when a member of staff signs in. It keeps them signed in, is sent only to this site over a secure connection, cannot be read by scripts, and is deleted when they sign out or the session ends.

## Questions

See our [Privacy Policy](/privacy), or write to [info@kafue.example](mailto:info@kafue.example).`,
    },
  ],
};
