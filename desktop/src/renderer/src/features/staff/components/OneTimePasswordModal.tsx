import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type RefObject } from 'react';
import { copyText } from '../../../lib/clipboard';
import type { CreatedStaff } from '../api/useStaff';

export interface OneTimePasswordModalProps {
  /** The new staff member and the password the server generated, or null when closed. */
  created: CreatedStaff | null;
  onClose: () => void;
  /**
   * Where focus goes once it has closed. It opens as the Add Staff dialog closes, so the control
   * Mantine would return focus to is that dialog's Save button, gone by then.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/** The server's one-time password, shown once to the admin who created the account. */
export function OneTimePasswordModal({ created, onClose, returnFocusTo }: OneTimePasswordModalProps) {
  const [copied, setCopied] = useState(false);
  const copy = (text: string) =>
    copyText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Modal
      opened={created !== null}
      onClose={close}
      title="One-time password"
      centered
      closeOnClickOutside={false}
      returnFocus={!returnFocusTo}
      onExitTransitionEnd={() => returnFocusTo?.current?.focus()}
    >
      {created && (
        <Stack>
          <Text>
            Give this password to <b>{created.name}</b> ({created.email}). They will choose their own the first time they sign in at the
            staff login.
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="lg" p="sm" style={{ flex: 1, wordBreak: 'break-all' }} data-testid="one-time-password">
              {created.password}
            </Code>
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} onClick={() => void copy(created.password)}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Group>
          <Alert color="yellow" variant="light">
            This password is shown only once. It cannot be displayed again after you close this window.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
