import { serviceCategories, type CategoryKey } from '@kafue/common/vocabulary';
import type { IconName } from '../components/icon-paths';
import type { Category } from './types';

const icons: Record<CategoryKey, IconName> = {
  Web: 'globe',
  Digital: 'megaphone',
  IT: 'monitor',
  Design: 'pen',
  Security: 'shield',
  Growth: 'trending',
  CCTV: 'camera',
};

/** The category browser starts at the first entry (Web). */
export const categories: readonly Category[] = serviceCategories.map((c) => ({ ...c, icon: icons[c.key] }));

export function findCategory(key: CategoryKey): Category {
  return categories.find((c) => c.key === key)!;
}
