import type { AddOn, ComparisonRow, FaqItem, Plan, ProjectGroup } from './types';

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

export const plans: readonly Plan[] = [
  {
    name: 'Starter',
    price: '$29',
    period: '/month',
    description: 'For small businesses getting online.',
    features: ['5 email accounts', 'Up to 5 pages', '10GB storage', 'Support response: 24–48 hours', 'Monthly reports'],
    cta: 'Get Started',
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
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    description: 'For organisations with advanced needs.',
    features: ['Unlimited emails and pages', 'Unlimited storage', 'Support response: 1–2 hours', 'Daily reports', 'Dedicated account manager'],
    cta: 'Contact Sales',
  },
];

export const projectPricing = {
  intro: 'One-off projects with a fixed quote agreed before work starts.',
  priceLabel: 'Price',
  timeLabel: 'Timeline',
  cta: 'Get Quote',
};

export const projectGroups: readonly ProjectGroup[] = [
  {
    id: 'web',
    icon: 'code',
    name: 'Web Development',
    items: [
      { title: 'Basic Website (5 pages)', price: '$499-$799', time: '1–2 weeks' },
      { title: 'E-commerce', price: '$999-$2,499', time: '2–4 weeks' },
      { title: 'Custom Web Application', price: '$2,499-$9,999', time: '4–12 weeks' },
      { title: 'Website Redesign', price: '$299-$1,499', time: '1–3 weeks' },
    ],
  },
  {
    id: 'marketing',
    icon: 'megaphone',
    name: 'Digital Marketing & Branding',
    items: [
      { title: 'SEO Audit & Setup', price: '$299-$599', time: '1 week' },
      { title: 'Social Media Campaign', price: '$499-$1,299', time: '1 month' },
      { title: 'Google Ads Setup', price: '$199-$499', time: '3–5 days' },
      { title: 'Brand Identity Package', price: '$599-$1,999', time: '2–3 weeks' },
    ],
  },
  {
    id: 'it',
    icon: 'server',
    name: 'IT & Infrastructure',
    items: [
      { title: 'Office Network Setup', price: '$599-$1,999', time: '1–2 weeks' },
      { title: 'CCTV Installation', price: '$799-$2,499', time: '3–5 days' },
      { title: 'Cloud Migration', price: '$999-$4,999', time: '2–6 weeks' },
      { title: 'IT Consultation', price: '$99-$199', time: '1 day' },
    ],
  },
];

export const addOnsSection = {
  heading: 'Optional Add-ons',
  text: 'Extend any plan with the extras your business needs.',
  toggle: 'View Add-ons',
  cta: 'Add to Plan',
};

export const addOns: readonly AddOn[] = [
  { icon: 'headset', name: 'Priority Support', price: '$49/month', description: 'Jump the queue with a dedicated support line.' },
  { icon: 'lock', name: 'Advanced Security', price: '$29/month', description: 'Malware scanning, firewall rules and security alerts.' },
  { icon: 'globe', name: 'Additional Website', price: '$19/month', description: 'Host another website under the same plan.' },
  { icon: 'chart', name: 'Custom Reporting', price: '$39/month', description: 'Reports built around the figures you care about.' },
];

export const comparison = {
  heading: 'Detailed Plan Comparison',
  tableLabel: 'Plan comparison table, scrollable',
  featureColumn: 'Feature',
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

export const pricingFaq: { heading: string; items: readonly FaqItem[] } = {
  heading: 'Pricing FAQ',
  items: [
    {
      question: 'Can I change my plan later?',
      answer: 'Yes. Plan changes take effect from your next billing cycle. If you upgrade mid-cycle, the difference is prorated so you only pay for what you use.',
    },
    {
      question: 'Is there a money-back guarantee?',
      answer: 'All monthly plans come with a 30-day money-back guarantee. If you are not satisfied, we refund you in full.',
    },
    {
      question: 'Are there any setup fees?',
      answer: 'No. There are no setup fees on any monthly plan.',
    },
    {
      question: 'Can I pause my subscription?',
      answer: 'Yes, you can pause your plan for up to 3 months, for example during a seasonal quiet period.',
    },
    {
      question: 'What support is included?',
      answer: 'Every plan includes 24/7 email and chat support. Response times depend on your plan, from 24–48 hours on Starter to 1–2 hours on Enterprise.',
    },
  ],
};

export const pricingCta = {
  heading: 'Still have questions?',
  text: 'Our team will help you choose the right plan or project package for your business.',
  primary: 'Get free consultation',
  secondary: 'Email us',
};
