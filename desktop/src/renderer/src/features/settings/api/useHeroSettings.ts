/** The home page's hero video (Settings › Company) through the console's data layer. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeroSettings } from '@kafue/common/hero';
import { messages } from '@kafue/common/contract';
import { unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';
import { settingsApi } from './settingsApi';

const heroKey = ['settings', 'hero'];

export function useHeroSettings() {
  return useQuery({ queryKey: heroKey, queryFn: () => unwrap(settingsApi.loadHero()) });
}

export function useSaveHeroSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: HeroSettings) => unwrap(settingsApi.saveHero(values)),
    onSuccess({ hero }) {
      toast('success', messages.settingsUpdated);
      client.setQueryData(heroKey, hero);
    },
    onError: (error) => failureToast(error, messages.settingsUpdateFailed, { network: messages.settingsNetworkError }),
  });
}
