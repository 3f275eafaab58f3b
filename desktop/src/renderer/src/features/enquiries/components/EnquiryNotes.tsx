import { useId, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Group, Stack, Textarea, Title } from '@mantine/core';
import { LabelledBadge } from '../../../components/LabelledBadge';

const statusColor: Record<string, string> = { New: 'blue', Open: 'yellow', Closed: 'green', Spam: 'gray' };

/** An enquiry's status as a badge: "Status: New" (Open, Closed, Spam). */
export function EnquiryStatusBadge({ status }: { status: string }) {
  return <LabelledBadge label="Status" value={status} color={statusColor[status] ?? 'gray'} variant="light" />;
}

/**
 * The form that adds a note to an enquiry (the note then shows on its timeline): the admin's
 * detail view and the staff portal share it. `add` is the mutation that saves a note (a failure
 * is told where it is declared); the box empties once it succeeded.
 */
export function NoteForm({ add }: { add: Pick<UseMutationResult<unknown, Error, string>, 'mutateAsync' | 'isPending'> }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const titleId = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError('Required.');
    setError('');
    try {
      await add.mutateAsync(text.trim());
      setText('');
    } catch {
      // Told by the mutation's own onError; the text stays to try again.
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={titleId}>
          Notes
        </Title>
        <Textarea
          label="Add a note"
          description="For the team only: the enquirer never sees it. It shows on the timeline."
          autosize
          minRows={2}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error || undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Note'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
