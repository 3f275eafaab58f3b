/**
 * What a visitor asks for besides a message: a service, a monthly plan with add-ons, project
 * items, or a free consultation. The contact page's address carries the selection; the form
 * sends it as `request`; the server resolves it against the published catalogue and stores a
 * snapshot. The estimate arithmetic is here once, for the page, the snapshot and the mail.
 * Plain values, no zod, so that the site's pages do not load zod.
 */
import { slugOf } from './articles';

/** The kind of an enquiry: a plain message, what its `request` asks for, or a mail or WhatsApp message that started it. */
export const enquiryKinds = ['message', 'service', 'quote', 'consultation', 'email', 'whatsapp'] as const;
export type EnquiryKind = (typeof enquiryKinds)[number];

/** Each kind in plain words, as the inbox and the CSV name it. */
export const enquiryKindLabels: Record<EnquiryKind, string> = {
  message: 'Message',
  service: 'Service request',
  quote: 'Quote request',
  consultation: 'Consultation',
  email: 'Email',
  whatsapp: 'WhatsApp',
};

/** A project-pricing item by its group's key and its title. */
export interface ProjectRef {
  group: string;
  title: string;
}

// ---------------------------------------------------------------------------------------------
// The pricing page opened on an item (where the search's results lead).

/** What `?view=` opens on /projects: the project prices, or the add-ons panel. */
export type PricingView = 'project' | 'addons';
export const pricingViewOf = (search: string): PricingView | null => {
  const view = new URLSearchParams(search).get('view');
  return view === 'project' || view === 'addons' ? view : null;
};
/** The element of a project group on /projects (`project-web`). */
export const projectGroupId = (key: string) => `project-${key}`;
/** The element of an add-on's card on /projects (`addon-priority-support`). */
export const addonId = (name: string) => `addon-${slugOf(name, 60)}`;
/** /projects on the project prices with this group open. */
export const projectGroupPath = (key: string) => `/projects?view=project#${projectGroupId(key)}`;
/** /projects with the add-ons panel open, at this add-on. */
export const addonPath = (name: string) => `/projects?view=addons#${addonId(name)}`;

/** The `request` of POST /api/enquiries (and the no-JavaScript form) before the server resolves it. */
export type EnquiryRequest =
  { serviceId: string } | { plan?: string; addons: string[] } | { projects: ProjectRef[] } | { topic: 'consultation' };

/** What the server stores: the request as the published catalogue showed it then. */
export type RequestSnapshot =
  | { kind: 'service'; serviceId: string; category: string; title: string; price: string; path: string }
  | {
      kind: 'quote';
      model: 'monthly';
      plan: { name: string; price: string; period?: string } | null;
      addons: { name: string; price: string }[];
      estimate: string;
    }
  | {
      kind: 'quote';
      model: 'project';
      projects: { group: string; groupName: string; title: string; price: string; time: string }[];
      estimate: string;
      longestTime: string;
    }
  | { kind: 'consultation' };

// ---------------------------------------------------------------------------------------------
// The selection in the contact page's address.

/** Query parameters of the contact page's address (each repeatable one may appear several times). */
const selectionParams = { service: 'service', plan: 'plan', addon: 'addon', project: 'project', topic: 'topic' } as const;

/**
 * A selection as the contact page's address says it: `service={category}/{index}`,
 * `plan={name}`, `addon={name}` (repeatable), `project={groupKey}:{title}` (repeatable),
 * `topic=consultation`.
 */
export interface ContactSelection {
  service?: string;
  plan?: string;
  addons?: string[];
  projects?: ProjectRef[];
  topic?: 'consultation';
}

/** At most this many add-ons or project items in one selection (more are dropped). */
export const maxSelectionItems = 20;

/** The selection in a query string (`?plan=Business&addon=Priority%20Support`); unknown keys are ignored. */
export function parseSelection(search: string | URLSearchParams): ContactSelection {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const selection: ContactSelection = {};
  const service = q.get(selectionParams.service);
  if (service) selection.service = service;
  const plan = q.get(selectionParams.plan);
  if (plan) selection.plan = plan;
  const addons = [...new Set(q.getAll(selectionParams.addon).filter(Boolean))].slice(0, maxSelectionItems);
  if (addons.length) selection.addons = addons;
  const projects = q
    .getAll(selectionParams.project)
    .map(parseProjectRef)
    .filter((p): p is ProjectRef => !!p)
    .slice(0, maxSelectionItems);
  if (projects.length) selection.projects = projects;
  if (q.get(selectionParams.topic) === 'consultation') selection.topic = 'consultation';
  return selection;
}

/** `web:Landing Page` as a project reference (the title may itself contain colons). */
function parseProjectRef(value: string): ProjectRef | null {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return null;
  return { group: value.slice(0, at), title: value.slice(at + 1) };
}

/** Where the contact form is (and where it posts without JavaScript). */
export const contactFormPath = '/contact';

/**
 * The contact page with what a call to action chose, in its address: an ordinary link that works
 * without JavaScript and can be shared. Here, not beside the form's fields (contact-form.ts), so
 * that the pricing page's island writes its links without loading the form's vocabulary.
 */
