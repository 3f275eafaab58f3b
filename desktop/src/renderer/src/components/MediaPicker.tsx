/**
 * A field naming a file of the media library (a service's photograph, an article's cover, a
 * testimonial's photo, the hero's poster and video): the file chosen, and a dialog listing the
 * library's files of that kind to choose another. A photograph without its description cannot be
 * chosen: the page would show it undescribed (described on the Media screen).
 */
import { useState } from 'react';
import { Button, Group, Input, Pagination, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { MediaImage } from './MediaImage';
import { StackedModal } from './StackedModal';
import type { MediaKind } from '@kafue/common/renditions';
import { paginationLabels } from '../lib/pagination';
import { useMediaItem, useMediaList } from '../lib/media';

const pageSize = 12;

export interface MediaPickerProps {
  label: string;
  description?: string;
  kind: MediaKind;
  value: string | undefined;
  error?: string;
  onChange: (id: string | undefined) => void;
}

function Choices({ kind, onPick }: { kind: MediaKind; onPick: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const { data } = useMediaList(page, pageSize, kind);
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  if (data?.items.length === 0) {
    return <Text>No {kind === 'image' ? 'photographs' : 'videos'} in the library yet: upload them on the Media screen.</Text>;
  }
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {data?.items.map((item) => {
          const undescribed = item.kind === 'image' && !item.alt;
          return (
            <UnstyledButton
              key={item._id}
              onClick={() => onPick(item._id)}
              disabled={undescribed}
              aria-label={`Choose ${item.filename}${undescribed ? ' (needs a description on the Media screen first)' : ''}`}
              style={{ opacity: undescribed ? 0.5 : 1 }}
            >
              {item.thumbnailUrl ? <MediaImage src={item.thumbnailUrl} alt="" h={100} fit="cover" radius="sm" /> : null}
              <Text size="sm" truncate>
                {item.filename}
              </Text>
              {undescribed && (
                <Text size="xs" c="orange.9">
                  Needs a description
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} {...paginationLabels} />}
    </Stack>
  );
}

export function MediaPicker({ label, description, kind, value, error, onChange }: MediaPickerProps) {
  const [open, setOpen] = useState(false);
  const chosen = useMediaItem(value).data;
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Group mt={4} align="center">
        {chosen?.thumbnailUrl && <MediaImage src={chosen.thumbnailUrl} alt={chosen.alt} w={96} h={64} fit="cover" radius="sm" />}
        <Text size="sm">{value ? (chosen?.filename ?? '...') : 'None chosen'}</Text>
        <Button size="xs" variant="light" onClick={() => setOpen(true)}>
          {value ? 'Change' : 'Choose'}
        </Button>
        {value && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onChange(undefined)}>
            Remove
          </Button>
        )}
      </Group>
      <StackedModal opened={open} onClose={() => setOpen(false)} title={`${label}: choose from the media library`} size="lg">
        {open && (
          <Choices
            kind={kind}
            onPick={(id) => {
              onChange(id);
              setOpen(false);
            }}
          />
        )}
      </StackedModal>
    </Input.Wrapper>
  );
}
