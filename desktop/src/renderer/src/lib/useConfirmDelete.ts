import { useState } from 'react';

/** What the cycle needs of a mutation; TanStack's useMutation result fits. */
interface Remover<T> {
  isPending: boolean;
  mutate(target: T, options: { onSettled(): void }): void;
}

/**
 * The confirm-delete cycle (spec section 4): `ask` opens the dialog for a target, confirming runs
 * the mutation ('Deleting...' meanwhile, and the dialog stays), and the dialog closes when it
 * settles. Spread `dialog` onto ConfirmDialog.
 */
export function useConfirmDelete<T>(remove: Remover<T>) {
  // Boxed, so that any T (even one that is null or a function) is a target.
  const [target, setTarget] = useState<{ value: T } | null>(null);
  return {
    target: target?.value ?? null,
    ask: (value: T) => setTarget({ value }),
    dialog: {
      opened: target !== null,
      working: remove.isPending,
      onConfirm: () => {
        if (target) remove.mutate(target.value, { onSettled: () => setTarget(null) });
      },
      onClose: () => {
        if (!remove.isPending) setTarget(null);
      },
    },
  };
}
