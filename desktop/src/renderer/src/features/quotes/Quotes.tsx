import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { RequestSnapshot } from '@kafue/common/requests';
import { quoteCurrencies, type QuoteCurrency } from '@kafue/common/leads';
import {
  formatMoney,
  linesFromRequest,
  quoteStateLabels,
  totalRows,
  totalsOf,
  type Quote,
  type QuoteLine,
  type QuoteState,
  type QuoteTotals,
} from '@kafue/common/schemas';
import { LabelledBadge } from '../../components/LabelledBadge';
import { useFormatTime } from '../../lib/generalSettings';
import { QuotePayments } from '../payments';
import { useQuoteAction, useQuotePdf, useQuotes, useSaveQuote } from './api/useQuotes';

const stateColor: Record<QuoteState, string> = { draft: 'gray', sent: 'blue', accepted: 'green', withdrawn: 'red', expired: 'orange' };
const periodOptions = [
  { value: 'once', label: 'Once' },
  { value: 'month', label: 'Monthly' },
];

interface Draft {
  currency: QuoteCurrency;
  lines: QuoteLine[];
  validUntil: string;
  notes: string;
  /** VAT in percent; '' for none. */
  vatRate: number | '';
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const emptyLine = (): QuoteLine => ({ description: '', quantity: 1, unitPrice: 0, period: 'once' });

/** A new quote's content: the lines the enquiry's request names (or one empty line), valid for 30 days. */
const newDraft = (request: RequestSnapshot | null): Draft => {
  const lines = linesFromRequest(request);
  return { currency: 'USD', lines: lines.length ? lines : [emptyLine()], validUntil: inDays(30), notes: '', vatRate: '' };
};
const draftOf = (q: Quote): Draft => ({
  currency: q.currency,
  lines: q.lines,
  validUntil: q.validUntil,
  notes: q.notes,
  vatRate: q.vatRate ?? '',
});

function Totals({ totals, currency, vatRate }: { totals: QuoteTotals; currency: QuoteCurrency; vatRate: number | null }) {
  const rows = totalRows(totals, vatRate);
  if (!rows.length) return <Text size="sm">Total: {formatMoney(0, currency)}</Text>;
  return (
    <Stack gap={2}>
      {rows.map((r) => (
        <Text key={r.label} size="sm" fw={r.total ? 700 : 400}>
          {r.label}: {formatMoney(r.amount, currency)}
        </Text>
      ))}
    </Stack>
  );
}

/** The lines editor and the quote's other fields; saves a draft. */
function QuoteEditor({ enquiryId, quote, initial, onDone }: { enquiryId: string; quote?: Quote; initial: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const save = useSaveQuote(enquiryId, onDone);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setLine = (i: number, change: Partial<QuoteLine>) => set({ lines: draft.lines.map((l, j) => (j === i ? { ...l, ...change } : l)) });
  const vatRate = draft.vatRate === '' ? null : draft.vatRate;
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ id: quote?._id, body: { ...draft, vatRate } });
  }
  const title = quote ? `Edit quote ${quote.number}` : 'New quote';
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label={title}>
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        {draft.lines.map((line, i) => (
          <Paper key={i} withBorder p="xs" role="group" aria-label={`Line ${i + 1}`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <TextInput
                label={`Line ${i + 1} description`}
                required
                value={line.description}
                onChange={(e) => setLine(i, { description: e.currentTarget.value })}
              />
              <Select
                label="Paid"
                data={periodOptions}
                value={line.period}
                allowDeselect={false}
                onChange={(v) => v && setLine(i, { period: v as QuoteLine['period'] })}
              />
              <NumberInput label="Quantity" min={0} value={line.quantity} onChange={(v) => setLine(i, { quantity: Number(v) || 0 })} />
              <NumberInput
                label={`Unit price (${draft.currency})`}
                min={0}
                decimalScale={2}
                value={line.unitPrice}
                onChange={(v) => setLine(i, { unitPrice: Number(v) || 0 })}
              />
            </SimpleGrid>
            {draft.lines.length > 1 && (
              <Button mt="xs" size="xs" variant="subtle" color="red" onClick={() => set({ lines: draft.lines.filter((_, j) => j !== i) })}>
                Remove line {i + 1}
              </Button>
            )}
          </Paper>
        ))}
        <Group>
          <Button variant="light" size="xs" onClick={() => set({ lines: [...draft.lines, emptyLine()] })}>
            Add line
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label="Currency"
            data={[...quoteCurrencies]}
            value={draft.currency}
            allowDeselect={false}
            onChange={(v) => v && set({ currency: v })}
          />
          <NumberInput
            label="VAT %"
            description="Leave empty for no VAT"
            min={0}
            max={100}
            value={draft.vatRate}
            onChange={(v) => set({ vatRate: v === '' ? '' : Number(v) })}
          />
          <TextInput
            label="Valid until"
            type="date"
            required
            value={draft.validUntil}
            onChange={(e) => set({ validUntil: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} value={draft.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />
        <Totals totals={totalsOf(draft.lines, vatRate)} currency={draft.currency} vatRate={vatRate} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function QuoteCard({ quote, onEdit }: { quote: Quote; onEdit: () => void }) {
  const format = useFormatTime();
  const send = useQuoteAction(quote.enquiryId, 'send');
  const withdraw = useQuoteAction(quote.enquiryId, 'withdraw');
  const pdf = useQuotePdf();
  return (
    <Paper withBorder p="sm" component="li" aria-label={`Quote ${quote.number}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{quote.number}</Text>
          <LabelledBadge label="Status" value={quoteStateLabels[quote.state]} color={stateColor[quote.state]} variant="light" />
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {quote.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {l.quantity} x {l.description}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(l.unitPrice, quote.currency)}
                  {l.period === 'month' ? ' /month' : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Totals totals={quote.totals} currency={quote.currency} vatRate={quote.vatRate} />
        <Text size="sm" c="dimmed">
          Valid until {quote.validUntil}
          {quote.sentAt ? ` · sent ${format(quote.sentAt)}` : ''}
          {quote.acceptedAt ? ` · accepted by ${quote.acceptedName} ${format(quote.acceptedAt)}` : ''}
        </Text>
        {quote.questions.map((q) => (
          <Text key={q.createdAt} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            Question from {q.name} ({format(q.createdAt)}): {q.text}
          </Text>
        ))}
        {quote.status === 'accepted' && <QuotePayments quote={quote} />}
        <Group gap="xs">
          {quote.status === 'draft' && (
            <>
              <Button size="xs" variant="light" onClick={onEdit}>
                Edit {quote.number}
              </Button>
              <Button size="xs" loading={send.isPending} onClick={() => send.mutate(quote._id)}>
                Send {quote.number}
              </Button>
            </>
          )}
          {(quote.status === 'draft' || quote.status === 'sent') && (
            <Button size="xs" variant="light" color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate(quote._id)}>
              Withdraw {quote.number}
            </Button>
          )}
          <Button size="xs" variant="default" loading={pdf.isPending} onClick={() => pdf.mutate({ id: quote._id, number: quote.number })}>
            PDF of {quote.number}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The enquiry's quotes: each with its state and actions, and a new one prefilled from the enquiry's request. */
export function Quotes({ enquiry }: { enquiry: { _id: string; request: RequestSnapshot | null } }) {
  const quotes = useQuotes(enquiry._id);
  /** The draft being edited: 'new', a quote's id, or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const items = quotes.data?.items ?? [];
  const edited = items.find((q) => q._id === editing);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Quotes
        </Title>
        {editing === null && (
          <Button size="xs" onClick={() => setEditing('new')}>
            New quote
          </Button>
        )}
      </Group>
      {quotes.isPending ? (
        <Text size="sm" role="status">
          Loading...
        </Text>
      ) : items.length === 0 && editing === null ? (
        <Text size="sm" c="dimmed">
          No quotes yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((q) => (q._id === editing ? null : <QuoteCard key={q._id} quote={q} onEdit={() => setEditing(q._id)} />))}
        </Stack>
      )}
      {editing !== null && (
        <QuoteEditor
          key={editing}
          enquiryId={enquiry._id}
          quote={edited}
          initial={edited ? draftOf(edited) : newDraft(enquiry.request)}
          onDone={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
