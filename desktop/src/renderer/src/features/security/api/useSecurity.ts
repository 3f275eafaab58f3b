/** Security settings and active sessions through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultSecuritySettings, messages, type SecuritySettings } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { recheckSession } from '../../../lib/session';
import { failureToast, toast } from '../../../lib/toast';
import { securityApi } from './securityApi';

const securityKey = ['settings', 'security'];

export function useSecuritySettings() {
  return useQuery({
    queryKey: securityKey,
    queryFn: () => unwrap(securityApi.loadSecurity()).then((saved): SecuritySettings => ({ ...defaultSecuritySettings, ...saved })),
  });
}

export function useSaveSecuritySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: SecuritySettings) => unwrap(securityApi.saveSecurity(values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(securityKey, values);
      // The policy may now hold the Super Admin too (two-factor required, an old password).
      return recheckSession();
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}

/** Whose sessions: the signed-in admin's own, or (Super Admin) another admin's by id. */
export type SessionOwner = { kind: 'me' } | { kind: 'admin'; id: string };

const sessionsKey = (owner: SessionOwner) => ['sessions', owner.kind === 'me' ? 'me' : owner.id];

export function useSessions(owner: SessionOwner, enabled = true) {
  return useQuery({
    queryKey: sessionsKey(owner),
    enabled,
    queryFn: () => unwrap(owner.kind === 'me' ? securityApi.mySessions() : securityApi.adminSessions(owner.id)),
  });
}

/** Ends one session (an id) or all but the current one (null). */
export function useEndSessions(owner: SessionOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      unwrap(
        owner.kind === 'me'
          ? id
            ? securityApi.endMySession(id)
            : securityApi.endMyOtherSessions()
          : id
            ? securityApi.endAdminSession(owner.id, id)
            : securityApi.endAdminSessions(owner.id),
      ),
    onSuccess: (answer) => toast('success', answer.message),
    onError: (error) => failureToast(error, messages.somethingWentWrong),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey(owner) }),
  });
}
