import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { failureToast, toast } from './toast';

/**
 * A list's save (add or edit: `id` null adds) and delete, each toasting the server's message or
 * its failure, and refreshing the list (`key`) when done.
 */
export function useSaveAndDelete<Body>(options: {
  key: QueryKey;
  save: (id: string | null, body: Body) => Promise<{ message: string }>;
  remove: (id: string) => Promise<{ message: string }>;
  saveFailed: string;
  deleteFailed: string;
}) {
  const client = useQueryClient();
  const done = (answer: { message: string }) => {
    toast('success', answer.message);
    return client.invalidateQueries({ queryKey: options.key });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Body }) => options.save(id, body),
    onSuccess: done,
    onError: (error) => failureToast(error, options.saveFailed),
  });
  const remove = useMutation({
    mutationFn: options.remove,
    onSuccess: done,
    onError: (error) => failureToast(error, options.deleteFailed),
  });
  return { save, remove };
}
