import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { messages, minPasswordLength, type ChangePasswordBody } from '@kafue/common/contract';

export interface PasswordChangeFormProps {
  /** The mutation that sends the change (TanStack's useMutation result fits); the form clears when it succeeds. */
  change: {
    isPending: boolean;
    mutate(body: ChangePasswordBody, options: { onSuccess(): void }): void;
  };
  /** What the first field asks for: a staff member's first change asks for the one-time password instead. */
  currentLabel?: string;
}

/**
 * Current Password, New Password, Confirm New Password (spec sections 2 and 5): all required,
 * the new one at least 8 characters; a mismatch says 'New passwords do not match.' and sends nothing.
 */
export function PasswordChangeForm({ change, currentLabel = 'Current Password' }: PasswordChangeFormProps) {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const busy = change.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (newPassword !== confirmPassword) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess() {
          setCurrent('');
          setNew('');
          setConfirm('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack maw={420}>
        <PasswordInput
          label={currentLabel}
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(e) => setCurrent(e.currentTarget.value)}
        />
        <PasswordInput
          label="New Password"
          required
          minLength={minPasswordLength}
          autoComplete="new-password"
          description={`At least ${minPasswordLength} characters`}
          value={newPassword}
          onChange={(e) => setNew(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm New Password"
          required
          minLength={minPasswordLength}
          autoComplete="new-password"
          value={confirmPassword}
          error={mismatch ? messages.passwordsDoNotMatch : undefined}
          onChange={(e) => setConfirm(e.currentTarget.value)}
        />
        <Button type="submit" disabled={busy} w="fit-content">
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </Stack>
    </form>
  );
}
