/**
 * The contact form (spec section 2) as the page shows it, the form without JavaScript posts it
 * and the API's schema validates it: fields, labels, limits, service options and the texts of
 * its outcome. Plain values, no zod, so that the site's contact page does not load zod; the
 * schema (enquiryBody in enquiries.ts) is built from these.
 */
import { enquiryLimits, enquiryServices, maxEmailLength } from './vocabulary';

/** Where the form posts with JavaScript: the API's enquiries (calls.sendEnquiry). */
export const enquiriesApiPath = '/api/enquiries';

/** The fields a visitor fills in, in the form's order. */
export const contactFields = ['fullName', 'phone', 'email', 'service', 'message'] as const;
export type ContactField = (typeof contactFields)[number];

/**
 * The spam defences the form carries besides: `website`, the honeypot a person never sees;
 * `startedAt`, when the form was shown (milliseconds since 1970).
 */
export const contactDefenceFields = ['website', 'startedAt'] as const;

/** Every field a post of the form may carry. */
export const contactFormFields = [...contactFields, ...contactDefenceFields] as const;
export type ContactFormField = (typeof contactFormFields)[number];

/** The options of the Service field; the placeholder (value '') means none. */
export const contactServiceOptions = enquiryServices;

/** Each field's label, placeholder and length limit (the page's maxLength, the schema's max). */
export const contactFieldSpecs = {
  fullName: { label: 'Full Name', placeholder: 'Your full name', maxLength: enquiryLimits.fullName },
  phone: { label: 'Phone Number', placeholder: '+260 ...', maxLength: enquiryLimits.phone },
  email: { label: 'Email Address', placeholder: 'you@company.com', maxLength: maxEmailLength },
  service: { label: 'Service', placeholder: 'Select a service', maxLength: undefined },
  message: { label: 'Message', placeholder: 'Tell us about your project...', maxLength: enquiryLimits.message },
} as const satisfies Record<ContactField, { label: string; placeholder: string; maxLength: number | undefined }>;

/** The outcome's texts (spec section 8). */
export const contactFormTexts = {
  sent: "Message sent! We'll get back to you shortly.",
  /** Shown when the server cannot be reached or gives no message of its own. */
  failed: 'Your message could not be sent. Please try again or email us.',
} as const;

/**
 * The contact form's outcome when the server answered a form sent without JavaScript (POST
 * /contact): the note to show, and on an error what the visitor had typed, kept.
 */
export interface ContactNote {
  kind: 'success' | 'error';
  /** The refusal's message and per-field messages, as the JSON call answers them. */
  message?: string;
  errors?: Record<string, string>;
  values?: Partial<Record<ContactField, string>>;
}
