import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { adminLoginPath } from '@kafue/common/brand';
import { calls } from '@kafue/common/calls';
import { messages } from '@kafue/common/contract';
import { call, failureMessage } from '../../lib/api';
import { CenteredCard } from '../../components/CenteredCard';
import { FormError } from '../../components/FormError';

/** The sign-in screen of each kind of account. */
export const signInPathOf = (account: 'admin' | 'staff') => (account === 'staff' ? '/staff-login' : adminLoginPath);

/**
 * /forgot-password?account=admin|staff: an email address, then the server's answer,
 * which is the same whether or not the account exists.
 */
export default function ForgotPassword() {
  const [params] = useSearchParams();
  const account = params.get('account') === 'staff' ? 'staff' : 'admin';
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    setError(null);
    const result = await call(calls.forgotPassword, { body: { email, account } });
    setSending(false);
    if (result.ok) setSent(result.data.message);
    else setError(failureMessage(result, messages.somethingWentWrong, messages.somethingWentWrong));
  }

  return (
    <CenteredCard title="Forgot Password">
      {sent ? (
        <Stack>
          <Alert color="green" variant="light" role="status">
            {sent}
          </Alert>
          <Text size="sm">The link works once, for 30 minutes. Check your spam folder if it does not arrive.</Text>
          <Anchor component={Link} to={signInPathOf(account)} size="sm">
            Back to sign-in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <FormError error={error} />
            <Text size="sm">
              Enter the email address of your {account === 'staff' ? 'staff' : 'admin'} account and we will send you a link to choose a new
              password.
            </Text>
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Button type="submit" disabled={sending} fullWidth>
              {sending ? 'Sending...' : 'Send reset link'}
            </Button>
            <Anchor component={Link} to={signInPathOf(account)} size="sm" ta="center">
              Back to sign-in
            </Anchor>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
