/** Where a file of the media library is used, in words an owner reads. */
import type { MediaUse } from '@kafue/common/media';

const places: Record<string, string> = {
  services: 'the service',
  insights: 'the article',
  testimonials: 'the testimonial from',
  hero: 'the home page hero',
};

export const usedInLabel = (use: MediaUse) => (use.type === 'hero' ? places.hero : `${places[use.type] ?? use.type} "${use.label}"`);
