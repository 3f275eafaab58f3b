import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { failureToast, toast } from './toast';
import { useConfirmDelete } from './useConfirmDelete';

/**
 * A list the console edits in place (saved replies, redirects): its query; its save (add or edit:
 * `id` null adds) and delete, each toasting the server's message or its failure in the screen's
 * words, and loading the list again when done; the delete behind Confirm Deletion (`confirm`).
 */
export function useEditedList<Item, Body>(options: {
  key: QueryKey;
  list: () => Promise<Item[]>;
  save: (id: string | null, body: Body) => Promise<{ message: string }>;
  remove: (id: string) => Promise<{ message: string }>;
  texts: { loadFailed: string; saveFailed: string; deleteFailed: string };
}) {
  const { key, texts } = options;
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: options.list, meta: { failureToast: { fallback: texts.loadFailed } } });
  const done = (answer: { message: string }) => {
    toast('success', answer.message);
    return client.invalidateQueries({ queryKey: key });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Body }) => options.save(id, body),
    onSuccess: done,
    onError: (error) => failureToast(error, texts.saveFailed),
  });
  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: done,
    onError: (error) => failureToast(error, texts.deleteFailed),
  });
  const confirm = useConfirmDelete(remove);
  return { list, items: list.data ?? [], save, confirm };
}
