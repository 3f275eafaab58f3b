import { Panel } from '../../components/Panel';
import { List, SimpleGrid } from '@mantine/core';
import { messages, type ChangePasswordBody } from '@kafue/common/contract';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
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
  async function change(body: ChangePasswordBody): Promise<boolean> {
    const result = await settingsApi.changePassword(body);
    if (result.ok) toast('success', result.data?.message ?? messages.passwordUpdated);
    else toast('error', failureMessage(result, messages.passwordUpdateFailed, messages.somethingWentWrong));
    return result.ok;
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Panel title="Change Password">
        <PasswordChangeForm onSubmit={change} />
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
