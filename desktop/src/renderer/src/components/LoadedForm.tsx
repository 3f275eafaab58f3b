import { Fieldset, Stack, Text } from '@mantine/core';
import { createContext, useContext, type FormEvent, type ReactNode } from 'react';

interface Props {
  /** Whether the saved values are still on their way (useLoadedForm's query). */
  loading: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  'aria-labelledby'?: string;
}

const Loading = createContext(false);

/**
 * The form of a useLoadedForm: busy, and its fields and buttons disabled, until the saved values
 * are in, since they replace the form's values when they arrive; so nothing typed meanwhile is lost.
 */
export function LoadedForm({ loading, onSubmit, children, ...labelled }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={loading} {...labelled}>
      {/* min-width 0: a fieldset is otherwise never narrower than its content, on a phone too. */}
      <Fieldset variant="unstyled" disabled={loading} m={0} p={0} miw={0}>
        <Loading.Provider value={loading}>
          <Stack>{children}</Stack>
        </Loading.Provider>
      </Fieldset>
    </form>
  );
}

/** Where a LoadedForm says, while its saved values load, that they are loading (a status, read out). */
export function LoadingSettings() {
  return useContext(Loading) ? (
    <Text size="sm" c="dimmed" role="status">
      Loading settings...
    </Text>
  ) : null;
}
