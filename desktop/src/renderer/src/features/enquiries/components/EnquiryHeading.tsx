import { Group, Text } from '@mantine/core';
import type { EnquiryDetail } from '@kafue/common/contract';
import { EnquiryStatusBadge } from './EnquiryNotes';
import { EnquiryKindBadge } from './EnquiryRequest';
import { StageBadge } from './EnquiryStage';

/** The top of an opened enquiry, in the admin's drawer and the staff portal's: its badges and when it came. */
export function EnquiryHeading({ enquiry, format }: { enquiry: EnquiryDetail; format: (iso: string) => string }) {
  return (
    <Group gap="xs">
      <EnquiryStatusBadge status={enquiry.status} />
      <EnquiryKindBadge kind={enquiry.kind} />
      <StageBadge stage={enquiry.stage} />
      <Text size="sm" c="dimmed">
        Received {format(enquiry.createdAt)}
      </Text>
    </Group>
  );
}
