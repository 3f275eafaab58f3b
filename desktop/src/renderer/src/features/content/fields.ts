/**
 * A collection's form, as data: each editor (Add Service, Manage Services, Site Content) lists its
 * fields once and ContentFields draws them, so the editors share one form and one validation.
 */
import type { Schema } from '../../lib/validate';

interface Base {
  key: string;
  label: string;
  required?: boolean;
  description?: string;
}

export type FieldSpec =
  | (Base & { kind: 'text'; max?: number })
  | (Base & { kind: 'textarea'; max?: number; rows?: number })
  | (Base & { kind: 'select'; data: readonly { value: string; label: string }[] })
  | (Base & { kind: 'number'; min?: number; max?: number })
  | (Base & { kind: 'switch' })
  /** A list of short texts, one a line (e.g. Key Features). */
  | (Base & { kind: 'lines'; maxItems: number; max?: number; rows?: number })
  /** A list of records of a few text columns (e.g. a price group's items). */
  | (Base & { kind: 'rows'; rowLabel: string; columns: readonly { key: string; label: string }[] });

export type FormValues = Record<string, unknown>;

/** A field's value as text: strings as they are, numbers written out, anything else empty. */
export function textOf(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** What a collection's editor needs to know of it. */
export interface CollectionSpec {
  collection: string;
  /** One item, in labels: 'Service', 'FAQ'. */
  noun: string;
  fields: readonly FieldSpec[];
  /** The contract's schema of an item's fields, to check before sending (the server checks again). */
  schema?: Schema;
  /** A new item's values. */
  blank: FormValues;
  titleOf: (item: FormValues) => string;
  summaryOf?: (item: FormValues) => string;
  /** Items are ordered, filtered and reordered within these groups (services: categories). */
  groups?: { field: string; label: string; options: readonly { value: string; label: string }[] };
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
