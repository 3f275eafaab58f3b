import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import type { ContentItem } from '@kafue/common/contract';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { StackedModal } from '../../../components/StackedModal';
import { leaveQuestion, useUnsavedChanges } from '../../../lib/unsavedChanges';
import { editedValues } from '../api/contentApi';
import { serverFieldErrors, useSaveItem } from '../api/useContent';
import { PendingChanges } from './PendingChanges';
import { ShareLinks } from './ShareLinks';
import { ContentFields } from './ContentFields';
import { HistoryList } from './HistoryList';
import { ItemSchedule } from './ItemSchedule';
import { PreviewFrame } from './PreviewFrame';
import { SendToSubscribers } from './SendToSubscribers';
import { StatusSwitch } from './StatusSwitch';
import type { CollectionSpec } from '../fields';
import { useContentForm } from './useContentForm';

export type EditorTab = 'details' | 'history' | 'preview' | 'share';

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
 * when, what changed, with Restore), a preview of it as the public page (as typed, saved or not)
 * and its share links. An edit of a published item is saved as pending changes, put live by
 * "Publish changes"; closing with unsaved changes asks first.
 */
export function ItemEditor({ spec, opened, editing, tab: firstTab = 'details', onClose }: ItemEditorProps) {
  const form = useContentForm(spec, spec.blank);
  const [tab, setTab] = useState<EditorTab>(firstTab);
  // The item shown: the one opened, then whatever a save or restore made of it.
  const [current, setCurrent] = useState<ContentItem | null>(editing);
  const [leaving, setLeaving] = useState(false);
  /** The item as saved becomes the form's starting point again (its pending changes over it). */
  const showSaved = (item: ContentItem) => {
    setCurrent(item);
    form.reset(editedValues(item));
  };
  const save = useSaveItem(spec.collection, (item) => {
    if (!editing) onClose();
    else showSaved(item);
  });
  // Closing the window, reloading or going elsewhere in the console with unsaved changes: asked first.
  useUnsavedChanges(opened && form.dirty);
  /** Escape, the close button, the backdrop and Cancel: with unsaved changes, ask first. */
  const requestClose = () => (form.dirty ? setLeaving(true) : onClose());

  // Each opening starts afresh from the item (adjusted while rendering, not in an effect).
  const target = opened ? editing : undefined;
  const [openedFor, setOpenedFor] = useState<ContentItem | null | undefined>(undefined);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target !== undefined) {
      form.reset(target ? editedValues(target) : spec.blank);
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
  const previewBody = tab === 'preview' ? form.peek() : null;
  return (
    // Each dialog opened from the editor (a StackedModal, the leave question too) comes above it,
    // and Escape closes the top dialog only (the question, not the editor under it).
    <StackedModal opened={opened} onClose={requestClose} title={title} size="xl" centered>
      <Tabs value={tab} onChange={(v) => v && setTab(v as EditorTab)} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="history" disabled={!current}>
            History
          </Tabs.Tab>
          <Tabs.Tab value="preview" disabled={!current}>
            Preview
          </Tabs.Tab>
          <Tabs.Tab value="share" disabled={!current}>
            Share
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <form onSubmit={submit} noValidate>
            <Stack>
              {current && <PendingChanges spec={spec} item={current} unsaved={form.dirty} onDone={showSaved} />}
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
              {current?.status === 'published' && form.values.status === 'published' && (
                <Text size="sm" c="dimmed">
                  Saving keeps your edits as pending changes: visitors see the published version until you publish them.
                </Text>
              )}
              <Group justify="flex-end">
                {current?.status === 'published' && spec.collection === 'insights' && <SendToSubscribers id={current._id} />}
                {current && (
                  <Button variant="default" mr="auto" onClick={() => setTab('preview')}>
                    Preview
                  </Button>
                )}
                <Button variant="default" onClick={requestClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="history">{current && <HistoryList spec={spec} item={current} onRestored={showSaved} />}</Tabs.Panel>
        <Tabs.Panel value="preview">
          {current && (
            <>
              <Alert variant="light" color="blue" mb="sm">
                <Text size="sm">
                  {form.dirty
                    ? 'Your unsaved changes, as the page would show them: save them to keep them.'
                    : current.draft
                      ? 'Your pending changes, as the page would show them: visitors still see the published version.'
                      : current.status === 'published'
                        ? 'The page as visitors see it.'
                        : 'A draft: visitors do not see it until it is published.'}
                </Text>
              </Alert>
              {previewBody ? (
                <PreviewFrame collection={spec.collection} item={current} body={previewBody} title={spec.titleOf(current)} />
              ) : (
                <Alert color="red" variant="light">
                  <Text size="sm">Some fields need attention: correct them under Details to see the preview.</Text>
                </Alert>
              )}
            </>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="share">{current && <ShareLinks collection={spec.collection} item={current} />}</Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={leaving}
        {...leaveQuestion}
        onConfirm={() => {
          setLeaving(false);
          onClose();
        }}
        onClose={() => setLeaving(false)}
      />
    </StackedModal>
  );
}
