/** The signed-in admin's notification settings, saved per admin. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { defaultNotificationSettings, messages, type NotificationSettings } from '@kafue/common/contract';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

const notificationsKey = ['settings', 'notifications'];
export const notificationTexts = { loadFailed: 'Failed to load notification settings', saveFailed: 'Failed to save notification settings' };

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => unwrap(call(calls.getNotificationSettings)).then((saved) => ({ ...defaultNotificationSettings, ...saved })),
    meta: { failureToast: { fallback: notificationTexts.loadFailed } },
  });
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: NotificationSettings) => unwrap(call(calls.saveNotificationSettings, { body: values })),
    onSuccess(answer) {
      toast('success', answer.message || messages.notificationSettingsSaved);
      client.setQueryData(notificationsKey, answer.settings);
    },
    onError: (error) => failureToast(error, notificationTexts.saveFailed),
  });
}
