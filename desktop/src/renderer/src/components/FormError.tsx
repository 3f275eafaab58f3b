import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';

/** A form's failure, above its fields, read out at once (role alert); nothing when there is none. `children` follow the text (e.g. a way out). */
export function FormError({ error, children }: { error: string | null | undefined; children?: ReactNode }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
      {children}
    </Alert>
  );
}
