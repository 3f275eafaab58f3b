import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Enquiry } from '@kafue/common/contract';
import { enquiryKindLabels, type EnquiryKind, type RequestSnapshot } from '@kafue/common/requests';

const kindColor: Record<EnquiryKind, string> = {
  message: 'gray',
  service: 'blue',
  quote: 'grape',
  consultation: 'teal',
  email: 'cyan',
  whatsapp: 'green',
};

/** What an enquiry asks for, in plain words: Message, Service request, Quote request, Consultation. */
export function EnquiryKindBadge({ kind }: { kind: EnquiryKind }) {
  return (
    <Badge color={kindColor[kind]} variant="light">
      {enquiryKindLabels[kind]}
    </Badge>
  );
}

/** The request's items with their prices as the site showed them when it was sent. */
function Items({ request }: { request: RequestSnapshot }) {
  switch (request.kind) {
    case 'consultation':
      return <Text>Free consultation</Text>;
    case 'service':
      return (
        <List>
          <List.Item>
            {request.title}: starting at {request.price}
          </List.Item>
        </List>
      );
    case 'quote':
      return request.model === 'monthly' ? (
        <List>
          {request.plan && (
            <List.Item>
              {request.plan.name} plan: {request.plan.price}
              {request.plan.period ?? ''}
            </List.Item>
          )}
          {request.addons.map((a) => (
            <List.Item key={a.name}>
              {a.name} (add-on): {a.price}
            </List.Item>
          ))}
        </List>
      ) : (
        <List>
          {request.projects.map((p) => (
            <List.Item key={`${p.group}:${p.title}`}>
              {p.title} ({p.groupName}): {p.price}, {p.time}
            </List.Item>
          ))}
        </List>
      );
  }
}

/**
 * What the visitor chose before writing (a service, a plan with add-ons, project items, a free
 * consultation), the estimate and the page the form was sent from; nothing for a plain message
 * from an unknown page.
 */
export function EnquiryRequest({ enquiry }: { enquiry: Pick<Enquiry, 'kind' | 'request' | 'page'> }) {
  const { request, page, kind } = enquiry;
  if (!request && !page) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="enquiry-request">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} size="h5" id="enquiry-request">
            Request
          </Title>
          <EnquiryKindBadge kind={kind} />
        </Group>
        {request && <Items request={request} />}
        {request?.kind === 'quote' && (
          <Text fw={600}>
            Estimate: {request.estimate}
            {request.model === 'project' && request.longestTime ? `, up to ${request.longestTime}` : ''}
          </Text>
        )}
        {page && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Sent from the page {page}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
