/**
 * The domain's words and limits: roles, statuses, timezones, service categories and the length
 * limits of fields. Plain values, no zod, so that the site's pages and the console's screens that
 * only show these words do not load zod; the schemas (staff.ts, admins.ts, ...) import them.
 */

// ---------------------------------------------------------------------------------------------
// Accounts (spec sections 6 and 9)

export const adminRoles = ['Super Admin', 'Editor', 'Moderator'] as const;
export type AdminRole = (typeof adminRoles)[number];
/** Role an invited admin gets unless another is chosen. */
export const defaultInviteRole: AdminRole = 'Moderator';
/** Label shown when an admin record carries no role. */
export const defaultRoleLabel = 'Administrator';

export const staffRoles = ['Staff', 'Team Lead', 'Manager', 'Coordinator', 'Executive', 'Intern', 'Partner'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffStatuses = ['Active', 'Inactive', 'Suspended'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export const timezones = [
  { value: 'UTC+0', label: 'UTC+0 (London)' },
  { value: 'UTC-5', label: 'UTC-5 (New York)' },
  { value: 'UTC+8', label: 'UTC+8 (Singapore)' },
  // The company's own time (Zambia keeps UTC+2 all year).
  { value: 'UTC+2', label: 'UTC+2 (Lusaka)' },
] as const;
export type Timezone = (typeof timezones)[number]['value'];
export const timezoneValues = /* @__PURE__ */ timezones.map((t) => t.value) as [Timezone, ...Timezone[]];

export const minPasswordLength = 8;
/** Upper bound on any password: argon2 hashes whatever it gets, so refuse megabyte "passwords". */
export const maxPasswordLength = 256;
export const maxNameLength = 100;
export const maxEmailLength = 254;

/** Password age limits a Super Admin may choose; 0 means passwords never expire. */
export const passwordMaxAgeChoices = [0, 30, 60, 90, 180] as const;
export type PasswordMaxAgeDays = (typeof passwordMaxAgeChoices)[number];
/** Reset links are valid this long. */
export const resetTokenMinutes = 30;

// ---------------------------------------------------------------------------------------------
// Services (spec section 4)

/** The seven service categories in the site's browser order: key, pill label, heading above the cards. */
export const serviceCategories = [
  { key: 'Web', label: 'Web & Hosting', heading: 'Web & Hosting Services' },
  { key: 'Digital', label: 'Digital Marketing', heading: 'Digital Marketing & Branding' },
  { key: 'IT', label: 'IT & Office', heading: 'IT & Office Solutions' },
  { key: 'Design', label: 'Design & Development', heading: 'Design & Development' },
  { key: 'Security', label: 'Security', heading: 'Security Solutions' },
  { key: 'Growth', label: 'Business Growth', heading: 'Business Growth Tools' },
  { key: 'CCTV', label: 'CCTV', heading: 'CCTV Installation & Monitoring' },
] as const;
export type ServiceCategory = (typeof serviceCategories)[number];
export type CategoryKey = ServiceCategory['key'];
export const categoryKeys = /* @__PURE__ */ serviceCategories.map((c) => c.key) as [CategoryKey, ...CategoryKey[]];

export function isCategoryKey(value: string): value is CategoryKey {
  return (categoryKeys as readonly string[]).includes(value);
}

/** Length limits of a service's fields; `features` is how many, `feature` how long each. */
export const serviceLimits = { title: 100, price: 30, description: 500, features: 8, feature: 120, details: 4000 } as const;

// ---------------------------------------------------------------------------------------------
// Enquiries

/** New on arrival; Open while someone works it; Closed when done; Spam as the defences judged it (or an admin did). */
export const enquiryStatuses = ['New', 'Open', 'Closed', 'Spam'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

/** The contact form's service options (spec section 2), the placeholder 'Select a service' meaning none. */
export const enquiryServices = ['Web Development', 'Cybersecurity', 'Digital Marketing', 'Other'] as const;

/** Length limits of an enquiry's fields and of a note. */
export const enquiryLimits = { fullName: 100, phone: 30, message: 5000, note: 5000 } as const;

/** Columns the enquiry lists sort by ('-' before one: descending). */
/** `responseDueAt` is the time left to respond: the waiting ones first, soonest due first. */
export const enquirySortFields = ['createdAt', 'fullName', 'email', 'status', 'service', 'responseDueAt'] as const;
export type EnquirySortField = (typeof enquirySortFields)[number];

/** How often an admin hears of new enquiries (spec section 9: Email frequency). */
export const emailFrequencies = ['instant', 'daily', 'weekly'] as const;
export type EmailFrequency = (typeof emailFrequencies)[number];

// Site content: the collections the console edits and the public site shows

export const contentCollections = [
  'services',
  'plans',
  'addons',
  'projectPrices',
  'faqs',
  'testimonials',
  'insights',
  'legalPages',
] as const;
export type ContentCollection = (typeof contentCollections)[number];

export function isContentCollection(value: string): value is ContentCollection {
  return (contentCollections as readonly string[]).includes(value);
}

/** A collection's name as the console shows it. */
export const contentCollectionLabels: Record<ContentCollection, string> = {
  services: 'Services',
  plans: 'Monthly Plans',
  addons: 'Add-ons',
  projectPrices: 'Project Pricing',
  faqs: 'FAQs',
  testimonials: 'Testimonials',
  insights: 'Articles',
  legalPages: 'Legal Pages',
};

export const contentStatuses = ['draft', 'published'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** The legal pages, each at /{key}: three fixed items, edited but never added or deleted. */
export const legalPageKeys = ['privacy', 'terms', 'cookies'] as const;
export type LegalPageKey = (typeof legalPageKeys)[number];

/** The pages that show FAQs: Services (/services) and Pricing (/projects). */
export const faqPages = ['services', 'pricing'] as const;
