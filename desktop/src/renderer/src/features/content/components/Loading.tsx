import type { ReactNode } from 'react';
import { Text } from '@mantine/core';
import { LoadFailure } from '../../../components/LoadFailure';

/** 'Loading...' while a query loads, then why it failed (if it did) above what it loaded. */
export function Loading({
  pending,
  error,
  fallback,
  children,
}: {
  pending: boolean;
  error: unknown;
  fallback: string;
  children: ReactNode;
}) {
  if (pending) {
    return (
      <Text role="status" py="md">
        Loading...
      </Text>
    );
  }
  return (
    <>
      <LoadFailure error={error} fallback={fallback} />
      {children}
    </>
  );
}
