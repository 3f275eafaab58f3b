/**
 * Every collection of the public site as its console editors show it: one spec each (its form's
 * fields, blank item, card title and summary, groups), typed by the collection's fields. Manage
 * Services and Add Service edit services; Site Content has a tab for each of the others.
 */
import {
  contentCollectionLabels,
  contentCollections,
  faqPages,
  serviceCategories,
  serviceLimits as max,
  type ContentCollection,
} from '@kafue/common/contract';
import type { CollectionSpec, FieldSpec } from './fields';

const iconField: FieldSpec<'icon'> = {
  key: 'icon',
  label: 'Icon',
  kind: 'text',
  required: true,
  description: 'A site icon name, e.g. globe, code, megaphone.',
};
const faqPageOptions = faqPages.map((p) => ({ value: p, label: p === 'services' ? 'Services page' : 'Pricing page' }));
const categoryOptions = serviceCategories.map((c) => ({ value: c.key, label: c.label }));

export const collectionSpecs = {
  services: {
    collection: 'services',
    noun: 'Service',
    fields: [
      { key: 'title', label: 'Service Title', kind: 'text', required: true, max: max.title },
      { key: 'category', label: 'Category', kind: 'select', required: true, data: categoryOptions },
      {
        key: 'price',
        label: 'Price',
        kind: 'text',
        required: true,
        max: max.price,
        description: 'Shown as "Starting at ...", e.g. $499 or $29/mo.',
      },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 4, max: max.description },
      {
        key: 'features',
        label: 'Key Features',
        kind: 'lines',
        maxItems: max.features,
        max: max.feature,
        description: `One a line, at most ${max.features}.`,
      },
      { key: 'details', label: 'More Information', kind: 'textarea', rows: 6, max: max.details },
    ],
    blank: { title: '', category: '', price: '', description: '', features: [], details: '', status: 'draft' },
    titleOf: (s) => s.title,
    summaryOf: (s) => s.description,
    groups: { label: 'Category', options: categoryOptions, of: (s) => s.category },
  },
  plans: {
    collection: 'plans',
    noun: 'Plan',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true },
      { key: 'price', label: 'Price', kind: 'text', required: true },
      { key: 'period', label: 'Period', kind: 'text', description: 'Shown after the price, e.g. /month.' },
      { key: 'note', label: 'Note', kind: 'text', description: 'A small line under the price, e.g. Save $200/year.' },
      { key: 'badge', label: 'Badge', kind: 'text', description: 'A ribbon above the plan, e.g. Most Popular.' },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 2 },
      { key: 'features', label: 'Rows', kind: 'lines', maxItems: 12, description: 'What the plan includes: one a line, at most 12.' },
      { key: 'cta', label: 'Button text', kind: 'text', required: true },
      { key: 'highlighted', label: 'Highlighted', kind: 'switch' },
      {
        key: 'comparison',
        label: 'Comparison rows',
        kind: 'lines',
        maxItems: 12,
        description: 'Its rows in the Detailed Plan Comparison, one a line: "Storage: 10GB", or just the feature when it is included.',
      },
    ],
    blank: { name: '', price: '', description: '', features: [], cta: 'Get Started', status: 'draft' },
    titleOf: (p) => p.name,
    summaryOf: (p) => `${p.price}${p.period ?? ''} · ${p.description}`,
  },
  addons: {
    collection: 'addons',
    noun: 'Add-on',
    fields: [
      iconField,
      { key: 'name', label: 'Name', kind: 'text', required: true },
      { key: 'price', label: 'Price', kind: 'text', required: true },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 3 },
    ],
    blank: { icon: 'plus', name: '', price: '', description: '', status: 'draft' },
    titleOf: (a) => a.name,
    summaryOf: (a) => `${a.price} · ${a.description}`,
  },
  projectPrices: {
    collection: 'projectPrices',
    noun: 'Price Group',
    fields: [
      { key: 'name', label: 'Group name', kind: 'text', required: true },
      { key: 'key', label: 'Tab key', kind: 'text', required: true, description: 'Lower-case letters, digits and dashes, e.g. web.' },
      iconField,
      {
        key: 'items',
        label: 'Items',
        kind: 'rows',
        rowLabel: 'Item',
        columns: [
          { key: 'title', label: 'title' },
          { key: 'price', label: 'price range' },
          { key: 'time', label: 'time' },
        ],
      },
    ],
    blank: { name: '', key: '', icon: 'code', items: [{ title: '', price: '', time: '' }], status: 'draft' },
    titleOf: (g) => g.name,
    summaryOf: (g) => g.items.map((i) => i.title).join(', '),
  },
  faqs: {
    collection: 'faqs',
    noun: 'FAQ',
    fields: [
      { key: 'page', label: 'Page', kind: 'select', required: true, data: faqPageOptions },
      { key: 'question', label: 'Question', kind: 'text', required: true },
      { key: 'answer', label: 'Answer', kind: 'textarea', required: true, rows: 4 },
    ],
    blank: { page: 'services', question: '', answer: '', status: 'draft' },
    titleOf: (f) => f.question,
    summaryOf: (f) => f.answer,
    groups: { label: 'Page', options: faqPageOptions, of: (f) => f.page },
  },
  testimonials: {
    collection: 'testimonials',
    noun: 'Testimonial',
    fields: [
      { key: 'rating', label: 'Rating', kind: 'number', required: true, min: 1, max: 5 },
      { key: 'quote', label: 'Quote', kind: 'textarea', required: true, rows: 3 },
      { key: 'name', label: 'Name', kind: 'text', required: true },
      { key: 'title', label: 'Job title', kind: 'text', required: true },
      { key: 'company', label: 'Company', kind: 'text', required: true },
      { key: 'avatarInitial', label: 'Avatar initial', kind: 'text', required: true, max: 2 },
    ],
    blank: { rating: 5, quote: '', name: '', title: '', company: '', avatarInitial: '', status: 'draft' },
    titleOf: (t) => t.name,
    summaryOf: (t) => t.quote,
  },
  insights: {
    collection: 'insights',
    noun: 'Insight',
    fields: [
      { key: 'category', label: 'Category', kind: 'text', required: true },
      { key: 'title', label: 'Title', kind: 'text', required: true },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 3 },
      { key: 'date', label: 'Date', kind: 'text', required: true, description: 'YYYY-MM-DD' },
      { key: 'link', label: 'Link', kind: 'text', required: true, description: 'A path on this site, an https:// address, or #.' },
    ],
    blank: { category: '', title: '', description: '', date: '', link: '#', status: 'draft' },
    titleOf: (i) => i.title,
    summaryOf: (i) => i.description,
  },
} satisfies { [C in ContentCollection]: CollectionSpec<C> };

export const serviceSpec = collectionSpecs.services;
/** Site Content's tabs: every collection but services, in the contract's order. */
export const siteCollections: CollectionSpec[] = contentCollections.filter((c) => c !== 'services').map((c) => collectionSpecs[c]);

/** The tab of each collection. */
export const tabLabel = (spec: CollectionSpec) => contentCollectionLabels[spec.collection];
