import { useState, type FormEvent } from 'react';
import { fieldErrors, type Schema } from './validate';

/**
 * A form over values loaded from the server: it starts from `initial`, takes the loaded values
 * when they arrive (React's "adjusting state when a prop changes", not an effect), and on submit
 * validates with the contract's schema before handing the values to `save`. Its form is a
 * LoadedForm (components/LoadedForm.tsx), whose fields wait, disabled, for the loaded values.
 */
export function useLoadedForm<T>(loaded: T | undefined, initial: T, schema: Schema, save: (values: T) => void) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The loaded values the form last took: while its values are still those (nothing typed since),
  // or are what was loaded (just saved), it takes newer ones; else what was typed stays, whatever
  // a later load brings (another admin saved, the network came back).
  const [shown, setShown] = useState<T>();
  if (loaded && loaded !== shown) {
    setShown(loaded);
    if (shown === undefined || values === shown || JSON.stringify(values) === JSON.stringify(loaded)) setValues(loaded);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(schema, values);
    setErrors(invalid ?? {});
    if (!invalid) save(values);
  }

  return { values, setValues, errors, submit };
}
