import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code arrives. */
export function PageLoader() {
  return (
    <Center mih={200}>
      <Loader size="sm" aria-label="Loading page" />
    </Center>
  );
}
