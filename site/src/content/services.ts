import { isCategoryKey, type CategoryKey } from '@kafue/common/vocabulary';
import type { Service } from './types';

/** Every service, grouped by category; a service's URL is /service/{category}/{index}. */
export const servicesByCategory: Readonly<Record<CategoryKey, readonly Service[]>> = {
  Web: [
    {
      title: 'Website Creation',
      price: '$499',
      description: 'Fast, mobile-first websites that present your business professionally and turn visitors into enquiries.',
      features: ['Responsive design for every screen', 'Search engine friendly structure', 'Content management training', 'Free SSL certificate and launch support'],
      details:
        'We plan the site with you, write or polish the copy, design the pages around your brand and build them to load quickly on mobile networks. Most websites are live within 2-4 weeks, and we stay on hand after launch for updates and questions.',
    },
    {
      title: 'Domain & Email Hosting',
      price: '$29/mo',
      description: 'Your own domain with professional email addresses, hosted on reliable servers with 99.9% uptime.',
      features: ['Domain registration and renewal', 'Professional email on your domain', 'Spam and virus filtering', 'Daily backups with 99.9% uptime'],
      details:
        'We register or transfer your domain, set up mailboxes for your team on phones and computers, and keep everything patched and backed up. Support is available 24/7 if something stops working.',
    },
    {
      title: 'Cloud Storage & Security',
      price: '$19/mo',
      description: 'Secure cloud storage for your files, with encrypted backups and access from anywhere.',
      features: ['Encrypted file storage', 'Automatic daily backups', 'Shared folders with permissions', 'Access from any device'],
    },
  ],
  Digital: [
    {
      title: 'SEO & Google Ads',
      price: '$299/mo',
      description: 'Get found by customers searching for what you offer, with search optimisation and well-managed ad campaigns.',
      features: ['Keyword research and on-page SEO', 'Google Ads setup and management', 'Google Business Profile optimisation', 'Monthly performance reports'],
      details:
        'We audit your site, fix what holds it back in search results and run targeted campaigns with a budget you control. Every month you receive a plain-language report of visits, leads and cost per enquiry.',
    },
    {
      title: 'Social Media Management',
      price: '$199/mo',
      description: 'Consistent, on-brand posts and community management across the platforms your customers use.',
      features: ['Content calendar and post design', 'Facebook, Instagram and LinkedIn', 'Community replies and moderation', 'Audience growth insights'],
    },
    {
      title: 'Business Cards & Brand Kits',
      price: '$149',
      description: 'Print-ready business cards and a brand kit that keeps every document and post looking consistent.',
      features: ['Business card design', 'Letterhead and email signature', 'Colour palette and typography guide', 'Print-ready and digital files'],
    },
  ],
  IT: [
    {
      title: 'Microsoft 365 Setup',
      price: '$99',
      description: 'Move your team to Microsoft 365 with email, Teams and OneDrive configured securely.',
      features: ['Tenant and licence setup', 'Email migration without downtime', 'Teams and OneDrive configuration', 'Staff onboarding session'],
      details:
        'We configure your Microsoft 365 tenant with multi-factor authentication, migrate existing mailboxes and files, and train your staff so the switch is smooth from day one.',
    },
    {
      title: 'Data Analysis & Digitization',
      price: '$299',
      description: 'Turn paper records and scattered spreadsheets into organised, searchable digital data.',
      features: ['Document scanning and indexing', 'Spreadsheet clean-up and consolidation', 'Dashboards for key figures', 'Secure archiving'],
    },
    {
      title: 'Networking & Server Setup',
      price: '$599',
      description: 'Reliable office networks, Wi-Fi and servers designed, installed and documented by certified engineers.',
      features: ['Structured cabling and Wi-Fi', 'Router, firewall and switch setup', 'File and print servers', 'Network documentation and handover'],
      details:
        'We survey your premises, design a network that fits your team and budget, install it with minimal disruption and leave you with clear documentation. Maintenance plans are available.',
    },
  ],
  Design: [
    {
      title: 'Logo & Graphic Design',
      price: '$199',
      description: 'Memorable logos and graphics that give your business a professional, recognisable identity.',
      features: ['Three initial logo concepts', 'Unlimited revisions on the chosen concept', 'Social media graphics', 'Files for print and web'],
    },
    {
      title: 'App & Software Development',
      price: '$999',
      description: 'Custom web and mobile applications built around the way your business actually works.',
      features: ['Requirements workshop', 'Web and mobile apps', 'Integration with your existing systems', 'Testing, launch and ongoing support'],
      details:
        'From booking systems to internal tools, we design, build and maintain software in short iterations so you can see progress every week and change course early.',
    },
  ],
  Security: [
    {
      title: 'Cybersecurity Audit',
      price: '$249',
      description: 'Find and fix the weaknesses in your systems before attackers do.',
      features: ['Vulnerability scanning', 'Password and access review', 'Staff phishing awareness check', 'Prioritised remediation report'],
      details:
        'Our audit covers your website, email, network and devices. You receive a clear report ranking each risk and the steps to close it, and we can carry out the fixes for you.',
    },
    {
      title: 'Secure Email Gateway',
      price: '$39/mo',
      description: 'Stop phishing, spam and malware before they reach your inbox.',
      features: ['Advanced spam and phishing filtering', 'Attachment and link scanning', 'Email encryption', 'Quarantine dashboard'],
    },
  ],
  Growth: [
    {
      title: 'CRM Integration',
      price: '$299',
      description: 'Keep every customer, lead and follow-up in one place with a CRM connected to your tools.',
      features: ['CRM selection and setup', 'Website form and email integration', 'Sales pipeline configuration', 'Team training'],
    },
    {
      title: 'Business Intelligence Reporting',
      price: '$399',
      description: 'Clear dashboards that show how your business is performing, updated automatically.',
      features: ['Data source connections', 'Custom KPI dashboards', 'Scheduled email reports', 'Forecasting and trend analysis'],
      details:
        'We connect your sales, accounting and operations data and build dashboards your managers will actually use, so decisions rest on current figures rather than guesswork.',
    },
  ],
  CCTV: [
    {
      title: 'CCTV Installation',
      price: '$499',
      description: 'High-definition cameras installed to protect your premises, viewable from your phone.',
      features: ['Site survey and camera planning', 'HD day and night cameras', 'Recorder with secure storage', 'Mobile viewing setup'],
      details:
        'We recommend camera positions after a free site survey, install and test the system, and show you how to review footage on your phone. Installations typically take 3-5 days.',
    },
    {
      title: 'CCTV Maintenance',
      price: '$99',
      description: 'Keep your cameras recording reliably with scheduled checks and fast repairs.',
      features: ['Scheduled health checks', 'Lens cleaning and alignment', 'Firmware updates', 'Priority repair callouts'],
    },
    {
      title: 'Remote Surveillance Setup',
      price: '$299',
      description: 'Watch your sites live from anywhere, with alerts when something needs your attention.',
      features: ['Secure remote access', 'Motion and intrusion alerts', 'Multi-site viewing', 'Cloud backup of footage'],
    },
  ],
};

/** Looks a service up by category and zero-based position, as the detail route does. */
export function findService(category: string | undefined, index: string | undefined): Service | undefined {
  if (!category || !isCategoryKey(category) || !index || !/^\d+$/.test(index)) return undefined;
  return servicesByCategory[category][Number(index)];
}

/** Every service detail path, for prerendering and the sitemap. */
export function serviceDetailPaths(): string[] {
  return Object.entries(servicesByCategory).flatMap(([category, list]) =>
    list.map((_, i) => `/service/${category}/${i}`),
  );
}
