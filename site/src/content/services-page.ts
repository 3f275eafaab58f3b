import type { Feature } from './types';

export const servicesBanner = {
  heading: 'Our Services',
  text: 'Technology solutions for every stage of your business, delivered by a local team you can rely on.',
  badges: ['50+ Successful Projects', '10+ Years Experience', '24/7 Support'],
};

export const servicesWhy: { heading: string; items: readonly Feature[] } = {
  heading: 'Why Choose Us',
  items: [
    { icon: 'users', title: 'Expert Team', text: 'Certified developers, designers and engineers based in Lusaka.' },
    { icon: 'rocket', title: 'Fast Delivery', text: 'Most projects completed in 2-4 weeks.' },
    { icon: 'headset', title: '24/7 Support', text: 'Help whenever you need it, day or night.' },
    { icon: 'award', title: '100% Satisfaction', text: 'We work until you are happy with the result.' },
  ],
};

export const browser = {
  eyebrow: 'Browse by category',
  heading: 'Find the Right Service',
  selectLabel: 'Choose a service category',
  groupLabel: 'Service categories',
  startingAt: 'Starting at',
  detailsLink: 'View Details',
};

export const processSection = {
  eyebrow: 'How we work',
  heading: 'Our Process',
  steps: [
    { title: 'Discovery & Consultation', text: 'We learn about your business, goals and budget in a free consultation.' },
    { title: 'Strategy & Planning', text: 'You receive a clear plan with scope, timeline and a fixed quote.' },
    { title: 'Implementation', text: 'Our team builds and configures your solution, with regular progress updates.' },
    { title: 'Launch & Support', text: 'We launch, train your team and stay on hand with ongoing support.' },
  ],
};

/** The FAQ section's heading; its questions are the FAQs collection's (page: services). */
export const servicesFaqText = { heading: 'Frequently Asked Questions' };

export const servicesCta = {
  heading: 'Not sure which service you need?',
  text: 'Tell us about your business and we will recommend the right solution, free of charge.',
  primary: 'Get a Free Consultation',
  secondary: 'View Pricing',
};

export const serviceDetail = {
  back: 'Back to Services',
  startingAt: 'Starting at',
  featuresHeading: 'Key Features',
  moreInfoHeading: 'More Information',
  request: 'Request This Service',
  notFound: 'Service not found. Please go back and try again.',
  /** On a deleted service's address: the link to the services of the category it was in. */
  goneLink: (heading: string) => `See our ${heading}`,
};
