import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Loader, Menu, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ContentItem } from '@kafue/common/contract';
import { bodyOf } from '../api/contentApi';
import { contentTexts, useContentList, useDeleteItem, useMoveItem, useSaveItem } from '../api/useContent';
import { useConfirmDelete } from '../../../lib/useConfirmDelete';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadFailure';
import { ItemEditor, type EditorTab } from './ItemEditor';
import type { CollectionSpec } from '../fields';

const all = 'all';

/**
 * A card's action button that keeps the focus while it is busy (a disabled button would drop it,
 * and a keyboard user with it): it says so (aria-disabled, a spinner) instead.
 */
function SoftButton({ busy = false, label, onAct, children }: { busy?: boolean; label: string; onAct: () => void; children: string }) {
  return (
    <Button
      size="xs"
      variant="default"
      aria-label={label}
      aria-disabled={busy || undefined}
      leftSection={busy ? <Loader size={12} aria-hidden /> : undefined}
      onClick={() => !busy && onAct()}
    >
      {children}
    </Button>
  );
}

interface ItemGroup {
  key: string;
  label: string;
  items: ContentItem[];
}

/**
 * One collection as cards (title, group, price, summary, Draft or Published badge) with Edit,
 * Publish or Unpublish, and More actions (Preview, Move up and Move down within its group, Delete),
 * a group filter, and the editor.
 * Manage Services and each Site Content tab are this component with their collection's spec.
 */
