import { Badge, Button, Group, Text } from '@mantine/core';
import type { ContentItem } from '@kafue/common/contract';
import { changesBetween } from '../changes';
import { useRestoreRevision, useRevisions } from '../api/useContent';
import { Loading } from './Loading';
import { Row, RowList } from '../../../components/RowList';
import type { CollectionSpec } from '../fields';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * An item's revisions, newest first: who saved it and when, what changed from the version before
 * it, field by field, and each but the current with Restore.
 */
export function HistoryList({
  spec,
  item,
  onRestored,
}: {
  spec: CollectionSpec;
  item: ContentItem;
  onRestored: (item: ContentItem) => void;
}) {
  const { data: revisions = [], isPending, error } = useRevisions(spec.collection, item._id);
  const restore = useRestoreRevision(spec.collection, onRestored);
  return (
    <Loading pending={isPending} error={error} fallback="Failed to load the history">
      <RowList label="History" ordered>
        {revisions.map((r, i) => (
          <Row key={r._id}>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {spec.titleOf(r.item)}
              </Text>
              <Text size="sm" c="dimmed">
                {r.author?.name ?? 'Unknown'} · <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
              </Text>
              {revisions[i + 1] && <Changes changes={changesBetween(spec, revisions[i + 1].item, r.item)} />}
            </div>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color={r.item.status === 'published' ? 'green' : 'gray'}>
                {r.item.status === 'published' ? 'Published' : 'Draft'}
              </Badge>
              {i === 0 ? (
                <Text size="sm">Current</Text>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={`Restore the version of ${when(r.createdAt)}`}
                  loading={restore.isPending && restore.variables?.revisionId === r._id}
                  onClick={() => restore.mutate({ item, revisionId: r._id })}
                >
                  Restore
                </Button>
              )}
            </Group>
          </Row>
        ))}
      </RowList>
    </Loading>
  );
}

/** What a version changed from the one before it: each field, before and after. */
function Changes({ changes }: { changes: ReturnType<typeof changesBetween> }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No field changed (its place in the list may have).
      </Text>
    );
  }
  return (
    <dl aria-label="Changes" style={{ margin: '4px 0 0', fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>
      {changes.map((c) => (
        <div key={c.label}>
          <dt style={{ display: 'inline', fontWeight: 600 }}>{c.label}: </dt>
          <dd style={{ display: 'inline', margin: 0 }}>
            <del>{c.before}</del> → <ins style={{ textDecoration: 'none', fontWeight: 500 }}>{c.after}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
