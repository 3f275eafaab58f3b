/**
 * Redirects: where the site sends a visitor who follows an old address. The list shows those
 * made by hand and those the site made itself (a service or article that moved, a service
 * deleted), with the reason; editors add, edit and delete them. Below, the missing pages visitors
 * asked for most, each with "Redirect this", which fills the form.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls } from '@kafue/common/calls';
import { redirectBody, type Redirect, type RedirectBody } from '@kafue/common/schemas';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, EmptyRow } from '../../components/DataTable';
import { LoadFailure } from '../../components/LoadFailure';
import { ApiFailure, call, unwrap } from '../../lib/api';
import { useFormatTime } from '../../lib/generalSettings';
import { useCan } from '../../lib/session';
import { useEditedList } from '../../lib/useEditedList';
import { fieldErrors } from '../../lib/validate';

const key = ['redirects'];
const texts = {
  loadFailed: 'Failed to load redirects',
  missingFailed: 'Failed to load the missing pages',
  saveFailed: 'Failed to save the redirect',
  deleteFailed: 'Failed to delete the redirect',
};
const kinds: Record<Redirect['status'], string> = {
  301: 'Permanent (301)',
  302: 'Temporary (302)',
  410: 'Gone (410)',
};
const statusOptions = [
  { value: '301', label: `${kinds[301]}: the old address is not coming back` },
  { value: '302', label: `${kinds[302]}: for a while, e.g. during a promotion` },
];
type FormValues = { from: string; to: string; status: '301' | '302' };
const empty: FormValues = { from: '', to: '', status: '301' };

export default function Redirects() {
  const { list, items, save, confirm } = useEditedList<Redirect, RedirectBody>({
    key,
    list: () => unwrap(call(calls.listRedirects)),
    save: (id, body) => unwrap(id ? call(calls.updateRedirect, { params: { id }, body }) : call(calls.createRedirect, { body })),
    remove: (id) => unwrap(call(calls.deleteRedirect, { params: { id } })),
    texts,
  });
  const canEdit = useCan('editContent');
  // The form: a redirect being edited, or a new one (perhaps from a missing page).
  const [editing, setEditing] = useState<{ id: string | null; values: FormValues; key: number }>({ id: null, values: empty, key: 0 });
  const formRef = useRef<HTMLFormElement>(null);
  const openForm = (id: string | null, values: FormValues) => {
    setEditing((e) => ({ id, values, key: e.key + 1 }));
    // After the form takes the values: the first field, in view.
    setTimeout(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector<HTMLInputElement>(values.from ? 'input[name="to"]' : 'input[name="from"]')?.focus();
    });
  };
  const redirected = new Set(items.map((r) => r.from));
  const formatTime = useFormatTime();
  return (
    <Stack maw={1000}>
      <Title order={1}>Redirects</Title>
      <Text c="dimmed">
        When an address of the site changes, a redirect sends visitors who follow an old link (from WhatsApp, a flyer or Google) to the
        right page. The site adds one itself when a service or article gets a new address, and marks a deleted service as gone.
      </Text>
      {canEdit && (
        <RedirectForm
          key={editing.key}
          formRef={formRef}
          editing={editing.id !== null}
          initial={editing.values}
          saving={save.isPending}
          onCancel={() => openForm(null, empty)}
          onSave={(body) =>
            save.mutateAsync({ id: editing.id, body }).then(
              () => (setEditing((e) => ({ id: null, values: empty, key: e.key + 1 })), {}),
              (error: unknown) => (error instanceof ApiFailure ? (error.result.errors ?? {}) : {}),
            )
          }
        />
      )}
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          Redirects in place
        </Title>
        <LoadFailure error={list.error} fallback={texts.loadFailed} />
        <DataTable
          loading={list.isPending}
          label="Redirects"
          minWidth={760}
          cards
          head={
            <Table.Tr>
              <Table.Th>Old address</Table.Th>
              <Table.Th>Goes to</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Why</Table.Th>
              {canEdit && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          }
        >
          {items.length === 0 && <EmptyRow columns={canEdit ? 5 : 4}>No redirects yet.</EmptyRow>}
          {items.map((r) => (
            <Table.Tr key={r._id}>
              <Table.Td data-label="Old address" style={{ overflowWrap: 'anywhere' }}>
                {r.from}
              </Table.Td>
              <Table.Td data-label="Goes to" style={{ overflowWrap: 'anywhere' }}>
                {r.status === 410 ? `Nothing: visitors see "not found" and a link to ${r.to}` : r.to}
              </Table.Td>
              <Table.Td data-label="Kind">{kinds[r.status]}</Table.Td>
              <Table.Td data-label="Why">{r.reason ? `Automatic: ${r.reason}` : 'Added by hand'}</Table.Td>
              {canEdit && (
                <Table.Td data-label="Actions">
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit the redirect from ${r.from}`}
                      onClick={() =>
                        openForm(r._id, { from: r.from, to: r.status === 410 ? '' : r.to, status: r.status === 302 ? '302' : '301' })
                      }
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete the redirect from ${r.from}`}
                      onClick={() => confirm.ask(r._id)}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      </Paper>
      <MissingPages
        redirected={redirected}
        canEdit={canEdit}
        formatTime={formatTime}
        onRedirect={(from) => openForm(null, { ...empty, from })}
      />
      <ConfirmDialog
        title="Confirm Deletion"
        message="Delete this redirect? Visitors following the old address will see “Page not found”."
        {...confirm.dialog}
      />
    </Stack>
  );
}

function RedirectForm({
  formRef,
  editing,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  formRef: React.RefObject<HTMLFormElement | null>;
  editing: boolean;
  initial: FormValues;
  saving: boolean;
  /** Answers the server's errors per field ({} when saved). */
  onSave: (body: RedirectBody) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body: RedirectBody = { from: values.from, to: values.to, status: values.status === '302' ? 302 : 301 };
    const invalid = fieldErrors(redirectBody, body);
    setErrors(invalid ?? (await onSave(body)));
  }
  const field = (name: 'from' | 'to') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value }),
  });
  return (
    <Paper withBorder p="md">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {editing ? 'Edit redirect' : 'Add a redirect'}
          </Title>
          <TextInput
            label="Old address"
            description="The part after the site's name, e.g. /old-prices. It must not be a page of the site."
            required
            {...field('from')}
          />
          <TextInput
            label="Send visitors to"
            description="A page of the site, e.g. /projects, or a full address starting with https://"
            required
            {...field('to')}
          />
          <Select
            label="Kind"
            allowDeselect={false}
            data={statusOptions}
            value={values.status}
            error={errors.status}
            onChange={(value) => setValues({ ...values, status: value === '302' ? '302' : '301' })}
          />
          <Group justify="flex-end">
            {editing && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={saving} disabled={saving}>
              {editing ? 'Save Changes' : 'Add Redirect'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function MissingPages({
  redirected,
  canEdit,
  formatTime,
  onRedirect,
}: {
  redirected: Set<string>;
  canEdit: boolean;
  formatTime: (iso: string) => string;
  onRedirect: (from: string) => void;
}) {
  const [period, setPeriod] = useState(() => ({ from: isoDay(new Date(Date.now() - 29 * 86_400_000)), to: isoDay(new Date()) }));
  const query = period.from && period.to && period.from <= period.to ? period : {};
  const missing = useQuery({
    queryKey: [...key, 'not-found', query],
    queryFn: () => unwrap(call(calls.listNotFound, { query })),
    placeholderData: keepPreviousData,
    meta: { failureToast: { fallback: texts.missingFailed } },
  });
  const paths = missing.data?.paths ?? [];
  const columns = canEdit ? 5 : 4;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4">
        Missing pages
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Addresses visitors asked for that show “Page not found”, most asked first, with the page that linked to them. No details about the
        visitors are kept.
      </Text>
      <Group mb="md" grow role="search" aria-label="Period of the missing pages">
        <TextInput
          type="date"
          label="From"
          value={period.from}
          error={period.from > period.to ? 'The start is after the end.' : undefined}
          onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })}
        />
        <TextInput type="date" label="To" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })} />
      </Group>
      <LoadFailure error={missing.error} fallback={texts.missingFailed} />
      <DataTable
        loading={missing.isPending}
        label="Missing pages"
        minWidth={760}
        cards
        head={
          <Table.Tr>
            <Table.Th>Address</Table.Th>
            <Table.Th>Times asked</Table.Th>
            <Table.Th>Came from</Table.Th>
            <Table.Th>Last asked</Table.Th>
            {canEdit && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        }
      >
        {paths.length === 0 && <EmptyRow columns={columns}>No missing pages in this period.</EmptyRow>}
        {paths.map((p) => (
          <Table.Tr key={p.path}>
            <Table.Td data-label="Address" style={{ overflowWrap: 'anywhere' }}>
              {p.path}
            </Table.Td>
            <Table.Td data-label="Times asked">{p.hits}</Table.Td>
            <Table.Td data-label="Came from" style={{ overflowWrap: 'anywhere' }}>
              {p.referrers.map((r) => `${r.referrer || 'Typed or unknown'} (${r.hits})`).join(', ')}
            </Table.Td>
            <Table.Td data-label="Last asked">{formatTime(p.lastSeenAt)}</Table.Td>
            {canEdit && (
              <Table.Td data-label="Actions">
                {redirected.has(p.path) ? (
                  <Text size="sm">Redirected</Text>
                ) : (
                  <Button size="xs" variant="light" aria-label={`Redirect ${p.path}`} onClick={() => onRedirect(p.path)}>
                    Redirect this
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </DataTable>
    </Paper>
  );
}
