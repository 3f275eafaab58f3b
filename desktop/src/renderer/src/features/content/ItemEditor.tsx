import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import type { ContentItem } from '@kafue/common/contract';
import { serverFieldErrors, useSaveItem } from './hooks';
import { ContentFields } from './ContentFields';
import { HistoryList } from './HistoryList';
import { ItemSchedule } from './ItemSchedule';
import { PreviewFrame } from './PreviewFrame';
import { SendToSubscribers } from './SendToSubscribers';
import { StatusSwitch } from './StatusSwitch';
import type { CollectionSpec } from './fields';
import { useContentForm } from './useContentForm';

export type EditorTab = 'details' | 'history' | 'preview';

export interface ItemEditorProps {
  spec: CollectionSpec;
  opened: boolean;
  /** The item edited, or null to add one. */
  editing: ContentItem | null;
  tab?: EditorTab;
  onClose: () => void;
}

/**
 * Any collection's editor: the item's fields and its Published switch, its history (who saved it
 * when, with Restore) and a preview of it as the public page.
 */
export function ItemEditor({ spec, opened, editing, tab: firstTab = 'details', onClose }: ItemEditorProps) {
  const form = useContentForm(spec, spec.blank);
  const [tab, setTab] = useState<EditorTab>(firstTab);
  // The item shown: the one opened, then whatever a save or restore made of it.
  const [current, setCurrent] = useState<ContentItem | null>(editing);
  const save = useSaveItem(spec.collection, (item) => {
    if (!editing) onClose();
    else {
      setCurrent(item);
      form.reset(item);
    }
  });

  // Each opening starts afresh from the item (adjusted while rendering, not in an effect).
  const target = opened ? editing : undefined;
  const [openedFor, setOpenedFor] = useState<ContentItem | null | undefined>(undefined);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target !== undefined) {
      form.reset(target ?? spec.blank);
      setCurrent(target);
      setTab(firstTab);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const body = form.check();
    if (!body) return;
    save.mutate({ editing: current, body }, { onError: (error) => form.showErrors(serverFieldErrors(error)) });
  }

  const title = current ? `Edit ${spec.noun}` : `Add ${spec.noun}`;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <Tabs value={tab} onChange={(v) => v && setTab(v as EditorTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="history" disabled={!current}>
            History
          </Tabs.Tab>
          <Tabs.Tab value="preview" disabled={!current}>
            Preview
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <form onSubmit={submit} noValidate>
            <Stack>
              <ContentFields fields={spec.fields} values={form.values} errors={form.errors} onChange={form.setField} />
              <StatusSwitch label="Published" values={form.values} onChange={form.setField} />
              {current && (
                <ItemSchedule
                  spec={spec}
                  item={current}
                  values={form.values}
                  check={() => form.check()}
                  onScheduled={() => form.reset(current)}
                />
              )}
              <Group justify="flex-end">
                {current?.status === 'published' && spec.collection === 'insights' && <SendToSubscribers id={current._id} />}
                {current && (
                  <Button variant="default" mr="auto" onClick={() => setTab('preview')}>
                    Preview
                  </Button>
                )}
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="history">
          {current && (
            <HistoryList
              spec={spec}

              item={current}
              onRestored={(item) => {
                setCurrent(item);
                form.reset(item);
              }}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          {current && (
            <>
              {current.status === 'published' ? null : (
                <Alert variant="light" color="blue" mb="sm">
                  <Text size="sm">A draft: visitors do not see it until it is published.</Text>
                </Alert>
              )}
              <PreviewFrame collection={spec.collection} item={current} title={spec.titleOf(current)} />
            </>
          )}
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
