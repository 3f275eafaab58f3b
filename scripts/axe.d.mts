// Types of axe.mjs, for the TypeScript suites that import it.
import type { Page } from '@playwright/test';

export interface AxeViolation {
  id: string;
  impact?: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}
export declare function axeViolations(page: Page, options?: { tags?: string[]; exclude?: string }): Promise<AxeViolation[]>;
