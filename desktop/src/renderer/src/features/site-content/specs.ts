/** The public site's other collections (issue 10) as the Site Content editors show them. */
import { messages } from '@kafue/common/contract';
import { textOf as str, type CollectionSpec, type FormValues } from '../../components/content/fields';
import type { ContentTexts } from '../../lib/content/hooks';

const field = (key: string) => (item: FormValues) => str(item[key]);

export const siteContentTexts: ContentTexts = {
  added: 'Saved',
  updated: 'Saved',
  deleted: 'Deleted',
  // The server's message is shown when it sends one; these only when it sends none.
  saveFailed: messages.somethingWentWrong,
  deleteFailed: messages.somethingWentWrong,
  loadFailed: 'Failed to load content',
};

export interface SiteCollection {
  tab: string;
  spec: CollectionSpec;
}

export const siteCollections: SiteCollection[] = [
  {
    tab: 'Plans',
    spec: {
      collection: 'plans',
      noun: 'Plan',
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'price', label: 'Price', kind: 'text', required: true },
        { key: 'period', label: 'Period', kind: 'text', description: 'e.g. /month' },
        { key: 'note', label: 'Note', kind: 'text' },
        { key: 'badge', label: 'Badge', kind: 'text' },
        { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 2 },
        { key: 'features', label: 'Features', kind: 'lines', maxItems: 12 },
        { key: 'cta', label: 'Button text', kind: 'text', required: true },
        { key: 'highlighted', label: 'Highlighted', kind: 'switch' },
      ],
      blank: { name: '', price: '', description: '', features: [], cta: 'Get Started', status: 'draft' },
      titleOf: field('name'),
      summaryOf: (p) => `${str(p.price)}${str(p.period)} · ${str(p.description)}`,
    },
  },
  {
    tab: 'Add-ons',
    spec: {
      collection: 'addons',
      noun: 'Add-on',
      fields: [
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'price', label: 'Price', kind: 'text', required: true },
        { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 3 },
      ],
      blank: { name: '', price: '', description: '', status: 'draft' },
      titleOf: field('name'),
      summaryOf: (a) => `${str(a.price)} · ${str(a.description)}`,
    },
  },
  {
    tab: 'Project Prices',
    spec: {
      collection: 'projectPrices',
      noun: 'Price Group',
      fields: [
        { key: 'name', label: 'Group name', kind: 'text', required: true },
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
      blank: { name: '', items: [], status: 'draft' },
      titleOf: field('name'),
      summaryOf: (g) => (Array.isArray(g.items) ? g.items.map((i: FormValues) => str(i.title)).join(', ') : ''),
    },
  },
  {
    tab: 'FAQs',
    spec: {
      collection: 'faqs',
      noun: 'FAQ',
      fields: [
        {
          key: 'page',
          label: 'Page',
          kind: 'select',
          required: true,
          data: [
            { value: 'services', label: 'Services' },
            { value: 'pricing', label: 'Pricing' },
          ],
        },
        { key: 'question', label: 'Question', kind: 'text', required: true },
        { key: 'answer', label: 'Answer', kind: 'textarea', required: true, rows: 4 },
      ],
      blank: { page: 'services', question: '', answer: '', status: 'draft' },
      titleOf: field('question'),
      summaryOf: field('answer'),
      groups: {
        field: 'page',
        label: 'Page',
        options: [
          { value: 'services', label: 'Services' },
          { value: 'pricing', label: 'Pricing' },
        ],
      },
    },
  },
  {
    tab: 'Testimonials',
    spec: {
      collection: 'testimonials',
      noun: 'Testimonial',
      fields: [
        { key: 'rating', label: 'Rating', kind: 'number', required: true, min: 1, max: 5 },
        { key: 'quote', label: 'Quote', kind: 'textarea', required: true, rows: 3 },
        { key: 'name', label: 'Name', kind: 'text', required: true },
        { key: 'title', label: 'Job title', kind: 'text', required: true },
        { key: 'company', label: 'Company', kind: 'text', required: true },
        { key: 'avatarInitial', label: 'Avatar initial', kind: 'text', required: true },
      ],
      blank: { rating: 5, quote: '', name: '', title: '', company: '', avatarInitial: '', status: 'draft' },
      titleOf: field('name'),
      summaryOf: field('quote'),
    },
  },
  {
    tab: 'Insights',
    spec: {
      collection: 'insights',
      noun: 'Insight',
      fields: [
        { key: 'category', label: 'Category', kind: 'text', required: true },
        { key: 'title', label: 'Title', kind: 'text', required: true },
        { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 3 },
        { key: 'date', label: 'Date', kind: 'text', required: true, description: 'YYYY-MM-DD' },
        { key: 'link', label: 'Link', kind: 'text', required: true },
      ],
      blank: { category: '', title: '', description: '', date: '', link: '#', status: 'draft' },
      titleOf: field('title'),
      summaryOf: field('description'),
    },
  },
];
