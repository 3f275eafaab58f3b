import type { ComparisonRow } from './types';

export const pricingHero = {
  heading: 'Simple, Transparent Pricing',
  text: 'Choose a monthly plan or pay per project. No surprises, no lock-in.',
  badges: ['30-Day Money Back Guarantee', 'No Setup Fees', 'Cancel Anytime'],
};

export const pricingStripLabel = 'Why our pricing is simple';

export const pricingStrip = [
  { icon: 'tag', title: 'No Hidden Fees', text: 'The price you see is the price you pay.' },
  { icon: 'shield', title: '30-Day Guarantee', text: 'Full refund on monthly plans within 30 days.' },
  { icon: 'calendar', title: 'Flexible Terms', text: 'Change, pause or cancel your plan at any time.' },
  { icon: 'trending', title: 'Scalable Solutions', text: 'Start small and upgrade as your business grows.' },
] as const;

export const pricingSwitch = {
  label: 'Pricing model',
  monthly: 'Monthly Plans',
  project: 'Project Pricing',
};

export const projectPricing = {
  intro: 'One-off projects with a fixed quote agreed before work starts.',
  priceLabel: 'Price',
  timeLabel: 'Timeline',
  cta: 'Get Quote',
};

export const addOnsSection = {
  heading: 'Optional Add-ons',
  text: 'Extend any plan with the extras your business needs.',
  toggle: 'View Add-ons',
  cta: 'Add to Plan',
};

export const comparison = {
  heading: 'Detailed Plan Comparison',
  tableLabel: 'Plan comparison table, scrollable',
  featureColumn: 'Feature',
  /** Column headings when there are fewer than three plans (otherwise the plans' names). */
  planNames: ['Starter', 'Business', 'Enterprise'],
  yes: 'Included',
  no: 'Not included',
  rows: [
    { feature: 'Monthly price', values: ['$29', '$99', 'Custom'] },
    { feature: 'Email accounts', values: ['5', 'Unlimited', 'Unlimited'] },
    { feature: 'Website pages', values: ['Up to 5', 'Unlimited', 'Unlimited'] },
    { feature: 'Storage', values: ['10GB', '50GB', 'Unlimited'] },
    { feature: 'Support response', values: ['24–48 hours', '4–8 hours', '1–2 hours'] },
    { feature: 'Reports', values: ['Monthly', 'Weekly', 'Daily'] },
    { feature: '24/7 email and chat support', values: [true, true, true] },
    { feature: 'Free SSL certificate', values: [true, true, true] },
    { feature: 'No setup fees', values: [true, true, true] },
    { feature: 'Dedicated account manager', values: [false, false, true] },
  ] as readonly ComparisonRow[],
};

/** The FAQ section's heading; its questions are the FAQs collection's (page: pricing). */
export const pricingFaqText = { heading: 'Pricing FAQ' };

export const pricingCta = {
  heading: 'Still have questions?',
  text: 'Our team will help you choose the right plan or project package for your business.',
  primary: 'Get free consultation',
  secondary: 'Email us',
};
