import type { PlanFields, ProjectPriceFields, ServiceCategory, ServiceFields, TestimonialFields } from '@kafue/common/contract';
import type { IconName } from '../components/icon-paths';

/** A service category of the shared vocabulary, with the site's icon for it. */
export type Category = ServiceCategory & { icon: IconName };

/** The collections' items, as the pages receive them (see data.ts). */
export type Service = ServiceFields;
export type Testimonial = TestimonialFields;
export type Plan = PlanFields;
export type ProjectGroup = ProjectPriceFields;

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

/** A value, or true/false: a check mark or a dash. */
export type ComparisonCell = string | boolean;

export interface ComparisonRow {
  feature: string;
  /** One cell per plan, in the plans' order. */
  values: readonly ComparisonCell[];
}
