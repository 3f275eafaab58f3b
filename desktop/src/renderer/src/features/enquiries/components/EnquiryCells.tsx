/**
 * The cells of an enquiry's row that the inbox and the staff portal's list share (each a card's
 * line under 48em): who wrote, where the enquiry stands, and the button that opens it.
 */
import { Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Enquiry } from '@kafue/common/contract';
import { EnquiryStatusBadge } from './EnquiryNotes';
import { StageBadge, TimeLeft } from './EnquiryStage';
import { PhoneLinks } from './PhoneLinks';

/**
 * Who wrote, in one cell: the name (a known contact says so), the email and the phone under it
 * (separate columns pushed the inbox past a 1366 px screen). `whatsapp`: the company uses it, so
 * the phone opens a chat too; `unread` is said to a screen reader (the row shows it in bold).
 */
export function EnquiryWhoCell({ enquiry, whatsapp, unread = false }: { enquiry: Enquiry; whatsapp: boolean; unread?: boolean }) {
  return (
    <Table.Td data-label="Name">
      {enquiry.fullName}
      {unread && <VisuallyHidden> (unread)</VisuallyHidden>}
      {enquiry.knownContact && (
        <Badge ml="xs" size="sm" variant="light" color="grape">
          Known contact
        </Badge>
      )}
      <Text size="sm" fw={400} style={{ overflowWrap: 'anywhere' }}>
        {enquiry.email}
      </Text>
      {enquiry.phone && <PhoneLinks phone={enquiry.phone} name={enquiry.fullName} whatsapp={whatsapp} />}
    </Table.Td>
  );
}

/** Where it stands: its status, its stage and the time left to respond (`now` from useMinuteClock). */
export function EnquiryStandingCells({ enquiry, now }: { enquiry: Enquiry; now: Date }) {
  return (
    <>
      <Table.Td data-label="Status">
        <EnquiryStatusBadge status={enquiry.status} />
      </Table.Td>
      <Table.Td data-label="Stage">
        <StageBadge stage={enquiry.stage} />
      </Table.Td>
      <Table.Td data-label="Time left">
        <TimeLeft enquiry={enquiry} now={now} />
      </Table.Td>
    </>
  );
}

/** The row's last cell: the button that opens the enquiry, named for a screen reader by who sent it. */
export function EnquiryOpenCell({ enquiry, onOpen }: { enquiry: Enquiry; onOpen: (id: string) => void }) {
  return (
    <Table.Td>
      <Button size="xs" variant="light" aria-label={`Open the enquiry from ${enquiry.fullName}`} onClick={() => onOpen(enquiry._id)}>
        Open
      </Button>
    </Table.Td>
  );
}
