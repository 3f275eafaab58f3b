import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { calls } from '@kafue/common/calls';
import { forgotPasswordPath, messages, minPasswordLength, type ResetPasswordAnswer } from '@kafue/common/contract';
import { call, failureMessage } from '../../lib/api';
import { CenteredCard } from '../../components/CenteredCard';
import { FormError } from '../../components/FormError';
import { signInPathOf } from './ForgotPassword';

/**
 * /reset-password?token=...: the page a reset mail links to. A new password twice;
 * then the sign-in screen of that account. A used, expired or forged link says so, and offers a
 * new one.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : messages.resetLinkInvalid);
  const [done, setDone] = useState<ResetPasswordAnswer | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (newPassword !== confirm) {
      setError(messages.passwordsDoNotMatch);
      return;
    }
    setSending(true);
    setError(null);
    const result = await call(calls.resetPassword, { body: { token, newPassword } });
    setSending(false);
    if (result.ok) setDone(result.data);
    else setError(failureMessage(result, messages.passwordUpdateFailed, messages.somethingWentWrong));
  }

  if (done) {
    return (
      <CenteredCard title="Reset Password">
        <Stack>
          <Alert color="green" variant="light" role="status">
            {done.message}
          </Alert>
          <Anchor component={Link} to={signInPathOf(done.account)}>
            Sign in with your new password
          </Anchor>
        </Stack>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Reset Password">
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          <FormError error={error}>
            {error === messages.resetLinkInvalid && (
              <>
                {' '}
                <Anchor component={Link} to={forgotPasswordPath} size="sm">
                  Ask for a new link
                </Anchor>
              </>
            )}
          </FormError>
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
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" disabled={sending || !token} fullWidth>
            {sending ? 'Saving...' : 'Set new password'}
          </Button>
        </Stack>
      </form>
    </CenteredCard>
  );
}
