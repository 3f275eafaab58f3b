/**
 * The published services the dashboard counts (Total Services, Services by Category) and the
 * content changes it lists. Today the catalogue is fixed in the site's pages
 * (site/src/content/services.ts, which the server may not import; test/dashboard.test.ts checks
 * this list against it). Issue 10 moves the catalogue to the table `content_items` (collection
 * 'services', status 'published', fields.category): at that merge, these two functions read it,
 * and nothing else changes.
 */
import type { DataSource } from 'typeorm';
import type { CategoryKey } from '@kafue/common/vocabulary';

export interface PublishedService {
  title: string;
  category: CategoryKey;
  /** When it was published; unknown for the fixed catalogue. */
  publishedAt?: Date;
}

const fixed: Record<CategoryKey, string[]> = {
  Web: ['Website Creation', 'Domain & Email Hosting', 'Cloud Storage & Security'],
  Digital: ['SEO & Google Ads', 'Social Media Management', 'Business Cards & Brand Kits'],
  IT: ['Microsoft 365 Setup', 'Data Analysis & Digitization', 'Networking & Server Setup'],
  Design: ['Logo & Graphic Design', 'App & Software Development'],
  Security: ['Cybersecurity Audit', 'Secure Email Gateway'],
  Growth: ['CRM Integration', 'Business Intelligence Reporting'],
  CCTV: ['CCTV Installation', 'CCTV Maintenance', 'Remote Surveillance Setup'],
};

export async function publishedServices(_db: DataSource): Promise<PublishedService[]> {
  return Object.entries(fixed).flatMap(([category, titles]) => titles.map((title) => ({ title, category: category as CategoryKey })));
}

export interface ContentChange {
  id: string;
  user: string;
  action: string;
  at: Date;
}

/** The latest content changes (none until issue 10's content_items). */
export async function recentContentChanges(_db: DataSource, _limit: number): Promise<ContentChange[]> {
  return [];
}
