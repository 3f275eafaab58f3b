/** General settings (spec section 2) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, type GeneralSettings } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { generalSettingsQuery } from '../../../lib/generalSettings';
import { failureToast, toast } from '../../../lib/toast';
import { settingsApi } from './settingsApi';

/**
 * The query the whole console reads (lib/generalSettings.ts), here read fresh each time a screen
 * that shows it opens: the settings form, the maintenance banner. Spec section 7: a failed load
 * is only logged (lib/query.ts logs every failed load).
 */
export function useGeneralSettings() {
  return useQuery({ ...generalSettingsQuery, staleTime: 0 });
}

export function useSaveGeneralSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: GeneralSettings) => unwrap(settingsApi.saveGeneral(values)),
    onSuccess(_, values) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(generalSettingsQuery.queryKey, values);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
