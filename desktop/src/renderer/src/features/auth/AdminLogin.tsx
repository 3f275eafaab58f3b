import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api, messages, type AdminLoginAnswer } from '@kafue/common/contract';
import { apiPost, failureMessage } from '../../lib/api';
import { CenteredCard } from '../../components/CenteredCard';
import { LoginForm } from '../../components/LoginForm';
import { useAuth } from '../../lib/session';

/** /kafue-secure-admin (spec section 2). */
export default function AdminLogin() {
  const navigate = useNavigate();
  const signedIn = useAuth((s) => s.signedIn);
  const [error, setError] = useState<string | null>(null);

  async function login(email: string, password: string): Promise<string | null> {
    setError(null);
    const result = await apiPost<AdminLoginAnswer>(api.adminLogin, { email, password });
    if (result.ok && result.data?.admin) {
      signedIn(result.data.admin);
      await navigate('/admin/dashboard', { replace: true });
      return null;
    }
    const message = result.ok ? messages.somethingWentWrong : failureMessage(result, messages.loginFailed, messages.somethingWentWrong);
    setError(message);
    return message;
  }

  return (
    <CenteredCard title="Admin Login">
      <LoginForm onSubmit={login} error={error} />
    </CenteredCard>
  );
}
