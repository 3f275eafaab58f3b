import { Button, Group, Text } from '@mantine/core';
import { StackedModal } from './StackedModal';

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  /** While true the confirm button reads `workingLabel` and is disabled. */
  working?: boolean;
  workingLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Above every other dialog open (StackedModal's aboveAll: app/LeaveGuard). */
  aboveAll?: boolean;
}

/** Spec section 4: closes on Escape or a backdrop click; 'Deleting...' while working. */
export function ConfirmDialog({
  opened,
  title = 'Confirm Action',
  message = 'Are you sure you want to proceed?',
  confirmLabel = 'Delete',
  working = false,
  workingLabel = 'Deleting...',
  onConfirm,
  onClose,
  aboveAll,
}: ConfirmDialogProps) {
  return (
    <StackedModal opened={opened} onClose={onClose} title={title} centered aboveAll={aboveAll}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={working}>
          {working ? workingLabel : confirmLabel}
        </Button>
      </Group>
    </StackedModal>
  );
}
