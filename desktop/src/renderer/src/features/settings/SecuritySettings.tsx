import { Panel } from '../../components/Panel';
import { List, SimpleGrid } from '@mantine/core';
import { messages, type ChangePasswordBody } from '@kafue/common/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';
import { settingsApi } from './settingsApi';

const recommendations = [
  'Enable two-factor authentication for all admin accounts.',
  'Require password changes every 90 days.',
  'Limit login attempts.',
  'Review active admin sessions weekly.',
];

/** Security settings (spec section 2): change password, and text-only recommendations. */
export default function SecuritySettings() {
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => unwrap(settingsApi.changePassword(body)),
    onSuccess: (answer) => toast('success', answer?.message ?? messages.passwordUpdated),
    onError: (error) => failureToast(error, messages.passwordUpdateFailed),
  });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Panel title="Change Password">
        <PasswordChangeForm change={change} />
      </Panel>
      <Panel title="Security Recommendations">
        <List spacing="xs">
          {recommendations.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      </Panel>
    </SimpleGrid>
  );
}
