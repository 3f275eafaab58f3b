import type { BlogTeaser, Feature, Testimonial } from './types';
import type { IconName } from '../components/icon-paths';

export const hero = {
  eyebrow: 'Technology partner for Zambian businesses',
  heading: 'Smart technology that moves your business forward',
  text: 'Websites, hosting, digital marketing, IT support and security from one trusted team in Lusaka.',
  primary: 'Explore Our Services',
  secondary: 'Contact Us',
  videoFallback: 'Your browser does not support the video tag.',
  pauseVideo: 'Pause background video',
  playVideo: 'Play background video',
};

export const aboutIntro = {
  eyebrow: 'About us',
  heading: 'Your digital innovation partner',
  text: 'We are a Zambian-owned team of developers, designers, marketers and engineers. We help businesses of every size get online, stay secure and grow, with practical solutions and support you can reach when you need it.',
  features: [
    { icon: 'target', title: 'Local Expertise', text: 'We understand the Zambian market, its networks and its customers, and build for them.' },
    { icon: 'layers', title: 'End-to-End Solutions', text: 'From your domain and website to your office network and cameras, one partner covers it all.' },
    { icon: 'headset', title: 'Reliable Support', text: 'Real people on call 24/7, with clear answers and fast fixes when something goes wrong.' },
  ] as readonly Feature[],
};

export interface OverviewCard {
  icon: IconName;
  title: string;
  text: string;
}

export const servicesOverview = {
  eyebrow: 'What we do',
  heading: 'Services built for growing businesses',
  text: 'Everything your business needs to work well online and in the office.',
  linkLabel: 'Learn More',
  linkTo: '/services#services',
  cards: [
    { icon: 'code', title: 'Web Development', text: 'Fast, modern websites and web applications that turn visitors into customers.' },
    { icon: 'cloud', title: 'Email & Cloud Hosting', text: 'Professional email on your domain and secure cloud storage with 99.9% uptime.' },
    { icon: 'megaphone', title: 'Digital Marketing', text: 'SEO, Google Ads and social media management that bring in real enquiries.' },
    { icon: 'monitor', title: 'IT & Office Solutions', text: 'Microsoft 365, networking, servers and data digitisation for efficient offices.' },
    { icon: 'pen', title: 'Graphic & Brand Design', text: 'Logos, brand kits and graphics that make your business memorable.' },
    { icon: 'camera', title: 'CCTV & Networking', text: 'HD camera systems and remote monitoring to keep your premises safe.' },
  ] as readonly OverviewCard[],
};

export const whyChooseUs = {
  eyebrow: 'Why choose us',
  heading: 'Why Choose Us',
  text: 'A decade of delivering technology that works for Zambian businesses.',
  stats: [
    { value: '200+', label: 'Happy Clients' },
    { value: '10+', label: 'Years Experience' },
    { value: '500+', label: 'Projects Completed' },
    { value: '24/7', label: 'Support Available' },
  ],
  benefits: [
    { icon: 'server', title: '99.9% Uptime', text: 'Hosting and systems monitored around the clock so your business stays online.' },
    { icon: 'rocket', title: 'Fast Delivery', text: 'Most projects are completed in 2-4 weeks, with progress you can see every week.' },
    { icon: 'award', title: '100% Satisfaction Guarantee', text: 'We keep working until you are happy with the result. That is our promise.' },
  ] as readonly Feature[],
};

export const testimonialsSection = {
  eyebrow: 'Testimonials',
  heading: 'What Our Clients Say',
  carouselLabel: 'Client testimonials',
  previous: 'Previous testimonial',
  next: 'Next testimonial',
  pause: 'Pause automatic rotation',
  play: 'Start automatic rotation',
};

export const testimonials: readonly Testimonial[] = [
  {
    id: 1,
    rating: 5,
    quote: 'Kafue rebuilt our website and moved our email to our own domain in under three weeks. Enquiries through the site have doubled since launch.',
    name: 'Chanda Mwale',
    title: 'Managing Director',
    company: 'Mwale Logistics',
    avatarInitial: 'C',
  },
  {
    id: 2,
    rating: 4,
    quote: 'Their engineers set up our office network and Microsoft 365 over a weekend. Monday morning everything simply worked, and support has been quick ever since.',
    name: 'Natasha Banda',
    title: 'Operations Manager',
    company: 'Zambezi Agro Supplies',
    avatarInitial: 'N',
  },
  {
    id: 3,
    rating: 5,
    quote: 'The CCTV system they installed lets me check all three shops from my phone. Professional, tidy work and honest advice on what we actually needed.',
    name: 'Mulenga Phiri',
    title: 'Owner',
    company: 'Phiri Hardware',
    avatarInitial: 'M',
  },
  {
    id: 4,
    rating: 5,
    quote: 'Our Google Ads and social media are finally bringing in the right clients. The monthly reports are clear and the team explains every number.',
    name: 'Thandiwe Zulu',
    title: 'Marketing Lead',
    company: 'Lusaka Dental Studio',
    avatarInitial: 'T',
  },
];

export const insights = {
  eyebrow: 'Blog',
  heading: 'Tech Insights',
  text: 'Practical advice from our team on running your business with technology.',
  readMore: 'Read More',
};

export const blogTeasers: readonly BlogTeaser[] = [
  {
    id: 1,
    category: 'Web Hosting',
    title: 'Choosing the right hosting plan for your business website',
    description: 'Shared, cloud or dedicated? What each option means for speed, uptime and cost, and how to pick the one that fits.',
    date: '2026-10-14',
    link: '#',
  },
  {
    id: 2,
    category: 'Security',
    title: 'Five cybersecurity habits every small business needs',
    description: 'Most attacks exploit simple gaps. These five habits close the biggest ones without slowing your team down.',
    date: '2026-09-30',
    link: '#',
  },
  {
    id: 3,
    category: 'Marketing',
    title: 'Getting found on Google: local SEO for Zambian businesses',
    description: 'How a complete Google Business Profile, reviews and local keywords bring nearby customers to your door.',
    date: '2026-09-12',
    link: '#',
  },
];

export const homeCta = {
  heading: 'Ready to Transform Your Business?',
  text: 'Talk to our team about your goals and get a clear plan and quote, free of charge.',
  primary: 'Get a Free Quote',
  secondary: 'Call Us Today',
};
