import { brand } from '@kafue/common/brand';

/**
 * Site-wide settings of the public site. The brand lives in @kafue/common/brand, the company's
 * contact points in its profile (useCompany); this file only holds what is specific to the public site.
 */
export const siteConfig = {
  /** Absolute origin used for canonical links, Open Graph and the sitemap (SITE_URL at build time). */
  siteUrl: 'https://www.kafue.example',
  ogImage: '/media/og-image.jpg',
} as const;

export interface NavLink {
  label: string;
  to: string;
}

/** Main navigation (the Contact entry is rendered as a button-styled link). */
export const navLinks: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/services' },
  { label: 'Pricing', to: '/projects' },
  { label: 'About', to: '/about' },
];
export const contactLink: NavLink = { label: 'Contact', to: '/contact' };

export const topBar = {
  callLabel: 'Request a call:',
  location: brand.location,
};

/** Second shared block: a slim announcement under the header (hidden on /contact and /service/*). */
export const announcement = {
  text: 'Free consultation for new clients: tell us about your project and get a plan within 48 hours.',
  linkLabel: 'Book a free consultation',
  to: '/contact',
};

/** Fourth shared block: who the company works with (hidden on /contact and /service/*). */
export const trustStrip = {
  heading: 'Trusted by businesses across Zambia',
  sectors: ['Retail & Wholesale', 'Banking & Finance', 'Education', 'Healthcare', 'Hospitality & Tourism', 'Mining & Agriculture', 'NGOs'],
};

export const footer = {
  blurb: `${brand.company} is a Zambian technology partner for growing businesses: websites, hosting, digital marketing, IT, design, security and CCTV, delivered by one dependable local team.`,
  since: `Operating since ${brand.foundedYear}.`,
  quickLinks: [
    { label: 'Home', to: '/' },
    { label: 'Services', to: '/services' },
    { label: 'Pricing', to: '/projects' },
    { label: 'Portfolio', to: '/projects' },
    { label: 'About', to: '/about' },
    { label: 'Contact', to: '/contact' },
  ] as readonly NavLink[],
  /** Each to the service page that offers it (its permanent address, as seeded). */
  servicesList: [
    { label: 'Web Development', to: '/service/Web/website-creation' },
    { label: 'Email & Cloud Hosting', to: '/service/Web/domain-email-hosting' },
    { label: 'Digital Marketing', to: '/service/Digital/seo-google-ads' },
    { label: 'IT & Office Solutions', to: '/service/IT/microsoft-365-setup' },
    { label: 'Graphic & Brand Design', to: '/service/Design/logo-graphic-design' },
    { label: 'CCTV & Networking', to: '/service/CCTV/cctv-installation' },
  ],
  newsletter: {
    heading: 'Newsletter',
    text: 'Tech tips and offers for Zambian businesses, once a month.',
    label: 'Email address',
    placeholder: 'Your email address',
    button: 'Subscribe',
  },
  legal: [
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'Terms of Service', to: '/terms' },
    { label: 'Cookie Policy', to: '/cookies' },
  ],
};

/** Labels of the shared layout. */
export const layoutText = {
  skipLink: 'Skip to main content',
  mainNav: 'Main',
  announcementLabel: 'Announcement',
  quickLinksHeading: 'Quick Links',
  servicesHeading: 'Our Services',
  rights: 'All rights reserved.',
};

export const mobileMenu = {
  title: 'Menu',
  open: 'Open menu',
  close: 'Close menu',
  navLabel: 'Mobile',
  searchLabel: 'Search the site',
  searchPlaceholder: 'Search...',
};
