/**
 * The enquiry board: one column per stage, each paged by the server (it cannot grow without
 * bound), the waiting enquiries first by the time left. A card moves by its "Move to" menu (the
 * keyboard's way) or by dragging it onto another column; each move is announced.
 */
import { useState, type DragEvent } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import type { Enquiry } from '@kafue/common/contract';
import type { EnquiryStageBody } from '@kafue/common/schemas';
import { leadStageLabels, leadStages, type LeadStage } from '@kafue/common/leads';
import { LoadFailure } from '../../components/LoadFailure';
import type { EnquiryQuery } from './api/enquiriesApi';
import { EnquiryDetail } from './components/EnquiryDetail';
import { EnquiryKindBadge } from './components/EnquiryRequest';
import { LostReasonDialog, TimeLeft, useMinuteClock, type StageMoveVars } from './components/EnquiryStage';
import { MoveToMenu, useSetStage } from './components/stages';
import { texts, useEnquiryList } from './api/useEnquiries';

const pageSize = 10;
const noFilters = { status: '', service: '', kind: '', awaiting: '', assignee: '', from: '', to: '' };
/** Closed leads newest first; the open ones by the time left. */
const sortOf = (stage: LeadStage) => (stage === 'won' || stage === 'lost' ? '-createdAt' : 'responseDueAt');

interface Dragged {
  enquiry: Enquiry;
  from: LeadStage;
}

function Card({
  enquiry,
  now,
  onOpen,
  onMoved,
  onDrag,
}: {
  enquiry: Enquiry;
  now: Date;
  onOpen: () => void;
  onMoved: (vars: StageMoveVars) => void;
  onDrag: (dragged: Dragged | null) => void;
}) {
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      draggable
      data-enquiry={enquiry._id}
      style={{ cursor: 'grab', listStyle: 'none' }}
      onDragStart={(e: DragEvent) => {
        e.dataTransfer.setData('text/plain', enquiry._id);
        e.dataTransfer.effectAllowed = 'move';
        onDrag({ enquiry, from: enquiry.stage });
      }}
      onDragEnd={() => onDrag(null)}
    >
      <Stack gap={4}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {enquiry.fullName}
        </Text>
        <Group gap={6}>
          <EnquiryKindBadge kind={enquiry.kind} />
          {enquiry.service && <Text size="sm">{enquiry.service}</Text>}
        </Group>
        <TimeLeft enquiry={enquiry} now={now} />
        <Text size="sm" c="dimmed">
          {enquiry.assignee?.name ?? 'Unassigned'}
        </Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" aria-label={`Open the enquiry from ${enquiry.fullName}`} onClick={onOpen}>
            Open
          </Button>
          <MoveToMenu enquiry={enquiry} onMoved={onMoved} />
        </Group>
      </Stack>
    </Paper>
  );
}

function Column({
  stage,
  q,
  now,
  dragged,
  onDrop,
  onOpen,
  onMoved,
  onDrag,
}: {
  stage: LeadStage;
  q: string;
  now: Date;
  dragged: Dragged | null;
  onDrop: (stage: LeadStage) => void;
  onOpen: (id: string) => void;
  onMoved: (vars: StageMoveVars) => void;
  onDrag: (dragged: Dragged | null) => void;
}) {
  const [page, setPage] = useState(1);
  const [shownFor, setShownFor] = useState(q);
  // New words start each column at its first page.
  if (shownFor !== q) {
    setShownFor(q);
    setPage(1);
  }
  const query: EnquiryQuery = { ...noFilters, q, stage, page, pageSize, sort: sortOf(stage) };
  const list = useEnquiryList(query);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const label = leadStageLabels[stage];
  const target = dragged !== null && dragged.from !== stage;
  return (
    <Paper
      component="section"
      withBorder
      p="sm"
      aria-labelledby={`stage-${stage}`}
      bg={target ? 'var(--mantine-color-blue-light)' : undefined}
      onDragOver={(e: DragEvent) => {
        if (target) e.preventDefault();
      }}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        if (target) onDrop(stage);
      }}
    >
      <Title order={2} size="h4" id={`stage-${stage}`} mb="xs">
        {label} ({total})
      </Title>
      <LoadFailure error={list.error} fallback={texts.loadFailed} />
      {items.length === 0 && !list.isPending ? (
        <Text size="sm" c="dimmed">
          No enquiries here.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={`${label} enquiries`}>
          {items.map((e) => (
            <Card key={e._id} enquiry={e} now={now} onOpen={() => onOpen(e._id)} onMoved={onMoved} onDrag={onDrag} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Group justify="space-between" mt="xs" gap={4}>
          <Button
            size="xs"
            variant="subtle"
            disabled={page === 1}
            aria-label={`Previous page of ${label}`}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </Button>
          <Text size="xs">
            {page} of {pages}
          </Text>
          <Button
            size="xs"
            variant="subtle"
            disabled={page >= pages}
            aria-label={`Next page of ${label}`}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </Group>
      )}
    </Paper>
  );
}

export default function EnquiryBoard() {
  const now = useMinuteClock();
  const [openId, setOpenId] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [lostAsked, setLostAsked] = useState<Enquiry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [words, setWords] = useState('');
  const [q] = useDebouncedValue(words.trim(), 300);
  const announce = ({ name, body }: StageMoveVars) => setAnnouncement(`${name} moved to ${leadStageLabels[body.stage]}.`);
  const move = useSetStage(announce);
  const send = (enquiry: Enquiry, body: EnquiryStageBody) =>
    move.mutate({ id: enquiry._id, body, name: enquiry.fullName }, { onSuccess: () => setLostAsked(null) });
  function dropOn(stage: LeadStage) {
    if (!dragged) return;
    const { enquiry } = dragged;
    setDragged(null);
    if (stage === 'lost') setLostAsked(enquiry);
    else send(enquiry, { stage });
  }

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Enquiry Board
        </Title>
        <Anchor component={Link} to="/admin/enquiries" fw={600}>
          Show as a list
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Each column is a stage. Move a card with its Move to button, or drag it onto another column. Won and Lost close the enquiry.
      </Text>
      <TextInput
        label="Search"
        placeholder="Name, email or message"
        maw={360}
        mb="md"
        value={words}
        onChange={(e) => setWords(e.currentTarget.value)}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        {leadStages.map((stage) => (
          <Column
            key={stage}
            stage={stage}
            q={q}
            now={now}
            dragged={dragged}
            onDrop={dropOn}
            onOpen={setOpenId}
            onMoved={announce}
            onDrag={setDragged}
          />
        ))}
      </SimpleGrid>
      <LostReasonDialog
        key={lostAsked?._id ?? 'none'}
        name={lostAsked?.fullName ?? ''}
        opened={lostAsked !== null}
        saving={move.isPending}
        onConfirm={(body) => lostAsked && send(lostAsked, body)}
        onCancel={() => setLostAsked(null)}
      />
      <EnquiryDetail id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
