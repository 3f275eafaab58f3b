import type { IconName } from '../components/icon-paths';

/** The seven service categories of the specification, in browser order. */
export type CategoryKey = 'Web' | 'Digital' | 'IT' | 'Design' | 'Security' | 'Growth' | 'CCTV';

export interface Category {
  key: CategoryKey;
  /** Short label on the pill button and in the dropdown. */
  label: string;
  /** Heading shown above the cards when the category is chosen. */
  heading: string;
  icon: IconName;
}

export interface Service {
  title: string;
  /** Shown as "Starting at {price}". */
  price: string;
  desc: string;
  /** Exactly four key features. */
  features: readonly [string, string, string, string];
  /** Optional long text under "More Information". */
  details?: string;
}

export interface Testimonial {
  id: number;
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
  name: string;
  title: string;
  company: string;
  avatarInitial: string;
}

export interface BlogTeaser {
  id: number;
  category: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** The teaser's Read More target; the specification gives none, so '#'. */
  link: string;
}

export interface FaqItem {
  question: string;
  answer: string;
}

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

export interface Plan {
  name: string;
  price: string;
  period?: string;
  note?: string;
  badge?: string;
  description: string;
  features: readonly string[];
  cta: string;
  highlighted?: boolean;
}

export interface AddOn {
  icon: IconName;
  name: string;
  price: string;
  description: string;
}

export interface ProjectItem {
  title: string;
  /** Price range text, e.g. "$499-$799". */
  price: string;
  /** Time text, e.g. "1–2 weeks". */
  time: string;
}

export interface ProjectGroup {
  id: string;
  icon: IconName;
  name: string;
  items: readonly ProjectItem[];
}

export interface ComparisonRow {
  feature: string;
  /** Starter, Business, Enterprise; true/false render as a check mark or a dash. */
  values: readonly [string | boolean, string | boolean, string | boolean];
}
