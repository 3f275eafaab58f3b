import { useState } from 'react';
import type { ContentBody } from '@kafue/common/contract';
import { contentBodies } from '@kafue/common/schemas';
import { fieldErrors } from '../../../lib/validate';
import { normalise, withField, type CollectionSpec, type FormValues } from '../fields';

/**
 * A collection item's form state: values, per-field errors (the client's check with the server's
 * own schema, or the server's 400 via `showErrors`), and `check`, which returns the body to send
 * (as the schema reads it) or null when invalid.
 */
export function useContentForm(spec: Pick<CollectionSpec, 'fields' | 'collection'>, initial: FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  // The values as last loaded or saved: the form has unsaved changes while it differs from them.
  const [saved, setSaved] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const schema = contentBodies[spec.collection];
  return {
    values,
    errors,
    dirty: JSON.stringify(normalise(spec.fields, values)) !== JSON.stringify(normalise(spec.fields, saved)),
    reset: (next: FormValues) => {
      setValues(next);
      setSaved(next);
      setErrors({});
    },
    setField: (key: string, value: unknown) => setValues((v) => withField(spec.fields, v, key, value)),
    showErrors: setErrors,
    /** The body as the schema reads it, or null when invalid, without showing errors (the preview of what is typed). */
    peek(): ContentBody | null {
      const parsed = schema.safeParse(normalise(spec.fields, values));
      return parsed.success ? parsed.data : null;
    },
    check(): ContentBody | null {
      const body = normalise(spec.fields, values);
      const invalid = fieldErrors(schema, body);
      setErrors(invalid ?? {});
      return invalid ? null : schema.parse(body);
    },
  };
}
