import type { ComparisonCell, ComparisonRow, Plan } from './types';

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
  /** With JavaScript, each item is ticked for the group's one Get Quote. */
  tick: 'Include in my quote',
  tickHint: 'Tick the items you want a quote for, then choose Get Quote.',
};

export const addOnsSection = {
  heading: 'Optional Add-ons',
  text: 'Extend any plan with the extras your business needs.',
  toggle: 'View Add-ons',
  cta: 'Add to Plan',
};

/** The bar of the add-ons chosen with Add to Plan. */
export const selectionBar = {
  heading: 'Your selection',
  remove: 'Remove',
  estimate: 'Estimated',
  send: 'Request a Quote',
  /** Read out when the selection changes. */
  added: (name: string) => `${name} added to your selection.`,
  removed: (name: string) => `${name} removed from your selection.`,
  /** What Chat on WhatsApp (when the company has a number) says the visitor is interested in. */
  chat: (names: readonly string[], estimate: string) => `${names.join(' + ')}, estimated ${estimate}`,
  /** Where the chat link's message, as the page carries it, names the selection: the island writes it there. */
  chatSlot: '{selection}',
};

export const comparison = {
  heading: 'Detailed Plan Comparison',
  tableLabel: 'Plan comparison table, scrollable',
  /** Shown on a narrow screen, where the plans' columns scroll beside the fixed row labels. */
  scrollHint: 'Scroll sideways to see every plan.',
  featureColumn: 'Feature',
  priceRow: 'Monthly price',
  yes: 'Included',
  no: 'Not included',
};

/**
 * The comparison's rows from the plans themselves, so that a plan's price or row edited in the
 * console shows here too: the price first, then every plan's `comparison` rows in the order they
 * first appear ("Storage: 10GB" is a value; a feature alone, or "…: Included", is a tick; a row
 * another plan has and this one lacks is "Not included").
 */
export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  const rows = new Map<string, ComparisonCell[]>();
  plans.forEach((plan, column) => {
    for (const line of plan.comparison ?? []) {
      const at = line.indexOf(':');
      const feature = (at > 0 ? line.slice(0, at) : line).trim();
      const value = at > 0 ? line.slice(at + 1).trim() : '';
      const cells = rows.get(feature) ?? plans.map(() => false);
      cells[column] = !value || value === comparison.yes ? true : value;
      rows.set(feature, cells);
    }
  });
  return [
    { feature: comparison.priceRow, values: plans.map((p) => p.price) },
    ...[...rows].map(([feature, values]) => ({ feature, values })),
  ];
}

/** The FAQ section's heading; its questions are the FAQs collection's (page: pricing). */
export const pricingFaqText = { heading: 'Pricing FAQ' };

export const pricingCta = {
  heading: 'Still have questions?',
  text: 'Our team will help you choose the right plan or project package for your business.',
  primary: 'Get free consultation',
  secondary: 'Email us',
};
