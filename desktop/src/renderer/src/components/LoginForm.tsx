import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { FormError } from './FormError';

export interface LoginFormProps {
  /** Resolves to an error message to show, or null on success (the caller navigates). */
  onSubmit: (email: string, password: string) => Promise<string | null>;
  error: string | null;
  /** Where "Forgot password?" leads. */
  forgotHref?: string;
}

/**
 * Email and password, both required (spec section 5); the button reads 'Logging in...' and is
 * disabled while sending. A failure shows in red above the form.
 */
export function LoginForm({ onSubmit, error, forgotHref }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSending(true);
    const failed = await onSubmit(email, password);
    if (failed !== null) setSending(false);
  }

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Stack>
        <FormError error={error} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" disabled={sending} fullWidth>
          {sending ? 'Logging in...' : 'Login'}
        </Button>
        {forgotHref && (
          <Anchor component={Link} to={forgotHref} size="sm" ta="center">
            Forgot password?
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
