/**
 * A collection's form, as data: each editor (Add Service, Manage Services, Site Content) lists its
 * fields once and ContentFields draws them, so the editors share one form and one validation.
 */
import type { ContentCollection, ContentFields, ContentStatus } from '@kafue/common/contract';
import { slugOf } from '@kafue/common/articles';

interface Base<K extends string> {
  key: K;
  label: string;
  required?: boolean;
  description?: string;
}

/** A form field; `K` names the fields of its collection, so a spec cannot name a field its schema lacks. */
export type FieldSpec<K extends string = string> =
  | (Base<K> & { kind: 'text'; max?: number })
  /** A day, YYYY-MM-DD (the browser's date picker). */
  | (Base<K> & { kind: 'date' })
  /** A site icon, picked from the icons drawn (common/src/icons.ts). */
  | (Base<K> & { kind: 'icon' })
  /** Made from another field (`from`) while the item is new, never typed; kept once saved. */
  | (Base<K> & { kind: 'slug'; from: K; max: number })
  | (Base<K> & { kind: 'textarea'; max?: number; rows?: number })
  /** Markdown, written beside its preview as the site renders it (one above the other on a phone, as tabs). */
  | (Base<K> & { kind: 'markdown' })
  | (Base<K> & { kind: 'select'; data: readonly { value: string; label: string }[] })
  | (Base<K> & { kind: 'number'; min?: number; max?: number })
  | (Base<K> & { kind: 'switch' })
  /** A list of short texts, one a line (e.g. Key Features). */
  | (Base<K> & { kind: 'lines'; maxItems: number; max?: number; rows?: number })
  /** A list of records of a few text columns (e.g. a price group's items). */
  | (Base<K> & { kind: 'rows'; rowLabel: string; columns: readonly { key: string; label: string }[] })
  /** A file of the media library, by id (features/media/MediaPicker). */
  | (Base<K> & { kind: 'media'; media: 'image' | 'video' });

export type FormValues = Record<string, unknown>;

/** A field's value as text: strings as they are, numbers written out, anything else empty. */
export function textOf(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** The names of a collection's fields (of any collection's, for the default). */
type FieldName<C extends ContentCollection> = C extends unknown ? keyof ContentFields[C] & string : never;

/**
 * What a collection's editor needs to know of it, typed by the collection's fields. The item
 * readers are methods so that one collection's spec serves where any collection's is taken:
 * the editors call them only with items of the spec's own collection.
 */
export interface CollectionSpec<C extends ContentCollection = ContentCollection> {
  collection: C;
  /** One item, in labels: 'Service', 'FAQ'. */
  noun: string;
  fields: readonly FieldSpec<FieldName<C>>[];
  /** A new item's values in the form (blank texts are not yet valid fields). */
  blank: { [K in FieldName<C>]?: unknown } & { status: ContentStatus };
  titleOf(item: ContentFields[C]): string;
  /** The price its card shows, when it has one. */
  priceOf?(item: ContentFields[C]): string;
  summaryOf?(item: ContentFields[C]): string;
  /** Its items are fixed (the legal pages): edited, published and restored, never added, deleted or reordered. */
  fixed?: boolean;
  /** A warning its card shows while it holds (the legal pages: "Needs the company's review"). */
  flagOf?(item: ContentFields[C]): string | undefined;
  /** Items are ordered, filtered and reordered within these groups (services: categories). */
  groups?: {
    label: string;
    /** The label's plural, lower-case ('categories'): "All categories". */
    plural: string;
    options: readonly { value: string; label: string }[];
    of(item: ContentFields[C]): string;
  };
}

/** A name as a link's key (the rule articles' slugs follow too). */
export { slugOf };

/**
 * The values with `key` set to `value`, and the slugs made from it updated while the item is new
 * (not saved yet: no _id). A saved item keeps its slug, so links to it keep working.
 */
export function withField(fields: readonly FieldSpec[], values: FormValues, key: string, value: unknown): FormValues {
  const next: FormValues = { ...values, [key]: value };
  if (values._id !== undefined) return next;
  for (const f of fields) if (f.kind === 'slug' && f.from === key) next[f.key] = slugOf(textOf(value), f.max);
  return next;
}

/** The values as sent: texts trimmed, empty lines and rows dropped. */
export function normalise(fields: readonly FieldSpec[], values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === 'lines' && Array.isArray(v)) out[f.key] = v.map((s) => textOf(s).trim()).filter(Boolean);
    if (f.kind === 'rows' && Array.isArray(v)) {
      out[f.key] = v.filter((row: Record<string, unknown>) => f.columns.some((c) => textOf(row[c.key]).trim() !== ''));
    }
  }
  return out;
}
