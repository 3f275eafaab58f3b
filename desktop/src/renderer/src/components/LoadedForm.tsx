import { Fieldset, Stack, Text } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface Props {
  /** Whether the saved values are still on their way (useLoadedForm's query). */
  loading: boolean;
  onSubmit: (e: FormEvent) => void;
  children: ReactNode;
  'aria-labelledby'?: string;
}

/**
 * The form of a useLoadedForm: busy, and its fields disabled, until the saved values are in,
 * since they replace the form's values when they arrive; so nothing typed meanwhile is lost.
 */
export function LoadedForm({ loading, onSubmit, children, ...labelled }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={loading} {...labelled}>
      {/* min-width 0: a fieldset is otherwise never narrower than its content, on a phone too. */}
      <Fieldset variant="unstyled" disabled={loading} m={0} p={0} miw={0}>
        <Stack>{children}</Stack>
      </Fieldset>
    </form>
  );
}

/** What a settings form says while its saved values load (a status, read out by screen readers). */
export function LoadingSettings({ loading }: { loading: boolean }) {
  return loading ? (
    <Text size="sm" c="dimmed" role="status">
      Loading settings...
    </Text>
  ) : null;
}
