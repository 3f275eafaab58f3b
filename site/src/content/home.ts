import type { Feature } from './types';
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
    {
      icon: 'target',
      title: 'Local Expertise',
      text: 'We understand the Zambian market, its networks and its customers, and build for them.',
    },
    {
      icon: 'layers',
      title: 'End-to-End Solutions',
      text: 'From your domain and website to your office network and cameras, one partner covers it all.',
    },
    {
      icon: 'headset',
      title: 'Reliable Support',
      text: 'Real people on call 24/7, with clear answers and fast fixes when something goes wrong.',
    },
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
    {
      icon: 'cloud',
      title: 'Email & Cloud Hosting',
      text: 'Professional email on your domain and secure cloud storage with 99.9% uptime.',
    },
    { icon: 'megaphone', title: 'Digital Marketing', text: 'SEO, Google Ads and social media management that bring in real enquiries.' },
    {
      icon: 'monitor',
      title: 'IT & Office Solutions',
      text: 'Microsoft 365, networking, servers and data digitisation for efficient offices.',
    },
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
    {
      icon: 'award',
      title: '100% Satisfaction Guarantee',
      text: 'We keep working until you are happy with the result. That is our promise.',
    },
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

export const insights = {
  eyebrow: 'Blog',
  heading: 'Tech Insights',
  text: 'Practical advice from our team on running your business with technology.',
};

export const homeCta = {
  heading: 'Ready to Transform Your Business?',
  text: 'Talk to our team about your goals and get a clear plan and quote, free of charge.',
  primary: 'Get a Free Quote',
  secondary: 'Call Us Today',
};
