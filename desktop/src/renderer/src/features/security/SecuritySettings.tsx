import { Panel } from '../../components/Panel';
import { Alert, List, SimpleGrid, Stack } from '@mantine/core';
import { messages, type ChangePasswordBody } from '@kafue/common/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { recheckSession, useAuth } from '../../lib/session';
import { failureToast, toast } from '../../lib/toast';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';
import { SecurityPolicyPanel } from './components/SecurityPolicyPanel';
import { SessionsTable } from './components/SessionsTable';
import { securityApi } from './api/securityApi';
import { TwoFactorPanel } from './components/TwoFactorPanel';

const recommendations = [
  'Enable two-factor authentication for all admin accounts.',
  'Require password changes every 90 days.',
  'Limit login attempts.',
  'Review active admin sessions weekly.',
];

/**
 * Security settings (spec section 2): change password, two-factor sign-in, the security
 * policy, active sessions, and the recommendations. An admin who must first choose a new password
 * or set up two-factor sign-in is kept here, and sees only what they must do.
 */
export default function SecuritySettings() {
  const pending = useAuth((s) => s.pending);
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => unwrap(securityApi.changePassword(body)),
    onSuccess: async (answer) => {
      toast('success', answer?.message ?? messages.passwordUpdated);
      await recheckSession();
    },
    onError: (error) => failureToast(error, messages.passwordUpdateFailed),
  });

  const password = (
    <Panel title="Change Password">
      <PasswordChangeForm change={change} />
    </Panel>
  );
  const twoFactor = (
    <Panel title="Two-Factor Authentication">
      <TwoFactorPanel />
    </Panel>
  );

  if (pending) {
    return (
      <Stack>
        <Alert color="yellow" variant="light" role="alert" title="Action required">
          {pending === 'passwordChange' ? messages.passwordExpired : messages.twoFactorEnrolmentRequired}
        </Alert>
        {pending === 'passwordChange' ? password : twoFactor}
      </Stack>
    );
  }

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {password}
        {twoFactor}
        <Panel title="Security Policy">
          <SecurityPolicyPanel />
        </Panel>
        <Panel title="Security Recommendations">
          <List spacing="xs">
            {recommendations.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Panel>
      </SimpleGrid>
      <Panel title="Active Sessions">
        <SessionsTable owner={{ kind: 'me' }} label="Your active sessions" />
      </Panel>
    </Stack>
  );
}
