/** How content changes are named in the audit log. */
import type { AuditAction, AuditContentResource, AuditContentVerb } from '@kafue/common/schemas';
import type { ContentCollection, ContentStatus } from '@kafue/common/vocabulary';
import type { AuditTarget } from '../audit/audit.js';
import type { Snapshot } from './store.js';

/** An item's resource in the audit log (service, faq, ...): its actions are `service.create` and so on. */
export const auditResources: Record<ContentCollection, AuditContentResource> = {
  services: 'service',
  plans: 'plan',
  addons: 'addon',
  projectPrices: 'project_price',
  faqs: 'faq',
  testimonials: 'testimonial',
  insights: 'insight',
  legalPages: 'legal_page',
};

/** The item, labelled with what people call it (its title, name or question). */
export function auditTarget(collection: ContentCollection, id: string, snapshot: Snapshot): AuditTarget {
  const { title, name, question } = snapshot.fields;
  const label = [title, name, question].find((v) => typeof v === 'string');
  return { type: auditResources[collection], id, label: typeof label === 'string' ? label : null };
}

/** `service.publish` when a write makes it visible, `.unpublish` when it hides it, else `verb`. */
export function auditAction(
  collection: ContentCollection,
  verb: AuditContentVerb,
  before: ContentStatus | undefined,
  after: ContentStatus,
): AuditAction {
  const resource = auditResources[collection];
  if (before !== undefined && before !== after) return `${resource}.${after === 'published' ? 'publish' : 'unpublish'}`;
  return `${resource}.${verb}`;
}

/** A snapshot as one record, for `diff`. */
export const flat = (snapshot: Snapshot) => ({ status: snapshot.status, position: snapshot.position, ...snapshot.fields });
