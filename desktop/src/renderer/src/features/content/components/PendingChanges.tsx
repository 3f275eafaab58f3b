import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ContentItem } from '@kafue/common/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDraftAction } from '../api/useContent';
import type { CollectionSpec } from '../fields';

/**
 * An item's saved but unpublished edits, when it has some: says so, and puts them live ("Publish
 * changes") or drops them ("Discard changes", after asking). Its question stays mounted when the
 * changes go, so that it leaves the editor's dialog stack as it closes.
 */
export function PendingChanges({
  spec,
  item,
  unsaved,
  onDone,
}: {
  spec: CollectionSpec;
  item: ContentItem;
  /** The form has edits not yet saved: they would not be published. */
  unsaved: boolean;
  onDone: (item: ContentItem) => void;
}) {
  const publish = useDraftAction(spec.collection, 'publish', onDone);
  const discard = useDraftAction(spec.collection, 'discard', onDone);
  const [asking, setAsking] = useState(false);
  const live = item.status === 'published';
  return (
    <>
      {item.draft && (
        <Alert variant="light" color="yellow" title="Pending changes">
          <Text size="sm">
            {live
              ? 'These edits are saved but not published: visitors still see the published version.'
              : 'These edits are saved but not published.'}
            {unsaved && ' Save your latest edits first to publish them too.'}
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" disabled={unsaved} loading={publish.isPending} onClick={() => publish.mutate(item)}>
              Publish changes
            </Button>
            <Button size="xs" variant="default" onClick={() => setAsking(true)}>
              Discard changes
            </Button>
          </Group>
        </Alert>
      )}
      {/* A StackedModal in the editor: above it, and Escape closes this alone. */}
      <ConfirmDialog
        opened={asking}
        title="Discard changes"
        message={`Discard the pending changes to ${spec.titleOf(item)}? ${live ? 'The published version stays as it is.' : ''}`}
        confirmLabel="Discard changes"
        workingLabel="Discarding..."
        working={discard.isPending}
        onConfirm={() => discard.mutate(item, { onSettled: () => setAsking(false) })}
        onClose={() => !discard.isPending && setAsking(false)}
      />
    </>
  );
}
