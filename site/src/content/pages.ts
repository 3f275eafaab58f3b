import { brand } from '@kafue/common/brand';

export const about = {
  heading: `About ${brand.company}`,
  text: `${brand.company} is a Zambian-owned digital innovation hub based in ${brand.city}. Since ${brand.foundedYear} we have helped businesses across Zambia build their websites, run their IT, market their services and protect their premises, combining local understanding with modern technology.`,
  links: [
    { label: 'Our Services', to: '/services' },
    { label: 'Contact Us', to: '/contact' },
  ],
};

/** The contact page's texts; the form's own (fields, options, outcome) are common's contact-form.ts. */
export const contactPage = {
  heading: 'Get in Touch',
  subline: "Ready to transform your business? Let's start the conversation.",
  formHeading: 'Send us a Message',
  optional: '(optional)',
  send: 'Send Message',
  sending: 'Sending...',
  infoHeading: 'Contact Information',
  info: {
    phone: 'Phone',
    email: 'Email',
    address: 'Office Address',
    hours: 'Hours',
    hoursValue: '24/7 Support Available',
  },
  mapTitle: `Map showing the ${brand.company} office in ${brand.location}`,
  /** Beside the map, for when its frame cannot load. */
  openMap: 'Open the map',
  /** What the call to action that led here chose, above the form. */
  request: {
    heading: 'Your request:',
    itemsLabel: 'Chosen items',
    remove: 'Remove',
    consultation: 'Free consultation',
  },
  guarantee: {
    heading: 'Quick Response Guarantee',
    items: [
      'Email responses within 2-4 hours during business hours',
      '24/7 emergency support for existing clients',
      'Free consultation calls available',
    ],
  },
};

export const notFound = {
  code: '404',
  text: 'Oops! The page you’re looking for doesn’t exist.',
  link: 'Go back Home',
};

/** The legal pages' own words around their bodies (the bodies are content, edited in the console). */
export const legalText = {
  updated: 'Last updated:',
  /** Under the contact form. */
  contactNote: 'We use your details only to answer your enquiry. See our',
  privacyLink: 'Privacy Policy',
};

export const searchText = {
  heading: 'Search',
  resultsFor: (query: string) => `Search results for “${query}”`,
  label: 'Search services, prices, FAQs and articles',
  button: 'Search',
  count: (n: number) => (n === 1 ? '1 result' : `${n} results`),
  none: 'No results',
  help: 'Try fewer or other words, check the spelling, or browse our services and prices. You can also ask us directly on the contact page.',
};