export function contactHref(selection: ContactSelection): string {
  const query = selectionQuery(selection);
  return query ? `${contactFormPath}?${query}` : contactFormPath;
}

/** The query string of a selection, without `?` ('' for none). */
export function selectionQuery(selection: ContactSelection): string {
  const q = new URLSearchParams();
  if (selection.service) q.append(selectionParams.service, selection.service);
  if (selection.plan) q.append(selectionParams.plan, selection.plan);
  for (const addon of selection.addons ?? []) q.append(selectionParams.addon, addon);
  for (const p of selection.projects ?? []) q.append(selectionParams.project, `${p.group}:${p.title}`);
  if (selection.topic) q.append(selectionParams.topic, selection.topic);
  return q.toString();
}

/**
 * A selection after the server resolved it against the published catalogue (the contact page's
 * data): the items it kept, the request the form sends, its snapshot, and a note for each item of
 * the address that is unknown or unpublished (dropped, never an error). One kind per request:
 * a service wins over a plan or add-ons, which win over project items, which win over a topic.
 */
export interface ResolvedSelection {
  selection: ContactSelection;
  request: EnquiryRequest | null;
  snapshot: RequestSnapshot | null;
  dropped: string[];
}

// ---------------------------------------------------------------------------------------------
// Estimates.

/** What an estimate says when a price is not a plain amount ("Custom"). */
export const estimateOnRequest = 'on request';

/** "$1,498" */
export function formatUsd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

const amountPattern = /\$\s*(\d[\d,]*(?:\.\d+)?)/g;

/**
 * The amounts a price names: "$99" → [99, 99], "$49/month" → [49, 49], "$499-$799" → [499, 799],
 * "$1,499" → [1499, 1499]; null when it names none ("Custom").
 */
export function priceBounds(price: string): [number, number] | null {
  const amounts = [...price.matchAll(amountPattern)].map((m) => Number(m[1].replace(/,/g, '')));
  if (!amounts.length || amounts.some((a) => !Number.isFinite(a))) return null;
  return [Math.min(...amounts), Math.max(...amounts)];
}

/** A monthly selection's total per month: "$148/month", or "on request" when any price is not an amount. */
export function monthlyEstimate(plan: { price: string } | null, addons: readonly { price: string }[]): string {
  const prices = [...(plan ? [plan.price] : []), ...addons.map((a) => a.price)];
  let total = 0;
  for (const price of prices) {
    const bounds = priceBounds(price);
    if (!bounds || bounds[0] !== bounds[1]) return estimateOnRequest;
    total += bounds[0];
  }
  return prices.length ? `${formatUsd(total)}/month` : estimateOnRequest;
}

/** A project selection's range, the sums of the items' bounds: "$1,498 - $3,298" (one amount when they agree). */
export function projectEstimate(items: readonly { price: string }[]): string {
  let low = 0;
  let high = 0;
  for (const item of items) {
    const bounds = priceBounds(item.price);
    if (!bounds) return estimateOnRequest;
    low += bounds[0];
    high += bounds[1];
  }
  if (!items.length) return estimateOnRequest;
  return low === high ? formatUsd(low) : `${formatUsd(low)} - ${formatUsd(high)}`;
}

const unitDays: Record<string, number> = { day: 1, week: 7, month: 30, year: 365 };

/** How long a time such as "1–2 weeks", "3–5 days" or "1 month" may take at most, in days (null: not a duration). */
function longestDays(time: string): number | null {
  const match = /(\d+)(?:\s*[-–]\s*(\d+))?\s*(day|week|month|year)s?/i.exec(time);
  if (!match) return null;
  return Number(match[2] ?? match[1]) * unitDays[match[3].toLowerCase()];
}

/** The longest of the items' times, as written ('' when none is a duration). */
export function longestTime(items: readonly { time: string }[]): string {
  let best: { time: string; days: number } | null = null;
  for (const { time } of items) {
    const days = longestDays(time);
    if (days !== null && (!best || days > best.days)) best = { time, days };
  }
  return best?.time ?? '';
}

/** A snapshot in one line, as the contact page, the inbox and the mail say it. */
export function describeSnapshot(snapshot: RequestSnapshot): string {
  switch (snapshot.kind) {
    case 'service':
      return `${snapshot.title} (${snapshot.price})`;
    case 'consultation':
      return 'Free consultation';
    case 'quote':
      if (snapshot.model === 'monthly') {
        const parts = [
          ...(snapshot.plan ? [`${snapshot.plan.name} plan, ${snapshot.plan.price}${snapshot.plan.period ?? ''}`] : []),
          ...snapshot.addons.map((a) => `${a.name}, ${a.price}`),
        ];
        return `${parts.join(' + ')}, estimated ${snapshot.estimate}`;
      }
      return `${snapshot.projects.map((p) => `${p.title} (${p.price})`).join(' + ')}, estimated ${snapshot.estimate}${
        snapshot.longestTime ? `, up to ${snapshot.longestTime}` : ''
      }`;
  }
}
