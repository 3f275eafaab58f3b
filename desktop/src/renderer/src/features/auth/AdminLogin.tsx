import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { calls } from '@kafue/common/calls';
import { forgotPasswordPath, messages } from '@kafue/common/contract';
import { call, failureMessage } from '../../lib/api';
import { CenteredCard } from '../../components/CenteredCard';
import { LoginForm } from '../../components/LoginForm';
import { securityScreenPath, useAuth } from '../../lib/session';
import { TwoFactorStep } from './components/TwoFactorStep';

/**
 * /kafue-secure-admin (spec section 2). For an admin with two-factor sign-in on, the server asks
 * for the code: the second step then sends email, password and code together.
 */
export default function AdminLogin() {
  const navigate = useNavigate();
  const signedIn = useAuth((s) => s.signedIn);
  const [error, setError] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<{ email: string; password: string } | null>(null);

  async function send(email: string, password: string, code?: string): Promise<string | null> {
    const result = await call(calls.adminLogin, { body: { email, password, ...(code ? { code } : {}) } });
    if (result.ok && result.data?.admin) {
      signedIn(result.data.admin, result.data);
      await navigate(result.data.pending ? securityScreenPath : '/admin/dashboard', { replace: true });
      return null;
    }
    if (!result.ok && result.twoFactorRequired && !code) {
      setCredentials({ email, password });
      return null;
    }
    return result.ok ? messages.somethingWentWrong : failureMessage(result, messages.loginFailed, messages.somethingWentWrong);
  }

  async function login(email: string, password: string): Promise<string | null> {
    setError(null);
    const message = await send(email, password);
    setError(message);
    return message;
  }

  return (
    <CenteredCard title={credentials ? 'Two-Factor Authentication' : 'Admin Login'}>
      {credentials ? (
        <TwoFactorStep
          onSubmit={(code) => send(credentials.email, credentials.password, code)}
          onBack={() => {
            setCredentials(null);
            setError(null);
          }}
        />
      ) : (
        <LoginForm onSubmit={login} error={error} forgotHref={`${forgotPasswordPath}?account=admin`} />
      )}
    </CenteredCard>
  );
}
