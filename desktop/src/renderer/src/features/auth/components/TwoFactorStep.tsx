import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { messages } from '@kafue/common/contract';
import { FormError } from '../../../components/FormError';

export interface TwoFactorStepProps {
  /** Sends the code; resolves to an error message to show, or null on success (the caller navigates). */
  onSubmit: (code: string) => Promise<string | null>;
  /** Back to email and password. */
  onBack: () => void;
}

/**
 * The sign-in's second step: a code from the authenticator app, or, for an admin
 * without their device, one of their recovery codes.
 */
export function TwoFactorStep({ onSubmit, onBack }: TwoFactorStepProps) {
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The password form is gone: the code field takes the focus (and again when switching codes).
  useEffect(() => input.current?.focus(), [recovery]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    const failed = await onSubmit(code);
    if (failed !== null) {
      setError(failed);
      setSending(false);
      setCode('');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack>
        <FormError error={error} />
        <Text size="sm" id="two-factor-help">
          {recovery ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.' : messages.twoFactorRequired}
        </Text>
        {recovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            required
            autoComplete="off"
            ref={input}
            aria-describedby="two-factor-help"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        ) : (
          <TextInput
            key="totp"
            label="Authentication code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}"
            maxLength={7}
            ref={input}
            aria-describedby="two-factor-help"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
        )}
        <Button type="submit" disabled={sending} fullWidth>
          {sending ? 'Verifying...' : 'Verify'}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
