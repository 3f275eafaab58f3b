import { useState } from 'react';
import { fieldErrors } from '../../lib/validate';
import { normalise, type CollectionSpec, type FormValues } from './fields';

/**
 * A collection item's form state: values, per-field errors (the client's check, or the server's
 * 400 via `showErrors`), and `check`, which returns the values to send or null when invalid.
 */
export function useContentForm(spec: Pick<CollectionSpec, 'fields' | 'schema'>, initial: FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    values,
    errors,
    reset: (next: FormValues) => {
      setValues(next);
      setErrors({});
    },
    setField: (key: string, value: unknown) => setValues((v) => ({ ...v, [key]: value })),
    showErrors: setErrors,
    check(): FormValues | null {
      const body = normalise(spec.fields, values);
      const invalid = spec.schema ? fieldErrors(spec.schema, body) : null;
      setErrors(invalid ?? {});
      return invalid ? null : body;
    },
  };
}
