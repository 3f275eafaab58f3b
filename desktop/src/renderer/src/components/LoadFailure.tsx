import { Alert } from '@mantine/core';
import { failureMessageOf } from '../lib/api';

/** Why a list could not be loaded, above it: the server's message, else the screen's fallback. */
export function LoadFailure({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" mb="md">
      {failureMessageOf(error, fallback)}
    </Alert>
  );
}
