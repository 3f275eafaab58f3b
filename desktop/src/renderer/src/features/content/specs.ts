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
import { articleSlugMax, articleSlugRule } from '@kafue/common/articles';
import { serviceSlugMax, serviceSlugRule } from '@kafue/common/service-addresses';

/** The help of a formatted text (an article's, a legal page's): the toolbar formats, the preview shows. */
const formattedTextHelp =
  'Write in paragraphs, with an empty line between them. The buttons above the box make a heading, bold words, a list or a link; the preview shows the page as readers will see it.';

const iconField: FieldSpec<'icon'> = {
  key: 'icon',
  label: 'Icon',
  kind: 'icon',
  required: true,
  description: 'The picture shown beside it on the Pricing page.',
};
const faqPageOptions = faqPages.map((p) => ({ value: p, label: p === 'services' ? 'Services page' : 'Pricing page' }));
const categoryOptions = serviceCategories.map((c) => ({ value: c.key, label: c.label }));

export const collectionSpecs = {
  services: {
    collection: 'services',
    noun: 'Service',
    fields: [
      {
        key: 'title',
        label: 'Service Title',
        kind: 'text',
        required: true,
        max: max.title,
        description: 'The name visitors see on the service card and its page.',
      },
      {
        key: 'slug',
        label: 'Address',
        kind: 'text',
        max: serviceSlugMax,
        description: `The last part of its web address, e.g. /service/Web/website-creation. Changing it, or the category, sends visitors of the old address here. ${serviceSlugRule}`,
      },
      {
        key: 'category',
        label: 'Category',
        kind: 'select',
        required: true,
        data: categoryOptions,
        description: 'The group it is listed under on the Services page.',
      },
      {
        key: 'price',
        label: 'Price',
        kind: 'text',
        required: true,
        max: max.price,
        description: 'Shown as "Starting at ...", e.g. $499 or $29/mo.',
      },
      {
        key: 'description',
        label: 'Description',
        kind: 'textarea',
        required: true,
        rows: 4,
        max: max.description,
        description: 'Two or three sentences, shown on the card and at the top of the service page.',
      },
      {
        key: 'features',
        label: 'Key Features',
        kind: 'lines',
        maxItems: max.features,
        max: max.feature,
        description: `One feature a line, at most ${max.features}: a list on the service page.`,
      },
      {
        key: 'details',
        label: 'More Information',
        kind: 'textarea',
        rows: 6,
        max: max.details,
        description: 'Optional: a longer text at the bottom of the service page.',
      },
      { key: 'image', label: 'Photograph', kind: 'media', media: 'image', description: 'Optional: shown on the service page.' },
    ],
    blank: { title: '', slug: '', category: '', price: '', description: '', features: [], details: '', status: 'draft' },
    titleOf: (s) => s.title,
    priceOf: (s) => `Starting at ${s.price}`,
    summaryOf: (s) => s.description,
    groups: { label: 'Category', plural: 'categories', options: categoryOptions, of: (s) => s.category },
  },
  plans: {
    collection: 'plans',
    noun: 'Plan',
    fields: [
      { key: 'name', label: 'Name', kind: 'text', required: true, description: 'The plan’s name at the top of its card, e.g. Business.' },
      { key: 'price', label: 'Price', kind: 'text', required: true, description: 'The amount alone, e.g. $49.' },
      { key: 'period', label: 'Period', kind: 'text', description: 'Shown after the price, e.g. /month.' },
      { key: 'note', label: 'Note', kind: 'text', description: 'A small line under the price, e.g. Save $200/year.' },
      { key: 'badge', label: 'Badge', kind: 'text', description: 'A ribbon above the plan, e.g. Most Popular.' },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 2, description: 'One sentence under the name.' },
      {
        key: 'features',
        label: 'What the plan includes',
        kind: 'lines',
        maxItems: 12,
        description: 'One item a line, at most 12, listed on the plan’s card.',
      },
      { key: 'cta', label: 'Button text', kind: 'text', required: true, description: 'The words on the plan’s button, e.g. Get Started.' },
      { key: 'highlighted', label: 'Highlight this plan', kind: 'switch', description: 'Makes its card stand out from the others.' },
      {
        key: 'comparison',
        label: 'Comparison rows',
        kind: 'lines',
        maxItems: 12,
        description:
          'Its rows in the Detailed Plan Comparison table, one a line: "Storage: 10GB", or just the feature when the plan includes it.',
      },
    ],
    blank: { name: '', price: '', description: '', features: [], cta: 'Get Started', status: 'draft' },
    titleOf: (p) => p.name,
    priceOf: (p) => `${p.price}${p.period ?? ''}`,
    summaryOf: (p) => p.description,
  },
  addons: {
    collection: 'addons',
    noun: 'Add-on',
    fields: [
      iconField,
      { key: 'name', label: 'Name', kind: 'text', required: true, description: 'The add-on’s name, e.g. Extra Email Account.' },
      { key: 'price', label: 'Price', kind: 'text', required: true, description: 'With its period if it repeats, e.g. $5/month.' },
      { key: 'description', label: 'Description', kind: 'textarea', required: true, rows: 3, description: 'One sentence on what it adds.' },
    ],
    blank: { icon: 'spark', name: '', price: '', description: '', status: 'draft' },
    titleOf: (a) => a.name,
    priceOf: (a) => a.price,
    summaryOf: (a) => a.description,
  },
  projectPrices: {
    collection: 'projectPrices',
    noun: 'Price Group',
    fields: [
      {
        key: 'name',
        label: 'Group name',
        kind: 'text',
        required: true,
        description: 'The tab’s title on the Pricing page, e.g. Web Development.',
      },
      {
        key: 'key',
        label: 'Short name in links',
        kind: 'slug',
        from: 'name',
        max: 30,
        description: 'Made from the group name while you add the group; it stays the same afterwards, so links to it keep working.',
      },
      iconField,
      {
        key: 'items',
        label: 'Projects',
        kind: 'rows',
        rowLabel: 'Project',
        description: 'Each project with its price range (e.g. $499-$799) and how long it takes (e.g. 1–2 weeks).',
        columns: [
          { key: 'title', label: 'name' },
          { key: 'price', label: 'price range' },
          { key: 'time', label: 'time it takes' },
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
      { key: 'page', label: 'Page', kind: 'select', required: true, data: faqPageOptions, description: 'Where the question is shown.' },
      { key: 'question', label: 'Question', kind: 'text', required: true, description: 'As a customer would ask it.' },
      { key: 'answer', label: 'Answer', kind: 'textarea', required: true, rows: 4, description: 'Shown when the question is opened.' },
    ],
    blank: { page: 'services', question: '', answer: '', status: 'draft' },
    titleOf: (f) => f.question,
    summaryOf: (f) => f.answer,
    groups: { label: 'Page', plural: 'pages', options: faqPageOptions, of: (f) => f.page },
  },
  testimonials: {
    collection: 'testimonials',
    noun: 'Testimonial',
    fields: [
      { key: 'rating', label: 'Rating', kind: 'number', required: true, min: 1, max: 5, description: 'Stars, from 1 to 5.' },
      {
        key: 'quote',
        label: 'Quote',
        kind: 'textarea',
        required: true,
        rows: 3,
        description: 'The customer’s words, without quotation marks.',
      },
      { key: 'name', label: 'Name', kind: 'text', required: true, description: 'The customer’s name.' },
      { key: 'title', label: 'Job title', kind: 'text', required: true, description: 'e.g. Managing Director.' },
      { key: 'company', label: 'Company', kind: 'text', required: true, description: 'The customer’s company.' },
      {
        key: 'avatarInitial',
        label: 'Letter shown in the circle',
        kind: 'text',
        required: true,
        max: 2,
        description: 'Usually the first letter of the name (one or two letters).',
      },
      { key: 'photo', label: 'Photo', kind: 'media', media: 'image', description: 'Optional: shown in the circle in place of the letter.' },
    ],
    blank: { rating: 5, quote: '', name: '', title: '', company: '', avatarInitial: '', status: 'draft' },
    titleOf: (t) => t.name,
    summaryOf: (t) => t.quote,
  },
  insights: {
    collection: 'insights',
    noun: 'Article',
    fields: [
      { key: 'title', label: 'Title', kind: 'text', required: true, description: 'The article’s title, its page’s heading.' },
      {
        key: 'slug',
        label: 'Address',
        kind: 'text',
        max: articleSlugMax,
        description: `The end of its web address, after /insights/. ${articleSlugRule}`,
      },
      { key: 'category', label: 'Category', kind: 'text', required: true, description: 'A short tag above the title, e.g. Security.' },
      {
        key: 'description',
        label: 'Description',
        kind: 'textarea',
        required: true,
        rows: 3,
        description: 'One or two sentences on what it says: shown on its card, in search results and in the feed.',
      },
      { key: 'date', label: 'Date', kind: 'date', required: true, description: 'The day it was published.' },
      { key: 'author', label: 'Author', kind: 'text', required: true, description: 'The name shown under the title.' },
      {
        key: 'body',
        label: 'Article text',
        kind: 'markdown',
        required: true,
        description: formattedTextHelp,
      },
      {
        key: 'cover',
        label: 'Cover image',
        kind: 'text',
        description: 'Optional: a web address starting https://, or a path on this site (e.g. /media/cover.jpg).',
      },
      {
        key: 'coverAlt',
        label: 'Cover image description',
        kind: 'text',
        description: 'What the cover shows, for people who cannot see it (needed with a cover).',
      },
      {
        key: 'coverImage',
        label: 'Cover photograph',
        kind: 'media',
        media: 'image',
        description: 'From the media library, shown in place of the cover address.',
      },
    ],
    blank: { title: '', slug: '', category: '', description: '', date: '', author: '', body: '', status: 'draft' },
    titleOf: (i) => i.title,
    summaryOf: (i) => i.description,
  },
  legalPages: {
    collection: 'legalPages',
    noun: 'Legal Page',
    fixed: true,
    fields: [
      { key: 'title', label: 'Title', kind: 'text', required: true, max: 100, description: 'The page’s heading, e.g. Privacy Policy.' },
      {
        key: 'updated',
        label: 'Last updated',
        kind: 'date',
        required: true,
        description: 'Shown under the title: change it when the text changes.',
      },
      {
        key: 'body',
        label: 'Text',
        kind: 'markdown',
        required: true,
        description: formattedTextHelp,
      },
      {
        key: 'needsReview',
        label: 'Needs the company’s review',
        kind: 'switch',
        description: 'A starting text to be checked (by the company or its lawyer). Turn this off once it has been reviewed.',
      },
    ],
    blank: { title: '', updated: '', body: '', needsReview: true, status: 'draft' },
    titleOf: (i) => i.title,
    summaryOf: (i) => `/${i.key}`,
    flagOf: (i) => (i.needsReview ? 'Needs the company’s review' : undefined),
  },
} satisfies { [C in ContentCollection]: CollectionSpec<C> };

export const serviceSpec = collectionSpecs.services;
/** Site Content's tabs: every collection but services, in the contract's order. */
export const siteCollections: CollectionSpec[] = contentCollections.filter((c) => c !== 'services').map((c) => collectionSpecs[c]);

/** The tab of each collection. */
export const tabLabel = (spec: CollectionSpec) => contentCollectionLabels[spec.collection];
