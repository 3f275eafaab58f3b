/** The company's contact points (Settings › Company) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyProfile } from '@kafue/common/company';
import { messages } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { settingsApi } from './settingsApi';

const companyKey = ['settings', 'company'];

export function useCompanyProfile() {
  return useQuery({ queryKey: companyKey, queryFn: () => unwrap(settingsApi.loadCompany()) });
}

export function useSaveCompanyProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CompanyProfile) => unwrap(settingsApi.saveCompany(values)),
    onSuccess({ company }) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(companyKey, company);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
