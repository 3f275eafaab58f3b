import { Panel } from '../../components/Panel';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { brand } from '@kafue/common/brand';
import { messages, type ChangePasswordBody } from '@kafue/common/contract';
import { ApiFailure, failureMessageOf, unwrap } from '../../lib/api';
import { failureToast, toast } from '../../lib/toast';
import { DataLayer } from '../../components/DataLayer';
import { PageLoader } from '../../components/PageLoader';
import { StatusBadge } from '../../components/DataTable';
import { PasswordChangeForm } from '../../components/PasswordChangeForm';
import { staffPortalApi } from './api/staffPortalApi';
import { MyEnquiries } from './components/MyEnquiries';

/** Times in the portal: the viewer's own clock (the General settings are for admins' eyes). */
const formatLocal = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function Field({ label, children }: { label: string; children: ReactNode }) {
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

const meKey = ['staff-portal', 'me'];

/** /staff/dashboard: the enquiries assigned to the staff member, their password, who they are, signing out. */
export default function StaffDashboard() {
  return (
    <DataLayer>
      <Portal />
    </DataLayer>
  );
}

function Portal() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: me, isPending, error } = useQuery({ queryKey: meKey, queryFn: () => unwrap(staffPortalApi.me()) });
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) => unwrap(staffPortalApi.changePassword(body)),
    onSuccess() {
      toast('success', messages.passwordUpdated, { area: 'staff' });
      return client.invalidateQueries({ queryKey: meKey });
    },
    onError: (failure) => failureToast(failure, messages.passwordUpdateFailed, { area: 'staff' }),
  });

  async function signOut() {
    await staffPortalApi.logout();
    await navigate('/staff-login', { replace: true });
  }

  if (error instanceof ApiFailure && error.result.status === 401) return <Navigate to="/staff-login" replace />;
  if (isPending) return <PageLoader />;

  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md" py="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {brand.product} Staff
            </Title>
            <Button variant="light" color="red" onClick={() => void signOut()}>
              Sign out
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="lg" component="main">
        {!me ? (
          <Alert color="red" role="alert">
            {failureMessageOf(error, messages.somethingWentWrong)}
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
            {/* What they came for first: the password form has its own heading below. */}
            {!me.mustChangePassword && <MyEnquiries format={formatLocal} />}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Panel title="Change Password">
                <PasswordChangeForm
                  change={change}
                  currentLabel={me.mustChangePassword ? 'One-time password (from the admin who added you)' : undefined}
                />
              </Panel>
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
            </SimpleGrid>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
