import { useState } from 'react';
import { Badge, Button, CopyButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ContentCollection, ContentItem, ShareLinkCreated } from '@kafue/common/contract';
import { useCreateShareLink, useRevisions, useRevokeShareLink, useShareLinks } from '../api/useContent';
import { Loading } from './Loading';
import { Row, RowList } from '../../../components/RowList';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How long a new link works, in hours (the API takes 1 to 720). */
const durations = [
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '168', label: '7 days' },
  { value: '720', label: '30 days' },
];

/** What a new link shows: the latest changes (''), or a saved version (a revision's id). */
const latest = '';

/**
 * Share links of an item: a link opens its page as it would look, to someone without an account,
 * until it expires or is revoked: with the latest changes, or as one saved version (from the
 * history). Its address is shown once, when made, to copy.
 */
export function ShareLinks({ collection, item }: { collection: ContentCollection; item: ContentItem }) {
  const { data: links = [], isPending, error } = useShareLinks(collection, item._id);
  const { data: revisions = [] } = useRevisions(collection, item._id);
  const create = useCreateShareLink(collection, item._id);
  const revoke = useRevokeShareLink(collection, item._id);
  const [hours, setHours] = useState('24');
  const [shows, setShows] = useState(latest);
  const versionOf = (id: string) => revisions.find((r) => r._id === id);
  const versions = [
    { value: latest, label: 'The latest changes' },
    ...revisions.map((r) => ({ value: r._id, label: `The version of ${when(r.createdAt)} (${r.author?.name ?? 'unknown'})` })),
  ];
  const [made, setMade] = useState<ShareLinkCreated | null>(null);
  // When the tab opened: a link that expires while it is open still offers Revoke (the server then answers 404).
  const [now] = useState(Date.now);
  return (
    <Stack>
      <Text size="sm">
        A share link lets someone without an account see this page as it would look once published, with your latest saved changes or as a
        version from its history, until the link expires or you revoke it.
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select label="Link works for" data={durations} value={hours} allowDeselect={false} onChange={(v) => v && setHours(v)} w={180} />
        <Select label="Link shows" data={versions} value={shows} allowDeselect={false} onChange={(v) => setShows(v ?? latest)} w={320} />
        <Button
          loading={create.isPending}
          onClick={() =>
            create.mutate({ expiresInHours: Number(hours), ...(shows !== latest && { revisionId: shows }) }, { onSuccess: setMade })
          }
        >
          Create share link
        </Button>
      </Group>
      {made && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label="New share link"
            description={`Works until ${when(made.expiresAt)}. Copy it now: it is not shown again.`}
            value={made.url}
            readOnly
            style={{ flex: 1 }}
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton value={made.url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-live="polite">
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      <Title order={3} size="h5">
        Share links made
      </Title>
      <Loading pending={isPending} error={error} fallback="Failed to load the share links">
        {links.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          <RowList label="Share links">
            {links.map((l) => {
              const expired = Date.parse(l.expiresAt) <= now;
              return (
                <Row key={l._id}>
                  <div>
                    <Text size="sm">
                      Made by {l.author.name} on <time dateTime={l.createdAt}>{when(l.createdAt)}</time>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {expired ? 'Expired' : 'Works until'} <time dateTime={l.expiresAt}>{when(l.expiresAt)}</time>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {l.revisionId
                        ? `Shows the version of ${versionOf(l.revisionId) ? when(versionOf(l.revisionId)!.createdAt) : 'an earlier save'}`
                        : 'Shows the latest changes'}
                    </Text>
                  </div>
                  {expired ? (
                    <Badge variant="light" color="gray">
                      Expired
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Revoke the link made on ${when(l.createdAt)}`}
                      loading={revoke.isPending && revoke.variables === l._id}
                      onClick={() => revoke.mutate(l._id)}
                    >
                      Revoke
                    </Button>
                  )}
                </Row>
              );
            })}
          </RowList>
        )}
      </Loading>
    </Stack>
  );
}
