import { useState } from 'react';
import type { ContentBody } from '@kafue/common/contract';
import { contentBodies } from '@kafue/common/schemas';
import { fieldErrors } from '../../lib/validate';
import { normalise, withField, type CollectionSpec, type FormValues } from './fields';

/**
 * A collection item's form state: values, per-field errors (the client's check with the server's
 * own schema, or the server's 400 via `showErrors`), and `check`, which returns the body to send
 * (as the schema reads it) or null when invalid.
 */
export function useContentForm(spec: Pick<CollectionSpec, 'fields' | 'collection'>, initial: FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    values,
    errors,
    reset: (next: FormValues) => {
      setValues(next);
      setErrors({});
    },
    setField: (key: string, value: unknown) => setValues((v) => withField(spec.fields, v, key, value)),
    showErrors: setErrors,
    check(): ContentBody | null {
      const schema = contentBodies[spec.collection];
      const body = normalise(spec.fields, values);
      const invalid = fieldErrors(schema, body);
      setErrors(invalid ?? {});
      return invalid ? null : schema.parse(body);
    },
  };
}
