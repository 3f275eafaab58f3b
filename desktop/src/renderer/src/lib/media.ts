/** The media library's calls as the Media screen and the pickers in the editors share them (one cache key). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import type { MediaKind } from '@kafue/common/renditions';
import { call, unwrap } from './api';
import { failureToast, toast } from './toast';

export const mediaKey = ['media'];

export function useMediaList(page: number, pageSize: number, kind?: MediaKind) {
  const query = { page, pageSize, kind };
  return useQuery({
    queryKey: [...mediaKey, query],
    queryFn: () => unwrap(call(calls.listMedia, { query })),
    placeholderData: keepPreviousData,
    // While renditions are being made, their progress is read again every second.
    refetchInterval: (q) => (q.state.data?.items.some((i) => i.renditions.done < i.renditions.total) ? 1000 : false),
    meta: { failureToast: { fallback: 'Failed to load the media library' } },
  });
}

export function useMediaItem(id: string | undefined) {
  return useQuery({
    queryKey: [...mediaKey, 'item', id],
    queryFn: () => unwrap(call(calls.getMedia, { params: { id: id! } })),
    enabled: !!id,
  });
}

export function useSaveAlt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alt }: { id: string; alt: string }) => unwrap(call(calls.updateMedia, { params: { id }, body: { alt } })),
    onSuccess(answer) {
      toast('success', answer.message);
      return client.invalidateQueries({ queryKey: mediaKey });
    },
    onError: (error) => failureToast(error, 'Failed to save the description'),
  });
}

export function useDeleteMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(call(calls.deleteMedia, { params: { id } })),
    onSuccess(answer) {
      toast('success', answer.message);
      return client.invalidateQueries({ queryKey: mediaKey });
    },
    onError: (error) => failureToast(error, 'Failed to delete the file'),
  });
}
