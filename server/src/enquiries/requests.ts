/**
 * What a call to action asks for, resolved against the catalogue as the site publishes it at that
 * moment: the `request` of an enquiry (refused when it names what the site does not show) and the
 * selection in the contact page's address (what it does not show is dropped with a note, never an
 * error). Prices, times and estimates come from the catalogue and the arithmetic in common, never
 * from the visitor.
 */
import { isServicePosition, servicePath } from '@kafue/common/service-addresses';
import type { DataSource } from 'typeorm';
import { messages } from '@kafue/common/contract';
import type { AddonFields, PlanFields, ProjectPriceFields, ServiceFields } from '@kafue/common/contract';
import {
  longestTime,
  monthlyEstimate,
  projectEstimate,
  type ContactSelection,
  type EnquiryRequest,
  type ProjectRef,
  type RequestSnapshot,
  type ResolvedSelection,
} from '@kafue/common/requests';
import { enquiryBody, requestUnreadable } from '@kafue/common/schemas';
import type { z } from 'zod';
import { loadPublishedItems } from '../content/published.js';
import { HttpError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';

interface Catalogue {
  /** Published services in the site's order, with their ids. */
  services: { id: string; fields: ServiceFields }[];
  plans: PlanFields[];
  addons: AddonFields[];
  projectPrices: ProjectPriceFields[];
}

async function publishedCatalogue(db: DataSource): Promise<Catalogue> {
  const rows = await loadPublishedItems(db, ['services', 'plans', 'addons', 'projectPrices']);
  const of = <T>(collection: string) => rows.filter((r) => r.collection === collection).map((r) => r.fields as unknown as T);
  return {
    services: rows.filter((r) => r.collection === 'services').map((r) => ({ id: r.id, fields: r.fields as unknown as ServiceFields })),
    plans: of<PlanFields>('plans'),
    addons: of<AddonFields>('addons'),
    projectPrices: of<ProjectPriceFields>('projectPrices'),
  };
}

/** Why an item was not taken: the note the contact page shows, and the refusal of the API. */
const notOurs = {
  service: (name: string) => `"${name}" is not one of our services`,
  plan: (name: string) => `"${name}" is not one of our plans`,
  addon: (name: string) => `"${name}" is not one of our add-ons`,
  project: (ref: ProjectRef) => `"${ref.title}" is not one of our project prices`,
};
const leftOut = (why: string) => `${why}, so it was left out.`;
const oneAtATime = (name: string) => `"${name}" was left out: a request asks for one thing at a time.`;

/** A service by its page's address, `{category}/{slug}` (or the positional `{category}/{index}`). */
function serviceAt(catalogue: Catalogue, address: string) {
  const [category, key = ''] = address.split('/');
  const inCategory = catalogue.services.filter((s) => s.fields.category === category);
  if (!isServicePosition(key)) return inCategory.find((s) => s.fields.slug === key);
  return key.length <= 4 ? inCategory[Number(key)] : undefined;
}

function serviceSnapshot(service: { id: string; fields: ServiceFields }): RequestSnapshot {
  const { category, title, price } = service.fields;
  return { kind: 'service', serviceId: service.id, category, title, price, path: servicePath(service.fields) };
}

/** The parts of a request resolved: what was found, and a reason for each item that was not. */
interface Found<T> {
  found: T;
  missing: string[];
}

function findMonthly(catalogue: Catalogue, plan: string | undefined, addons: readonly string[]): Found<RequestSnapshot | null> {
  const missing: string[] = [];
  const planFound = plan === undefined ? undefined : catalogue.plans.find((p) => p.name === plan);
  if (plan !== undefined && !planFound) missing.push(notOurs.plan(plan));
  const addonsFound: AddonFields[] = [];
  for (const name of new Set(addons)) {
    const addon = catalogue.addons.find((a) => a.name === name);
    if (addon) addonsFound.push(addon);
    else missing.push(notOurs.addon(name));
  }
  if (!planFound && !addonsFound.length) return { found: null, missing };
  const snapshotPlan = planFound
    ? { name: planFound.name, price: planFound.price, ...(planFound.period ? { period: planFound.period } : {}) }
    : null;
  const snapshotAddons = addonsFound.map((a) => ({ name: a.name, price: a.price }));
  return {
    found: {
      kind: 'quote',
      model: 'monthly',
      plan: snapshotPlan,
      addons: snapshotAddons,
      estimate: monthlyEstimate(snapshotPlan, snapshotAddons),
    },
    missing,
  };
}

function findProjects(catalogue: Catalogue, refs: readonly ProjectRef[]): Found<RequestSnapshot | null> {
  const missing: string[] = [];
  const projects: Extract<RequestSnapshot, { model: 'project' }>['projects'] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = `${ref.group}:${ref.title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const group = catalogue.projectPrices.find((g) => g.key === ref.group);
    const item = group?.items.find((i) => i.title === ref.title);
    if (!group || !item) missing.push(notOurs.project(ref));
    else projects.push({ group: group.key, groupName: group.name, title: item.title, price: item.price, time: item.time });
  }
  if (!projects.length) return { found: null, missing };
  return {
    found: { kind: 'quote', model: 'project', projects, estimate: projectEstimate(projects), longestTime: longestTime(projects) },
    missing,
  };
}

/**
 * The snapshot of an enquiry's request, resolved against the published catalogue now; 400 with
 * the field error on `request` naming the first item the site does not show.
 */
export async function resolveRequest(db: DataSource, request: EnquiryRequest): Promise<RequestSnapshot> {
  if ('topic' in request) return { kind: 'consultation' };
  const catalogue = await publishedCatalogue(db);
  let result: Found<RequestSnapshot | null>;
  if ('serviceId' in request) {
    const service = catalogue.services.find((s) => s.id === request.serviceId.toLowerCase());
    result = service
      ? { found: serviceSnapshot(service), missing: [] }
      : { found: null, missing: ['The service asked for is not one of our services'] };
  } else if ('projects' in request) {
    result = findProjects(catalogue, request.projects);
  } else {
    result = findMonthly(catalogue, request.plan, request.addons);
  }
  if (result.missing.length || !result.found) {
    throw new HttpError(400, messages.invalidInput, { request: `${result.missing[0] ?? 'Choose a plan or an add-on'}.` });
  }
  return result.found;
}

/**
 * The contact page's selection resolved against the published catalogue: what the site does not
 * show is dropped with a note each, and one kind is kept (a service over a plan and add-ons, over
 * project items, over a topic), the others dropped with a note.
 */
export async function resolveSelection(db: DataSource, selection: ContactSelection): Promise<ResolvedSelection> {
  const catalogue = await publishedCatalogue(db);
  const dropped: string[] = [];
  const service = selection.service === undefined ? undefined : serviceAt(catalogue, selection.service);
  if (selection.service !== undefined && !service) dropped.push(leftOut(notOurs.service(selection.service)));
  const monthly = findMonthly(catalogue, selection.plan, selection.addons ?? []);
  const projects = findProjects(catalogue, selection.projects ?? []);
  dropped.push(...monthly.missing.map(leftOut), ...projects.missing.map(leftOut));

  // The first kind found wins; what the others found is left out.
  const candidates: { selection: ContactSelection; request: EnquiryRequest; snapshot: RequestSnapshot; names: string[] }[] = [];
  if (service) {
    candidates.push({
      selection: { service: selection.service },
      request: { serviceId: service.id },
      snapshot: serviceSnapshot(service),
      names: [service.fields.title],
    });
  }
  if (monthly.found?.kind === 'quote' && monthly.found.model === 'monthly') {
    const { plan, addons } = monthly.found;
    candidates.push({
      selection: { ...(plan ? { plan: plan.name } : {}), ...(addons.length ? { addons: addons.map((a) => a.name) } : {}) },
      request: { ...(plan ? { plan: plan.name } : {}), addons: addons.map((a) => a.name) },
      snapshot: monthly.found,
      names: [...(plan ? [plan.name] : []), ...addons.map((a) => a.name)],
    });
  }
  if (projects.found?.kind === 'quote' && projects.found.model === 'project') {
    const refs = projects.found.projects.map((p) => ({ group: p.group, title: p.title }));
    candidates.push({
      selection: { projects: refs },
      request: { projects: refs },
      snapshot: projects.found,
      names: refs.map((r) => r.title),
    });
  }
  if (selection.topic === 'consultation') {
    candidates.push({
      selection: { topic: 'consultation' },
      request: { topic: 'consultation' },
      snapshot: { kind: 'consultation' },
      names: ['Free consultation'],
    });
  }
  const [kept, ...others] = candidates;
  dropped.push(...others.flatMap((c) => c.names.map(oneAtATime)));
  return kept
    ? { selection: kept.selection, request: kept.request, snapshot: kept.snapshot, dropped }
    : { selection: {}, request: null, snapshot: null, dropped };
}

/**
 * The body of POST /api/enquiries (and of the form without JavaScript) validated: 400 with one
 * message per field, a malformed `request` answered on `request` itself (whichever part of it is
 * wrong), as the form shows one note for it.
 */
export function parseEnquiryBody(body: unknown): z.output<typeof enquiryBody> {
  try {
    return parseBody(enquiryBody, body);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    const errors = Object.entries(error.errors).filter(([field]) => field !== 'request' && !field.startsWith('request.'));
    if (errors.length === Object.keys(error.errors).length) throw error;
    throw new HttpError(error.status, error.message, { ...Object.fromEntries(errors), request: requestUnreadable });
  }
}
