import type { Category, CategoryKey } from './types';

/** The category browser starts at the first entry (Web). */
export const categories: readonly Category[] = [
  { key: 'Web', label: 'Web & Hosting', heading: 'Web & Hosting Services', icon: 'globe' },
  { key: 'Digital', label: 'Digital Marketing', heading: 'Digital Marketing & Branding', icon: 'megaphone' },
  { key: 'IT', label: 'IT & Office', heading: 'IT & Office Solutions', icon: 'monitor' },
  { key: 'Design', label: 'Design & Development', heading: 'Design & Development', icon: 'pen' },
  { key: 'Security', label: 'Security', heading: 'Security Solutions', icon: 'shield' },
  { key: 'Growth', label: 'Business Growth', heading: 'Business Growth Tools', icon: 'trending' },
  { key: 'CCTV', label: 'CCTV', heading: 'CCTV Installation & Monitoring', icon: 'camera' },
];

export const categoryKeys = categories.map((c) => c.key) as readonly CategoryKey[];

export function isCategoryKey(value: string): value is CategoryKey {
  return (categoryKeys as readonly string[]).includes(value);
}

export function findCategory(key: CategoryKey): Category {
  return categories.find((c) => c.key === key)!;
}
