import type { ContentBody, ContentCollection, ContentItem } from '@kafue/common/contract';
import { usePreview } from '../api/useContent';
import { Loading } from './Loading';

/**
 * The item as its public page, with `body` (the editor's values, saved or not), fetched through
 * the console's API client (cookie or bearer session) and shown in a sandboxed frame: no scripts,
 * no forms, no access to the console.
 */
export function PreviewFrame({
  collection,
  item,
  body,
  title,
}: {
  collection: ContentCollection;
  item: ContentItem;
  body: ContentBody;
  title: string;
}) {
  const { data, isPending, error } = usePreview(collection, item._id, body);
  return (
    <Loading pending={isPending} error={error} fallback="Failed to load the preview">
      {typeof data === 'string' && (
        <iframe
          sandbox=""
          srcDoc={data}
          title={`Preview of ${title}`}
          style={{ width: '100%', height: '65vh', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
        />
      )}
    </Loading>
  );
}
