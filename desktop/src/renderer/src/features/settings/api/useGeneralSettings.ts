/** General settings (spec section 2) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultGeneralSettings, messages, type GeneralSettings } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { settingsApi } from './settingsApi';

const generalKey = ['settings', 'general'];

/** Spec section 7: a failed load is only logged (lib/query.ts logs every failed load). */
export function useGeneralSettings() {
  return useQuery({
    queryKey: generalKey,
    queryFn: () => unwrap(settingsApi.loadGeneral()).then((saved): GeneralSettings => ({ ...defaultGeneralSettings, ...saved })),
  });
}

export function useSaveGeneralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: GeneralSettings) => unwrap(settingsApi.saveGeneral(values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(generalKey, values);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
