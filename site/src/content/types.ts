import type { Service as ServiceRecord, ServiceCategory } from '@kafue/common/contract';
import type { IconName } from '../components/icon-paths';

/** A service category of the shared vocabulary, with the site's icon for it. */
export type Category = ServiceCategory & { icon: IconName };

/** A service as the site lists it: grouped under its category, with exactly four key features. */
export interface Service extends Omit<ServiceRecord, 'category' | 'features'> {
  features: readonly [string, string, string, string];
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
