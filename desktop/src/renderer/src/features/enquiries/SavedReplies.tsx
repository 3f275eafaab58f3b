import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { calls } from '@kafue/common/calls';
import { savedReplyBody, savedReplyPlaceholders, type SavedReply, type SavedReplyBody } from '@kafue/common/schemas';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { replySubject } from './components/EnquiryFollowUp';
import { LoadFailure } from '../../components/LoadFailure';
import { call, unwrap } from '../../lib/api';
import { useEditedList } from '../../lib/useEditedList';
import { useCan } from '../../lib/session';
import { fieldErrors } from '../../lib/validate';

const key = ['saved-replies', 'admin'];
const texts = {
  loadFailed: 'Failed to load saved replies',
  saveFailed: 'Failed to save the saved reply',
  deleteFailed: 'Failed to delete',
};
const empty: SavedReplyBody = { name: '', subject: replySubject, body: '' };

/** Settings › Saved Replies: the texts a reply to an enquirer starts from, with the enquirer's name and request filled in. */
export default function SavedReplies() {
  const { list, items, save, confirm } = useEditedList<SavedReply, SavedReplyBody>({
    key,
    list: () => unwrap(call(calls.listSavedReplies)),
    save: (id, body) => unwrap(id ? call(calls.updateSavedReply, { params: { id }, body }) : call(calls.createSavedReply, { body })),
    remove: (id) => unwrap(call(calls.deleteSavedReply, { params: { id } })),
    texts,
  });
  const canEdit = useCan('editSavedReplies');
  const [editing, setEditing] = useState<SavedReply | null>(null);
  return (
    <Stack maw={760}>
      <Paper withBorder p="lg">
        <Title order={2} size="h4">
          Saved replies
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          Start a reply to an enquiry from one of these. In the subject and message,{' '}
          {Object.entries(savedReplyPlaceholders)
            .map(([word, meaning]) => `${word} becomes ${meaning}`)
            .join(' and ')}
          .
        </Text>
        <LoadFailure error={list.error} fallback={texts.loadFailed} />
        {list.isPending ? (
          <Text role="status" mt="md">
            Loading...
          </Text>
        ) : items.length === 0 ? (
          <Text mt="md" c="dimmed">
            No saved replies yet.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" mt="md" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Saved replies">
            {items.map((s) => (
              <Paper key={s._id} withBorder p="sm" component="li">
                <Text fw={600}>{s.name}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.subject}
                </Text>
                <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {s.body}
                </Text>
                {canEdit && (
                  <Group gap="xs" mt="xs">
                    <Button size="xs" variant="light" aria-label={`Edit ${s.name}`} onClick={() => setEditing(s)}>
                      Edit
                    </Button>
                    <Button size="xs" variant="light" color="red" aria-label={`Delete ${s.name}`} onClick={() => confirm.ask(s._id)}>
                      Delete
                    </Button>
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
      {canEdit && (
        <SavedReplyForm
          key={editing?._id ?? 'new'}
          editing={editing}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={(body) =>
            save.mutateAsync({ id: editing?._id ?? null, body }).then(
              () => (setEditing(null), true),
              () => false,
            )
          }
        />
      )}
      <ConfirmDialog title="Confirm Deletion" message="Are you sure you want to delete this saved reply?" {...confirm.dialog} />
    </Stack>
  );
}

function SavedReplyForm({
  editing,
  saving,
  onSave,
  onCancel,
}: {
  editing: SavedReply | null;
  saving: boolean;
  onSave: (body: SavedReplyBody) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<SavedReplyBody>(
    editing ? { name: editing.name, subject: editing.subject, body: editing.body } : empty,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = fieldErrors(savedReplyBody, values);
    setErrors(invalid ?? {});
    if (!invalid && (await onSave(values)) && !editing) setValues(empty);
  }
  const field = (name: keyof SavedReplyBody) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value }),
  });
  return (
    <Paper withBorder p="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? `Edit ${editing.name}` : 'Add a saved reply'}
          </Title>
          <TextInput label="Name" description="How you find it when replying, e.g. Thank you for your enquiry." {...field('name')} />
          <TextInput label="Subject" {...field('subject')} />
          <Textarea label="Message" autosize minRows={5} {...field('body')} />
          <Group justify="flex-end">
            {editing && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving} disabled={saving}>
              {editing ? 'Save Changes' : 'Add Saved Reply'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
