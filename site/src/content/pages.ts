import { brand } from '@kafue/common/brand';

export const about = {
  heading: `About ${brand.company}`,
  text: `${brand.company} is a Zambian-owned digital innovation hub based in ${brand.city}. Since ${brand.foundedYear} we have helped businesses across Zambia build their websites, run their IT, market their services and protect their premises, combining local understanding with modern technology.`,
  links: [
    { label: 'Our Services', to: '/services' },
    { label: 'Contact Us', to: '/contact' },
  ],
};

export const contactPage = {
  heading: 'Get in Touch',
  subline: "Ready to transform your business? Let's start the conversation.",
  formHeading: 'Send us a Message',
  fields: {
    name: 'Full Name',
    phone: 'Phone Number',
    email: 'Email Address',
    service: 'Service',
    message: 'Message',
  },
  placeholders: {
    name: 'Your full name',
    phone: '+260 ...',
    email: 'you@company.com',
    message: 'Tell us about your project...',
  },
  optional: '(optional)',
  serviceOptions: ['Web Development', 'Cybersecurity', 'Digital Marketing', 'Other'],
  servicePlaceholder: 'Select a service',
  send: 'Send Message',
  sending: 'Sending...',
  sent: "Message sent! We'll get back to you shortly.",
  /** Shown when the server cannot be reached or gives no message of its own. */
  failed: 'Your message could not be sent. Please try again or email us.',
  infoHeading: 'Contact Information',
  info: {
    phone: 'Phone',
    email: 'Email',
    address: 'Office Address',
    hours: 'Hours',
    hoursValue: '24/7 Support Available',
  },
  mapTitle: `Map showing the ${brand.company} office in ${brand.location}`,
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
