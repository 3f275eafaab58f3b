import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgotPasswordPath, messages } from '@kafue/common/contract';
import { failureMessage } from '../../lib/api';
import { CenteredCard } from '../../components/CenteredCard';
import { LoginForm } from '../../components/LoginForm';
import { staffPortalApi } from './api/staffPortalApi';

/** /staff-login (spec section 2): failure in red above the form, success to /staff/dashboard. */
export default function StaffLogin() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  async function login(email: string, password: string): Promise<string | null> {
    setError(null);
    const result = await staffPortalApi.login(email, password);
    if (result.ok) {
      await navigate('/staff/dashboard', { replace: true });
      return null;
    }
    const message = failureMessage(result, messages.loginFailed, messages.somethingWentWrong);
    setError(message);
    return message;
  }

  return (
    <CenteredCard title="Staff Login">
      <LoginForm onSubmit={login} error={error} forgotHref={`${forgotPasswordPath}?account=staff`} />
    </CenteredCard>
  );
}
