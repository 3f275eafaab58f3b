/**
 * The media library: photographs and videos for the site's pages. Drop files (or choose them) to
 * upload, each with its progress; every photograph needs a description for visitors who cannot
 * see it; each file says where it is used, and cannot be deleted while it is.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Pagination, Progress, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { mediaMessages, type MediaItem } from '@kafue/common/media';
import { MediaImage } from '../../components/MediaImage';
import { uploadForm } from '../../lib/api';
import { paginationLabels } from '../../lib/pagination';
import { useCan } from '../../lib/session';
import { toast } from '../../lib/toast';
import { mediaKey, useDeleteMedia, useMediaList, useSaveAlt } from '../../lib/media';
import { usedInLabel } from './usedIn';

const pageSize = 24;
const accept = 'image/jpeg,image/png,image/webp,image/avif,video/mp4,video/webm';

interface Sending {
  key: number;
  name: string;
  /** The share sent (0 to 1); null while sending without knowing how far (the desktop app). */
  sent: number | null;
}

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** Drop files here, or choose them: each is sent with its progress shown. */
function Uploader() {
  const client = useQueryClient();
  const [sending, setSending] = useState<Sending[]>([]);
  const [over, setOver] = useState(false);
  const send = async (files: readonly File[]) => {
    for (const file of files) {
      const key = Math.random();
      setSending((s) => [...s, { key, name: file.name, sent: 0 }]);
      const form = new FormData();
      form.append('file', file);
      const answer = await uploadForm(calls.uploadMedia, form, (sent) =>
        setSending((s) => s.map((x) => (x.key === key ? { ...x, sent } : x))),
      );
      setSending((s) => s.filter((x) => x.key !== key));
      if (answer.ok) toast('success', `${mediaMessages.uploaded}: ${file.name}`);
      else
        toast(
          'error',
          `${file.name}: ${answer.message ?? (answer.status === 0 ? 'The server could not be reached.' : 'The upload failed.')}`,
        );
    }
    await client.invalidateQueries({ queryKey: mediaKey });
  };
  return (
    <Card
      withBorder
      padding="lg"
      mb="md"
      bg={over ? 'blue.0' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        void send([...e.dataTransfer.files]);
      }}
    >
      <Stack align="center" gap="xs">
        <Text fw={600}>Drop photographs or videos here</Text>
        <Text size="sm" c="dimmed">
          JPEG, PNG, WebP or AVIF photographs up to 20 MB; MP4 or WebM videos up to 50 MB. The place a phone recorded is removed.
        </Text>
        <Button component="label" variant="light">
          Choose files
          <input
            type="file"
            accept={accept}
            multiple
            hidden
            onChange={(e) => {
              void send([...(e.currentTarget.files ?? [])]);
              e.currentTarget.value = '';
            }}
          />
        </Button>
        {sending.map((s) => (
          <Stack key={s.key} gap={4} w="100%" maw={420}>
            <Text size="sm">Uploading {s.name}</Text>
            {s.sent === null ? (
              // No value: a progress bar whose share is unknown (ARIA's indeterminate one).
              <Loader size="sm" role="progressbar" aria-label={`Uploading ${s.name}`} />
            ) : (
              <Progress value={s.sent * 100} aria-label={`Uploading ${s.name}`} />
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}

function MediaCard({ item, canEdit }: { item: MediaItem; canEdit: boolean }) {
  const [alt, setAlt] = useState(item.alt);
  const saveAlt = useSaveAlt();
  const remove = useDeleteMedia();
  const { done, total } = item.renditions;
  const missingAlt = item.kind === 'image' && !item.alt;
  return (
    <Card withBorder padding="sm" component="li">
      <Card.Section>
        {item.thumbnailUrl ? (
          <MediaImage src={item.thumbnailUrl} alt={item.alt} h={160} fit="cover" />
        ) : (
          <Stack h={160} justify="center" align="center" bg="gray.1">
            <Text size="sm">{item.kind === 'video' ? 'Video' : 'Preparing the picture...'}</Text>
          </Stack>
        )}
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} truncate title={item.filename}>
            {item.filename}
          </Text>
          <Badge variant="light">{item.kind === 'video' ? 'Video' : 'Photo'}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {sizeLabel(item.size)}
          {item.width ? ` · ${item.width} x ${item.height}` : ''}
        </Text>
        {total > 0 && done < total && (
          <Progress value={(done / total) * 100} aria-label={`Sizes for phones and computers: ${done} of ${total} made`} />
        )}
        {missingAlt && (
          <Badge color="orange" variant="light">
            Needs a description
          </Badge>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            saveAlt.mutate({ id: item._id, alt: alt.trim() });
          }}
        >
          <Stack gap={4}>
            <TextInput
              label="Description (alt text)"
              description={item.kind === 'image' ? 'What the picture shows, for visitors who cannot see it.' : 'Optional for a video.'}
              required={item.kind === 'image'}
              readOnly={!canEdit}
              value={alt}
              maxLength={300}
              error={saveAlt.error && missingAlt && !alt.trim() ? mediaMessages.altRequired : undefined}
              onChange={(e) => setAlt(e.currentTarget.value)}
            />
            {canEdit && (
              <Button
                type="submit"
                size="xs"
                variant="light"
                w="fit-content"
                loading={saveAlt.isPending}
                disabled={alt.trim() === item.alt}
              >
                Save description
              </Button>
            )}
          </Stack>
        </form>
        <Text size="sm">{item.usedIn.length ? `Used in: ${item.usedIn.map(usedInLabel).join('; ')}` : 'Not used yet'}</Text>
        {canEdit && (
          <Button
            size="xs"
            color="red"
            variant="light"
            w="fit-content"
            disabled={item.usedIn.length > 0}
            title={item.usedIn.length ? mediaMessages.inUse : undefined}
            loading={remove.isPending}
            aria-label={`Delete ${item.filename}`}
            onClick={() => window.confirm(`Delete ${item.filename}? Pages cannot show it afterwards.`) && remove.mutate(item._id)}
          >
            Delete
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export default function MediaLibrary() {
  const [page, setPage] = useState(1);
  const canEdit = useCan('editContent');
  const list = useMediaList(page, pageSize);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  return (
    <>
      <Title order={1} mb="md">
        Media
      </Title>
      {canEdit && <Uploader />}
      {data?.items.length === 0 && <Text>No photographs or videos yet.</Text>}
      <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, lg: 4 }} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Media files">
        {data?.items.map((item) => (
          <MediaCard key={`${item._id}-${item.alt}`} item={item} canEdit={canEdit} />
        ))}
      </SimpleGrid>
      {pages > 1 && <Pagination mt="md" total={pages} value={page} onChange={setPage} {...paginationLabels} />}
    </>
  );
}
