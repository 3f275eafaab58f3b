/**
 * An accepted quote's money: what was paid and what is left, each payment (waiting on the client's
 * phone, received with its receipt, or failed with the reason), the payment requests and a new
 * one, and its invoices (made, downloaded, emailed to the client).
 */
import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMinor, mobileNetworkLabels, toMinor, type Payment } from '@kafue/common/payments';
import type { Quote } from '@kafue/common/schemas';
import { useInvoiceAction, useInvoicePdf, useQuotePayments, useReceiptPdf, useRequestPayment } from './api/usePayments';

const statusLabels: Record<Payment['status'], { label: string; color: string }> = {
  waiting: { label: 'Waiting on the phone', color: 'blue' },
  completed: { label: 'Received', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

export function QuotePayments({ quote }: { quote: Pick<Quote, '_id' | 'number' | 'currency'> }) {
  const payments = useQuotePayments(quote._id);
  const receipt = useReceiptPdf();
  const invoicePdf = useInvoicePdf();
  const makeInvoice = useInvoiceAction(quote._id, 'create');
  const sendInvoice = useInvoiceAction(quote._id, 'send');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const request = useRequestPayment(quote._id, () => setAmount(''));
  const money = (decimal: string, currency: Quote['currency'] | 'ZMW') => formatMinor(toMinor(decimal) ?? 0, currency);
  const data = payments.data;

  function ask(e: FormEvent) {
    e.preventDefault();
    if (!((toMinor(amount) ?? 0) > 0)) return setError('An amount above 0, at most two decimals.');
    setError(undefined);
    request.mutate({ amount, currency: quote.currency });
  }

  if (payments.isPending)
    return (
      <Text size="sm" role="status">
        Loading payments...
      </Text>
    );
  if (!data) return null;
  return (
    <Stack gap="xs" aria-label={`Payments on ${quote.number}`} role="group">
      <Text size="sm">
        <strong>Paid:</strong> {money(data.paid, data.currency)} of {money(data.payable, data.currency)} · <strong>Balance:</strong>{' '}
        {money(data.balance, data.currency)}
      </Text>
      {data.items.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{p.createdAt.slice(0, 10)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(p.amount, 'ZMW')}
                  </Table.Td>
                  <Table.Td>
                    {mobileNetworkLabels[p.network]} {p.phone}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      <Badge color={statusLabels[p.status].color} variant="light">
                        {statusLabels[p.status].label}
                      </Badge>
                      {p.status === 'failed' && <Text size="xs">{p.failureMessage}</Text>}
                      {p.receiptNumber && (
                        <Button
                          size="compact-xs"
                          variant="default"
                          loading={receipt.isPending}
                          onClick={() => receipt.mutate({ id: p._id, number: p.receiptNumber! })}
                        >
                          Receipt {p.receiptNumber}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.requests.map((r) => (
        <Text key={r._id} size="sm">
          Payment of {money(r.amount, r.currency)} requested {r.createdAt.slice(0, 10)}: {r.status === 'paid' ? 'paid' : 'open'}
        </Text>
      ))}
      {data.invoices.map((i) => (
        <Group key={i._id} gap="xs">
          <Text size="sm">
            Invoice {i.number} ({i.createdAt.slice(0, 10)}, balance {money(i.balance, i.currency)})
            {i.sentAt ? `, sent ${i.sentAt.slice(0, 10)}` : ''}
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            loading={invoicePdf.isPending}
            onClick={() => invoicePdf.mutate({ id: i._id, number: i.number })}
          >
            PDF of {i.number}
          </Button>
          <Button size="compact-xs" variant="light" loading={sendInvoice.isPending} onClick={() => sendInvoice.mutate(i._id)}>
            Email {i.number} to the client
          </Button>
        </Group>
      ))}
      <Button size="xs" variant="light" w="fit-content" loading={makeInvoice.isPending} onClick={() => makeInvoice.mutate(quote._id)}>
        Make an invoice
      </Button>
      {Number(data.balance) > 0 && (
        <form onSubmit={ask} noValidate>
          <Group align="flex-end" gap="xs">
            <TextInput
              size="xs"
              label={`Request a payment (${quote.currency})`}
              description="The client pays it on the quote's page, after the deposit."
              inputMode="decimal"
              value={amount}
              error={error}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
            <Button size="xs" type="submit" loading={request.isPending}>
              Request payment
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
