import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  message?: string;
  confirmLabel?: string;
  /** While true the confirm button reads `workingLabel` and is disabled. */
  working?: boolean;
  workingLabel?: string;
  /** Its id in a Modal.Stack, when it asks about another dialog (Escape then closes one dialog, the top one). */
  stackId?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec section 4: closes on Escape or a backdrop click; 'Deleting...' while working. */
export function ConfirmDialog({
  opened,
  title = 'Confirm Action',
  message = 'Are you sure you want to proceed?',
  confirmLabel = 'Delete',
  working = false,
  workingLabel = 'Deleting...',
  stackId,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered stackId={stackId}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} disabled={working}>
          {working ? workingLabel : confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
