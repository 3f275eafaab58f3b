import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code arrives. */
export function PageLoader() {
  return (
    <Center mih={200}>
      {/* A status, so that its name is read out (a bare span may not carry a label). */}
      <Loader size="sm" role="status" aria-label="Loading page" />
    </Center>
  );
}