export function CollectionManager({ spec, canAdd = false }: { spec: CollectionSpec; canAdd?: boolean }) {
  const { data: items = [], isPending, error } = useContentList(spec.collection);
  const [filter, setFilter] = useState(all);
  const [editor, setEditor] = useState<{ opened: boolean; item: ContentItem | null; tab: EditorTab }>({
    opened: false,
    item: null,
    tab: 'details',
  });
  const remove = useDeleteItem(spec.collection);
  const confirm = useConfirmDelete(remove);
  const move = useMoveItem(spec.collection);
  const publish = useSaveItem(spec.collection);
  // Unpublishing asks first, as deleting does; publishing does not.
  const unpublish = useConfirmDelete({
    isPending: publish.isPending,
    mutate: (item: ContentItem, options: { onSettled(): void }) => publish.mutate({ editing: item, body: bodyOf(item, 'draft') }, options),
  });

  const groups = useMemo<ItemGroup[]>(() => {
    const g = spec.groups;
    if (!g) return [{ key: all, label: '', items }];
    return g.options
      .filter((o) => filter === all || o.value === filter)
      .map((o) => ({ key: o.value, label: o.label, items: items.filter((i) => g.of(i) === o.value) }))
      .filter((group) => group.items.length > 0 || filter !== all);
  }, [spec.groups, items, filter]);

  const moving = (item: ContentItem) => move.isPending && move.variables?.item._id === item._id;
  function moveBy(list: ContentItem[], index: number, direction: 'up' | 'down') {
    const other = list[direction === 'up' ? index - 1 : index + 1];
    if (!other || move.isPending) return;
    const item = list[index];
    move.mutate(
      { list: items, item, other, direction },
      {
        // The card moved, which took the focus from its menu's button: give it back.
        onSuccess: () => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-more="${item._id}"]`)?.focus()),
      },
    );
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap" align="flex-end">
        {spec.groups ? (
          <Select
            label={`Filter by ${spec.groups.label.toLowerCase()}`}
            data={[{ value: all, label: `All ${spec.groups.plural}` }, ...spec.groups.options]}
            value={filter}
            allowDeselect={false}
            onChange={(v) => setFilter(v ?? all)}
            w={260}
          />
        ) : (
          <span />
        )}
        <Group gap="sm">
          {move.isPending && (
            <Group gap={6} role="status">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Saving the new order...</Text>
            </Group>
          )}
          {canAdd && !spec.fixed && (
            <Button onClick={() => setEditor({ opened: true, item: null, tab: 'details' })}>Add {spec.noun}</Button>
          )}
        </Group>
      </Group>

      <LoadFailure error={error} fallback={contentTexts(spec.collection).loadFailed} />
      {isPending ? (
        <Text py="lg" ta="center" role="status">
          Loading...
        </Text>
      ) : items.length === 0 && !error ? (
        <Text c="dimmed" py="lg" ta="center">
          Nothing here yet.
        </Text>
      ) : (
        <Stack gap="lg">
          {groups.map((group) => (
            <section key={group.key} aria-label={group.label || undefined}>
              {group.label && (
                <Title order={2} size="h4" mb="sm">
                  {group.label}
                </Title>
              )}
              {group.items.length === 0 && (
                <Text c="dimmed" size="sm">
                  Nothing in this {spec.groups?.label.toLowerCase()} yet.
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {group.items.map((item, index) => {
                  const title = spec.titleOf(item);
                  const published = item.status === 'published';
                  return (
                    <Card withBorder key={item._id} padding="lg" component="article" aria-labelledby={`title-${item._id}`}>
                      <Group justify="space-between" align="flex-start" wrap="nowrap">
                        <Title order={3} size="h5" id={`title-${item._id}`} style={{ overflowWrap: 'anywhere' }}>
                          {title}
                        </Title>
                        <Badge variant="light" color={published ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                          {published ? 'Published' : 'Draft'}
                        </Badge>
                      </Group>
                      {item.draft && (
                        <Badge variant="light" color="yellow" mt="xs">
                          Pending changes
                        </Badge>
                      )}
                      {spec.flagOf?.(item) && (
                        <Badge variant="light" color="orange" mt="xs">
                          {spec.flagOf(item)}
                        </Badge>
                      )}
                      {group.label && (
                        <Text size="sm" mt={4}>
                          {group.label}
                        </Text>
                      )}
                      {spec.priceOf && (
                        <Text fw={600} mt="sm">
                          {spec.priceOf(item)}
                        </Text>
                      )}
                      {spec.summaryOf && (
                        <Text size="sm" c="dimmed" mt="sm" lineClamp={3}>
                          {spec.summaryOf(item)}
                        </Text>
                      )}
                      <Group mt="md" gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Edit ${title}`}
                          onClick={() => setEditor({ opened: true, item, tab: 'details' })}
                        >
                          Edit
                        </Button>
                        <SoftButton
                          label={`${published ? 'Unpublish' : 'Publish'} ${title}`}
                          busy={publish.isPending && publish.variables?.editing?._id === item._id}
                          onAct={() =>
                            published ? unpublish.ask(item) : publish.mutate({ editing: item, body: bodyOf(item, 'published') })
                          }
                        >
                          {published ? 'Unpublish' : 'Publish'}
                        </SoftButton>
                        {/* Without Mantine's focus placeholder: a presentational child that a menu may not have (axe). */}
                        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
                          <Menu.Target>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={`More actions for ${title}`}
                              data-more={item._id}
                              leftSection={moving(item) ? <Loader size={12} aria-hidden /> : undefined}
                            >
                              More actions
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditor({ opened: true, item, tab: 'preview' })}>Preview</Menu.Item>
                            {!spec.fixed && (
                              <>
                                <Menu.Item disabled={index === 0} onClick={() => moveBy(group.items, index, 'up')}>
                                  Move up
                                </Menu.Item>
                                <Menu.Item disabled={index === group.items.length - 1} onClick={() => moveBy(group.items, index, 'down')}>
                                  Move down
                                </Menu.Item>
                                <Menu.Divider />
                                <Menu.Item onClick={() => confirm.ask(item)}>Delete</Menu.Item>
                              </>
                            )}
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Card>
                  );
                })}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}

      <ItemEditor
        spec={spec}

        opened={editor.opened}
        editing={editor.item}
        tab={editor.tab}
        onClose={() => setEditor((e) => ({ ...e, opened: false }))}
      />
      <ConfirmDialog
        title="Confirm Unpublish"
        message={`Unpublish ${unpublish.target ? spec.titleOf(unpublish.target) : ''}? Visitors will no longer see it; it stays here as a draft.`}
        confirmLabel="Unpublish"
        workingLabel="Unpublishing..."
        {...unpublish.dialog}
      />
      <ConfirmDialog
        title="Confirm Deletion"
        message={`Are you sure you want to delete ${confirm.target ? spec.titleOf(confirm.target) : ''}?`}
        {...confirm.dialog}
      />
    </>
  );
}
