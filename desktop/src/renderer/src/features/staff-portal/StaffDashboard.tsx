import { Panel } from '../../components/Panel';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { brand } from '@kafue/common/brand';
import { messages, type ChangePasswordBody, type StaffSelf } from '@kafue/common/contract';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { PageLoader } from '../../components/PageLoader';
import { StatusBadge } from '../../components/DataTable';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';
import { staffPortalApi } from './staffPortalApi';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </Box>
  );
}

/** /staff/dashboard: who the staff member is, their password, signing out. */
export default function StaffDashboard() {
  const navigate = useNavigate();
  const [me, setMe] = useState<StaffSelf | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'signedOut' | 'failed'>('loading');
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    const result = await staffPortalApi.me();
    if (result.ok && result.data) {
      setMe(result.data);
      setState('ready');
    } else if (!result.ok && result.status === 401) setState('signedOut');
    else {
      setError(result.ok ? messages.somethingWentWrong : failureMessage(result, messages.somethingWentWrong, messages.somethingWentWrong));
      setState('failed');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function change(body: ChangePasswordBody): Promise<boolean> {
    const result = await staffPortalApi.changePassword(body);
    if (!result.ok) {
      toast('error', failureMessage(result, messages.passwordUpdateFailed, messages.somethingWentWrong), { area: 'staff' });
      return false;
    }
    toast('success', messages.passwordUpdated, { area: 'staff' });
    await load();
    return true;
  }

  async function signOut() {
    await staffPortalApi.logout();
    navigate('/staff-login', { replace: true });
  }

  if (state === 'signedOut') return <Navigate to="/staff-login" replace />;
  if (state === 'loading') return <PageLoader />;

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {brand.product} Staff
            </Title>
            <Button variant="light" color="red" onClick={signOut}>
              Sign out
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="lg" component="main">
        {state === 'failed' || !me ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : (
          <Stack>
            <Title order={1} size="h2">
              Welcome, {me.name}
            </Title>
            {me.mustChangePassword && (
              <Alert color="yellow" variant="light" role="alert" title="Choose a new password">
                {messages.passwordChangeRequired}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Panel title="Your account">
                <Stack gap="sm">
                  <Field label="Name">{me.name}</Field>
                  <Field label="Email">{me.email}</Field>
                  <Field label="Role">{me.role}</Field>
                  <Field label="Status">
                    <StatusBadge status={me.status} />
                  </Field>
                </Stack>
              </Panel>
              <Panel title="Change Password">
                <PasswordChangeForm onSubmit={change} />
              </Panel>
            </SimpleGrid>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
