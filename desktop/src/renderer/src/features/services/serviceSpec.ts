/** The services collection as its editors (Add Service, Manage Services) show it (issue 10). */
import { serviceCategories, serviceLimits as max } from '@kafue/common/contract';
import { contentFields } from '@kafue/common/schemas';
import { textOf, type CollectionSpec } from '../../components/content/fields';

export const categoryOptions = serviceCategories.map((c) => ({ value: c.key, label: c.label }));

export const serviceSpec: CollectionSpec = {
  collection: 'services',
  noun: 'Service',
  fields: [
    { key: 'title', label: 'Service Title', kind: 'text', required: true, max: max.title },
    { key: 'category', label: 'Category', kind: 'select', required: true, data: categoryOptions },
    { key: 'price', label: 'Price', kind: 'text', required: true, max: max.price, description: 'Shown as "Starting at ...", e.g. $499 or $29/mo.' },
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
  schema: contentFields.services,
  blank: { title: '', category: '', price: '', description: '', features: [], details: '', status: 'draft' },
  titleOf: (s) => textOf(s.title),
  summaryOf: (s) => textOf(s.description),
  groups: { field: 'category', label: 'Category', options: categoryOptions },
};
