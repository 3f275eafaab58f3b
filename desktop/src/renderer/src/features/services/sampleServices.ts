import type { Service } from '@kafue/common/contract';

/** Manage Services' sample cards (spec section 9), showing a service's title, category and description. */
export const sampleServices: Pick<Service, 'title' | 'category' | 'description'>[] = [
  { title: 'Website Hosting', category: 'Web', description: 'Fast, secure hosting with daily backups and 99.9% uptime.' },
  { title: 'CCTV Installation', category: 'Security', description: 'Professional camera installation with remote viewing for homes and offices.' },
];
