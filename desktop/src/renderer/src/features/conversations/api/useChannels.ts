/** The channels clients' messages reach us by, through the console's data layer: their state, and a check now. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { call, unwrap } from '../../../lib/api';
import { failureToast, toast } from '../../../lib/toast';

const channelsKey = ['settings', 'channels'];

export function useChannelStatus() {
  return useQuery({
    queryKey: channelsKey,
    queryFn: () => unwrap(call(calls.getChannelStatus)),
    meta: { failureToast: { fallback: 'Failed to load the channels' } },
  });
}

/** Connects to the mailbox (or reads WhatsApp's number) now: the answer says, in words, whether it worked. */
export function useCheckChannel(channel: 'email' | 'whatsapp') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(call(channel === 'email' ? calls.checkEmailChannel : calls.checkWhatsAppChannel)),
    onSuccess(answer) {
      toast(answer.ok ? 'success' : 'error', answer.message);
      return client.invalidateQueries({ queryKey: channelsKey });
    },
    onError: (error) => failureToast(error, 'Failed to check the connection'),
  });
}
