import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { NoteAuthorKind } from '@kafue/common/schemas';

export interface NoteView {
  _id: string;
  text: string;
  createdAt: string;
  author: { kind: NoteAuthorKind; name: string };
}

/** Who wrote a note, in words: the client's are questions asked on a quote's page. */
const authorKindLabels: Record<NoteAuthorKind, string> = { admin: 'Admin', staff: 'Staff', client: 'Client' };

const statusColor: Record<string, string> = { New: 'blue', Open: 'yellow', Closed: 'green', Spam: 'gray' };

/** An enquiry's status as a badge (New, Open, Closed, Spam). */
export function EnquiryStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor[status] ?? 'gray'} variant="light">
      {status}
    </Badge>
  );
}

/**
 * An enquiry's notes, oldest first, and the form that adds one: the admin's detail view and the
 * staff portal share it. `onAdd` resolves true when the note was saved (the box then empties).
 */
export function EnquiryNotes({
  notes,
  formatTime,
  adding,
  onAdd,
}: {
  notes: NoteView[];
  formatTime: (iso: string) => string;
  adding: boolean;
  onAdd: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError('Required.');
    setError('');
    if (await onAdd(text.trim())) setText('');
  }
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Notes
      </Title>
      {notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notes yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Notes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {notes.map((n) => (
            <Paper key={n._id} withBorder p="sm" component="li">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.text}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {n.author.name} ({authorKindLabels[n.author.kind]}), {formatTime(n.createdAt)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Textarea
          label="Add a note"
          autosize
          minRows={2}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error || undefined}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={adding} disabled={adding}>
            {adding ? 'Adding...' : 'Add Note'}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
