/** What changed between two versions of an item, field by field, in the words of its form. */
import type { ContentItem } from '@kafue/common/contract';
import { textOf, type CollectionSpec, type FieldSpec } from './fields';

export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

/** Longer texts (an article's body) are cut: the list says that they changed, the preview shows them. */
const shown = 140;

function valueText(field: FieldSpec, value: unknown): string {
  let text: string;
  if (field.kind === 'rows' && Array.isArray(value)) {
    text = value.map((row: Record<string, unknown>) => field.columns.map((c) => textOf(row[c.key])).join(' · ')).join('; ');
  } else if (Array.isArray(value)) text = value.map(textOf).join(', ');
  else if (typeof value === 'boolean') text = value ? 'Yes' : 'No';
  else if (field.kind === 'select') text = field.data.find((o) => o.value === value)?.label ?? textOf(value);
  else text = textOf(value);
  text = text.trim();
  if (!text) return '(empty)';
  return text.length > shown ? `${text.slice(0, shown - 1)}…` : text;
}

const statusText = (item: ContentItem) => (item.status === 'published' ? 'Published' : 'Draft');

/** The fields of the form whose value differs between `older` and `newer` (the status first), each before and after. */
export function changesBetween(spec: Pick<CollectionSpec, 'fields'>, older: ContentItem, newer: ContentItem): FieldChange[] {
  const changes: FieldChange[] = [];
  if (older.status !== newer.status) changes.push({ label: 'Status', before: statusText(older), after: statusText(newer) });
  const a = older as unknown as Record<string, unknown>;
  const b = newer as unknown as Record<string, unknown>;
  for (const field of spec.fields) {
    if (JSON.stringify(a[field.key] ?? null) === JSON.stringify(b[field.key] ?? null)) continue;
    changes.push({ label: field.label, before: valueText(field, a[field.key]), after: valueText(field, b[field.key]) });
  }
  return changes;
}
